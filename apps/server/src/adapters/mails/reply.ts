import {
  BRAND,
  FALLBACK,
  isolated,
  type MailTexts,
  type NotificationMailInput,
  type RenderedMail,
  renderNotification,
} from './layout.js';

/** Inputs of {@link replyMail}. */
export interface ReplyMailInput extends NotificationMailInput {
  /** Who replied: their display name. */
  replierName: string;
  /** The title of the josie the comments are on. */
  title: string;
}

const texts: MailTexts<ReplyMailInput> = {
  en: ({ name, replierName, title, link }) => ({
    subject: `${replierName} replied to your comment on ${BRAND}`,
    greeting: `Hi ${name},`,
    paragraphs: [`${replierName} replied to your comment on “${title}”.`],
    action: { label: 'See the conversation', url: link },
    fallback: FALLBACK.en,
    closing: [],
  }),
  he: ({ name, replierName, title, link }) => ({
    subject: `${replierName} השיב/ה לתגובה שלכם ב-${BRAND}`,
    greeting: `שלום ${name},`,
    paragraphs: [`${replierName} השיב/ה לתגובה שלכם על „${title}”.`],
    action: { label: 'לשיחה', url: link },
    fallback: FALLBACK.he,
    closing: [],
  }),
};

/**
 * A reply to the recipient's comment (the `reply` kind's email, off by default; the first reply of a day per
 * thread: docs/decisions/0049-comment-notifications-and-live-visitors.md).
 */
export function replyMail(input: ReplyMailInput): RenderedMail {
  return renderNotification(
    input.language,
    texts[input.language](isolated(input, ['name', 'replierName', 'title'])),
    input.unsubscribeUrl,
  );
}
