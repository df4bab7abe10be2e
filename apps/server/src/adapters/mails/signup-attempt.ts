import type { Language } from '@josie/contract';
import { BRAND, FALLBACK, isolated, type MailTexts, type RenderedMail, render } from './layout.js';

/** Inputs of {@link signupAttemptMail}. */
export interface SignupAttemptMailInput {
  /** The recipient's `preferred_language`. */
  language: Language;
  /** The account's display name. */
  name: string;
  /** The sign-in page (`{PUBLIC_URL}/login`). */
  signInLink: string;
  /** The page that mails a password-reset link (`{PUBLIC_URL}/reset-password`). */
  resetLink: string;
}

const texts: MailTexts<SignupAttemptMailInput> = {
  en: ({ name, signInLink, resetLink }) => ({
    subject: `Someone tried to sign up to ${BRAND} with your email address`,
    greeting: `Hi ${name},`,
    paragraphs: [
      `Someone just tried to create a ${BRAND} account with this email address, which already has one: yours. No new account was made.`,
      `If it was you, sign in instead. If you forgot your password, reset it: ${resetLink}`,
    ],
    action: { label: 'Sign in', url: signInLink },
    fallback: FALLBACK.en,
    closing: ["If it wasn't you, there is nothing to do: your account has not changed."],
  }),
  he: ({ name, signInLink, resetLink }) => ({
    subject: `מישהו ניסה להירשם ל-${BRAND} עם כתובת האימייל שלכם`,
    greeting: `שלום ${name},`,
    paragraphs: [
      `מישהו ניסה עכשיו לפתוח חשבון ${BRAND} עם כתובת האימייל הזו, שכבר יש לה חשבון: שלכם. לא נפתח חשבון חדש.`,
      `אם זה הייתם אתם, אפשר פשוט להתחבר. אם שכחתם את הסיסמה, אפשר לאפס אותה: ${resetLink}`,
    ],
    action: { label: 'התחברות', url: signInLink },
    fallback: FALLBACK.he,
    closing: ['אם זה לא הייתם אתם, אין צורך לעשות דבר: החשבון שלכם לא השתנה.'],
  }),
};

/**
 * Sent to the owner of an address someone tried to sign up with: the sign-up answers as for a new address
 * and the owner hears of it here, so that the answer never tells whether an address has an account
 * (docs/decisions/0037-sign-up-without-telling-and-trusted-devices.md, OWASP's authentication cheat sheet
 * on account enumeration).
 */
export function signupAttemptMail(input: SignupAttemptMailInput): RenderedMail {
  return render(input.language, texts[input.language](isolated(input, ['name'])));
}
