import {
  BRAND,
  FALLBACK,
  isolated,
  type MailTexts,
  type NotificationMailInput,
  type RenderedMail,
  renderNotification,
} from './layout.js';

/** Inputs of {@link contactMessageMail}: the recipient is an admin. */
export interface ContactMessageMailInput extends NotificationMailInput {
  /** The sender's display name. */
  senderName: string;
}

const texts: MailTexts<ContactMessageMailInput> = {
  en: ({ name, senderName, link }) => ({
    subject: `New contact message from ${senderName}`,
    greeting: `Hi ${name},`,
    paragraphs: [`${senderName} sent a message through ${BRAND}'s contact form.`],
    action: { label: 'Read the messages', url: link },
    fallback: FALLBACK.en,
    closing: [],
  }),
  he: ({ name, senderName, link }) => ({
    subject: `הודעה חדשה מ-${senderName} דרך טופס יצירת הקשר`,
    greeting: `שלום ${name},`,
    paragraphs: [`${senderName} שלח/ה הודעה דרך טופס יצירת הקשר של ${BRAND}.`],
    action: { label: 'להודעות', url: link },
    fallback: FALLBACK.he,
    closing: [],
  }),
};

/** A new contact message (the `contact-message` kind's email, admins). The message itself stays in the app. */
export function contactMessageMail(input: ContactMessageMailInput): RenderedMail {
  return renderNotification(
    input.language,
    texts[input.language](isolated(input, ['name', 'senderName'])),
    input.unsubscribeUrl,
  );
}
