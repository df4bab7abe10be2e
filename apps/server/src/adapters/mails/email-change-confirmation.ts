import type { Language } from '@josie/contract';
import { BRAND, FALLBACK, isolated, type MailTexts, type RenderedMail, render } from './layout.js';

/** Inputs of {@link emailChangeConfirmationMail}. */
export interface EmailChangeConfirmationMailInput {
  /** The recipient's `preferred_language`. */
  language: Language;
  /** The account's display name. */
  name: string;
  /** `{PUBLIC_URL}/confirm-email?token=..` */
  link: string;
  /** How long the link works, in hours. */
  validHours: number;
}

const texts: MailTexts<EmailChangeConfirmationMailInput> = {
  en: ({ name, link, validHours }) => ({
    subject: `Confirm your new ${BRAND} email address`,
    greeting: `Hi ${name},`,
    paragraphs: [
      `You asked to move your ${BRAND} account to this address.`,
      `The address changes when you open the link. It works once, within the next ${validHours} hours.`,
    ],
    action: { label: 'Confirm my new address', url: link },
    fallback: FALLBACK.en,
    closing: ["If you didn't ask for this, ignore this email: nothing will change."],
  }),
  he: ({ name, link, validHours }) => ({
    subject: `אישור כתובת האימייל החדשה שלכם ב-${BRAND}`,
    greeting: `שלום ${name},`,
    paragraphs: [
      `ביקשתם להעביר את חשבון ה-${BRAND} שלכם לכתובת הזו.`,
      `הכתובת תשתנה כשתפתחו את הקישור. הוא פועל פעם אחת בלבד, במשך ${validHours} השעות הקרובות.`,
    ],
    action: { label: 'אישור הכתובת החדשה', url: link },
    fallback: FALLBACK.he,
    closing: ['אם לא ביקשתם את השינוי, אפשר להתעלם מההודעה הזו: שום דבר לא ישתנה.'],
  }),
};

/**
 * The email sent to the new address of an email change: the link that makes the change
 * (docs/decisions/0025-account-and-data.md, "Password and email changes").
 */
export function emailChangeConfirmationMail(input: EmailChangeConfirmationMailInput): RenderedMail {
  return render(input.language, texts[input.language](isolated(input, ['name'])));
}
