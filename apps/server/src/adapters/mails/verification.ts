import type { Language } from '@josie/contract';
import { BRAND, FALLBACK, isolated, type MailTexts, type RenderedMail, render } from './layout.js';

/** Inputs of {@link verificationMail}. */
export interface VerificationMailInput {
  /** The recipient's `preferred_language`. */
  language: Language;
  /** The account's display name. */
  name: string;
  /** `{PUBLIC_URL}/verify-email?token=..` */
  link: string;
  /** How long the link works, in hours. */
  validHours: number;
}

const texts: MailTexts<VerificationMailInput> = {
  en: ({ name, link, validHours }) => ({
    subject: `Verify your ${BRAND} email address`,
    greeting: `Hi ${name},`,
    paragraphs: [
      `Open the link to confirm this email address is yours. It works once, within the next ${validHours} hours.`,
      'Once it is verified you can publish josies and send invites.',
    ],
    action: { label: 'Verify my email', url: link },
    fallback: FALLBACK.en,
    closing: [`If you didn't sign up for ${BRAND}, ignore this email.`],
  }),
  he: ({ name, link, validHours }) => ({
    subject: `אימות כתובת האימייל שלכם ב-${BRAND}`,
    greeting: `שלום ${name},`,
    paragraphs: [
      `כדי לאשר שכתובת האימייל הזו שלכם יש לפתוח את הקישור. הוא פועל פעם אחת בלבד, במשך ${validHours} השעות הקרובות.`,
      'אחרי האימות אפשר לפרסם ג׳וזיז ולשלוח הזמנות.',
    ],
    action: { label: 'אימות האימייל', url: link },
    fallback: FALLBACK.he,
    closing: [`אם לא נרשמתם ל-${BRAND}, אפשר להתעלם מההודעה הזו.`],
  }),
};

/**
 * The email-verification email: the link that confirms the address is the account's
 * (docs/decisions/0025-account-and-data.md, "Verification").
 */
export function verificationMail(input: VerificationMailInput): RenderedMail {
  return render(input.language, texts[input.language](isolated(input, ['name'])));
}
