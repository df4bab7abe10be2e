import type { Language } from '@josie/contract';
import { BRAND, FALLBACK, isolated, type MailTexts, type RenderedMail, render } from './layout.js';

/** Inputs of {@link emailChangeNoticeMail}. */
export interface EmailChangeNoticeMailInput {
  /** The recipient's `preferred_language`. */
  language: Language;
  /** The account's display name. */
  name: string;
  /** The address the change was asked for. */
  newEmail: string;
  /** The account's Security tab (`{PUBLIC_URL}/account?tab=security`). */
  link: string;
}

const texts: MailTexts<EmailChangeNoticeMailInput> = {
  en: ({ name, newEmail, link }) => ({
    subject: `Your ${BRAND} email address is about to change`,
    greeting: `Hi ${name},`,
    paragraphs: [
      `Someone asked to move your ${BRAND} account to ${newEmail}. The address changes only once the new address confirms it.`,
      "If this wasn't you, change your password and sign out everywhere else from the Security tab.",
    ],
    action: { label: 'Open the Security tab', url: link },
    fallback: FALLBACK.en,
    closing: ['If you asked for this, there is nothing to do.'],
  }),
  he: ({ name, newEmail, link }) => ({
    subject: `בקשה לשינוי כתובת האימייל שלכם ב-${BRAND}`,
    greeting: `שלום ${name},`,
    paragraphs: [
      `התקבלה בקשה להעביר את חשבון ה-${BRAND} שלכם לכתובת ${newEmail}. הכתובת תשתנה רק אחרי אישור מהכתובת החדשה.`,
      'אם לא ביקשתם זאת, כדאי לשנות את הסיסמה ולהתנתק מכל המכשירים האחרים בלשונית האבטחה.',
    ],
    action: { label: 'ללשונית האבטחה', url: link },
    fallback: FALLBACK.he,
    closing: ['אם ביקשתם את השינוי, אין צורך לעשות דבר.'],
  }),
};

/**
 * The notice sent to the current address when a change to another is asked for, so that the owner learns
 * of a change they did not make while it can still be stopped (docs/decisions/0025-account-and-data.md).
 */
export function emailChangeNoticeMail(input: EmailChangeNoticeMailInput): RenderedMail {
  return render(input.language, texts[input.language](isolated(input, ['name', 'newEmail'])));
}
