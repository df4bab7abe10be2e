import {
  FALLBACK,
  isolated,
  type MailTexts,
  type NotificationMailInput,
  type RenderedMail,
  renderNotification,
} from './layout.js';

/** Inputs of {@link reviewWaitingMail}: the recipient is an editor or an admin. */
export interface ReviewWaitingMailInput extends NotificationMailInput {
  /** The josie's curator's display name. */
  curatorName: string;
  /** The josie's title. */
  title: string;
}

const texts: MailTexts<ReviewWaitingMailInput> = {
  en: ({ name, curatorName, title, link }) => ({
    subject: `A josie is waiting for review: "${title}"`,
    greeting: `Hi ${name},`,
    paragraphs: [`${curatorName} sent "${title}" for review.`],
    action: { label: 'Open the review queue', url: link },
    fallback: FALLBACK.en,
    closing: [],
  }),
  he: ({ name, curatorName, title, link }) => ({
    subject: `ג׳וזי ממתינה לבדיקה: „${title}”`,
    greeting: `שלום ${name},`,
    paragraphs: [`${curatorName} שלח/ה את „${title}” לבדיקה.`],
    action: { label: 'לתור הבדיקה', url: link },
    fallback: FALLBACK.he,
    closing: [],
  }),
};

/** A josie waiting for review (the `review-waiting` kind's email, editors and admins). */
export function reviewWaitingMail(input: ReviewWaitingMailInput): RenderedMail {
  return renderNotification(
    input.language,
    texts[input.language](isolated(input, ['name', 'curatorName', 'title'])),
    input.unsubscribeUrl,
  );
}
