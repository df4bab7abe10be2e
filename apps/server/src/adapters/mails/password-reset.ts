import type { Language } from '@josie/contract';
import { BRAND, FALLBACK, isolated, type MailTexts, type RenderedMail, render } from './layout.js';

/** Inputs of {@link passwordResetMail}. */
export interface PasswordResetMailInput {
  /** The recipient's `preferred_language`. */
  language: Language;
  /** The account's display name. */
  name: string;
  /** `{PUBLIC_URL}/reset-password?email=..&token=..` */
  link: string;
  /** How long the link works, in minutes. */
  validMinutes: number;
}

const texts: MailTexts<PasswordResetMailInput> = {
  en: ({ name, link, validMinutes }) => ({
    subject: `Reset your ${BRAND} password`,
    greeting: `Hi ${name},`,
    paragraphs: [
      `We received a request to reset the password of your ${BRAND} account.`,
      `Open the link to choose a new password. It works once, within the next ${validMinutes} minutes.`,
    ],
    action: { label: 'Choose a new password', url: link },
    fallback: FALLBACK.en,
    closing: ["If you didn't ask to reset your password, ignore this email: your password stays the same."],
  }),
  he: ({ name, link, validMinutes }) => ({
    subject: `איפוס הסיסמה שלכם ב-${BRAND}`,
    greeting: `שלום ${name},`,
    paragraphs: [
      `קיבלנו בקשה לאפס את הסיסמה של חשבון ה-${BRAND} שלכם.`,
      `כדי לבחור סיסמה חדשה יש לפתוח את הקישור. הוא פועל פעם אחת בלבד, במשך ${validMinutes} הדקות הקרובות.`,
    ],
    action: { label: 'בחירת סיסמה חדשה', url: link },
    fallback: FALLBACK.he,
    closing: ['אם לא ביקשתם לאפס את הסיסמה, אפשר להתעלם מההודעה הזו: הסיסמה שלכם לא תשתנה.'],
  }),
};

/**
 * The password-reset email in the user's language (English or Hebrew), plain text and HTML.
 * docs/product/rules-and-limits.md#passwords-and-reset; docs/product/routes-and-roles.md#account.
 */
export function passwordResetMail(input: PasswordResetMailInput): RenderedMail {
  return render(input.language, texts[input.language](isolated(input, ['name'])));
}
