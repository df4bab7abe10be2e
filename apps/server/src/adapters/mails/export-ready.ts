import type { Language } from '@josie/contract';
import { BRAND, FALLBACK, isolated, type MailTexts, type RenderedMail, render } from './layout.js';

/** Inputs of {@link exportReadyMail}. */
export interface ExportReadyMailInput {
  /** The recipient's `preferred_language`. */
  language: Language;
  /** The account's display name. */
  name: string;
  /** `{PUBLIC_URL}/account?tab=data`: the account page's data tab, where the signed-in owner downloads it. */
  link: string;
  /** How long the download works, in days. */
  validDays: number;
}

const texts: MailTexts<ExportReadyMailInput> = {
  en: ({ name, link, validDays }) => ({
    subject: `Your ${BRAND} export is ready`,
    greeting: `Hi ${name},`,
    paragraphs: [
      `The zip file with the data of your ${BRAND} account is ready to download.`,
      `Download it from your account page, signed in, within the next ${validDays} days.`,
    ],
    action: { label: 'Download your export', url: link },
    fallback: FALLBACK.en,
    closing: ["If you didn't ask for an export of your data, change your password."],
  }),
  he: ({ name, link, validDays }) => ({
    subject: `הייצוא שלכם מ-${BRAND} מוכן`,
    greeting: `שלום ${name},`,
    paragraphs: [
      `קובץ ה-zip עם הנתונים של חשבון ה-${BRAND} שלכם מוכן להורדה.`,
      `אפשר להוריד אותו מדף החשבון, אחרי כניסה לחשבון, במשך ${validDays} הימים הקרובים.`,
    ],
    action: { label: 'להורדת הייצוא', url: link },
    fallback: FALLBACK.he,
    closing: ['אם לא ביקשתם לייצא את הנתונים שלכם, כדאי להחליף סיסמה.'],
  }),
};

/**
 * "Your Josie export is ready", in the user's language (English or Hebrew). The link opens the account page
 * and never the file itself: the download needs the owner's session (docs/decisions/0025-account-and-data.md).
 */
export function exportReadyMail(input: ExportReadyMailInput): RenderedMail {
  return render(input.language, texts[input.language](isolated(input, ['name'])));
}
