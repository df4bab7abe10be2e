import {
  BRAND,
  FALLBACK,
  isolated,
  type MailTexts,
  type NotificationMailInput,
  type RenderedMail,
  renderNotification,
} from './layout.js';

/** Inputs of {@link followerMail}. */
export interface FollowerMailInput extends NotificationMailInput {
  /** The new follower's display name. */
  followerName: string;
}

const texts: MailTexts<FollowerMailInput> = {
  en: ({ name, followerName, link }) => ({
    subject: `${followerName} follows you on ${BRAND}`,
    greeting: `Hi ${name},`,
    paragraphs: [`${followerName} started following you. Every josie you publish will reach their feed.`],
    action: { label: 'See their profile', url: link },
    fallback: FALLBACK.en,
    closing: [],
  }),
  he: ({ name, followerName, link }) => ({
    subject: `${followerName} עוקב/ת אחריכם ב-${BRAND}`,
    greeting: `שלום ${name},`,
    paragraphs: [`${followerName} התחיל/ה לעקוב אחריכם. כל ג׳וזי שתפרסמו תגיע לפיד שלהם.`],
    action: { label: 'לפרופיל', url: link },
    fallback: FALLBACK.he,
    closing: [],
  }),
};

/** A new follower (the `follower` kind's email, off by default). */
export function followerMail(input: FollowerMailInput): RenderedMail {
  return renderNotification(
    input.language,
    texts[input.language](isolated(input, ['name', 'followerName'])),
    input.unsubscribeUrl,
  );
}
