import type { Language } from '@josie/contract';
import { BRAND, FALLBACK, isolated, type MailTexts, type RenderedMail, render } from './layout.js';

/** Inputs of {@link passwordChangedMail}. */
export interface PasswordChangedMailInput {
  /** The recipient's `preferred_language`. */
  language: Language;
  /** The account's display name. */
  name: string;
  /**
   * How it changed: `changed` from the Security tab (every other session was signed out), `reset` through
   * a reset link (every session was signed out).
   */
  how: 'changed' | 'reset';
  /** `{PUBLIC_URL}/reset-password`: what the owner does when it was not them. */
  resetLink: string;
}

const texts: MailTexts<PasswordChangedMailInput> = {
  en: ({ name, how, resetLink }) => ({
    subject: `Your ${BRAND} password was changed`,
    greeting: `Hi ${name},`,
    paragraphs: [
      how === 'changed'
        ? `The password of your ${BRAND} account was changed from the Security tab, and every other device was signed out.`
        : `The password of your ${BRAND} account was reset with a link we mailed, and every device was signed out.`,
      "If this wasn't you, reset your password now: the link goes to this address, so only you can use it.",
    ],
    action: { label: 'Reset your password', url: resetLink },
    fallback: FALLBACK.en,
    closing: ['If you changed it, there is nothing to do.'],
  }),
  he: ({ name, how, resetLink }) => ({
    subject: `הסיסמה שלכם ב-${BRAND} שונתה`,
    greeting: `שלום ${name},`,
    paragraphs: [
      how === 'changed'
        ? `הסיסמה של חשבון ה-${BRAND} שלכם שונתה בלשונית האבטחה, וכל המכשירים האחרים נותקו.`
        : `הסיסמה של חשבון ה-${BRAND} שלכם אופסה בקישור ששלחנו במייל, וכל המכשירים נותקו.`,
      'אם לא אתם שיניתם אותה, אפסו את הסיסמה עכשיו: הקישור נשלח לכתובת הזו, כך שרק אתם יכולים להשתמש בו.',
    ],
    action: { label: 'איפוס הסיסמה', url: resetLink },
    fallback: FALLBACK.he,
    closing: ['אם אתם שיניתם אותה, אין צורך לעשות דבר.'],
  }),
};

/**
 * "Your password was changed", sent after a change from the Security tab and after a reset, so that an owner
 * whose password someone else changed learns at once and takes the account back by a reset, which only
 * their mailbox can complete (docs/decisions/0025-account-and-data.md, "Password and email changes").
 */
export function passwordChangedMail(input: PasswordChangedMailInput): RenderedMail {
  return render(input.language, texts[input.language](isolated(input, ['name'])));
}
