import type { Language } from '@josie/contract';
import { BRAND, FALLBACK, isolated, type MailTexts, type RenderedMail, render } from './layout.js';

/** Inputs of {@link deleteAccountMail}. */
export interface DeleteAccountMailInput {
  /** The recipient's `preferred_language`. */
  language: Language;
  /** The account's display name. */
  name: string;
  /** `{PUBLIC_URL}/account/delete?token=..`: the page that asks once more, then deletes. */
  link: string;
  /** How long the link works, in hours. */
  validHours: number;
}

const texts: MailTexts<DeleteAccountMailInput> = {
  en: ({ name, link, validHours }) => ({
    subject: `Confirm deleting your ${BRAND} account`,
    greeting: `Hi ${name},`,
    paragraphs: [
      `You asked to delete your ${BRAND} account. Deleting is final: your profile, josies and their images, likes, saved josies, follows, invites and notifications go with it.`,
      `Open the link to confirm. It works once, within the next ${validHours} hours.`,
    ],
    action: { label: 'Confirm deleting my account', url: link },
    fallback: FALLBACK.en,
    closing: ["If you didn't ask to delete your account, ignore this email: your account stays as it is."],
  }),
  he: ({ name, link, validHours }) => ({
    subject: `אישור מחיקת חשבון ה-${BRAND} שלכם`,
    greeting: `שלום ${name},`,
    paragraphs: [
      `ביקשתם למחוק את חשבון ה-${BRAND} שלכם. המחיקה סופית: הפרופיל, הג׳וזיז והתמונות שלהן, הלייקים, הג׳וזיז השמורים, המעקבים, ההזמנות וההתראות שלכם יימחקו.`,
      `כדי לאשר יש לפתוח את הקישור. הוא פועל פעם אחת בלבד, במשך ${validHours} השעות הקרובות.`,
    ],
    action: { label: 'אישור מחיקת החשבון', url: link },
    fallback: FALLBACK.he,
    closing: ['אם לא ביקשתם למחוק את החשבון, אפשר להתעלם מההודעה הזו: החשבון שלכם לא ישתנה.'],
  }),
};

/**
 * The confirmation of deleting an account that has no password (made through Spotify or Google), in the
 * user's language (docs/decisions/0025-account-and-data.md, "Deleting one's account").
 */
export function deleteAccountMail(input: DeleteAccountMailInput): RenderedMail {
  return render(input.language, texts[input.language](isolated(input, ['name'])));
}
