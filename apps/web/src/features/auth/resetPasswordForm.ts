import { LIMITS } from '@josie/contract';
import { z } from 'zod';

/** Longest password the server accepts (the contract's `newPassword`). */
export const PASSWORD_MAX_LENGTH = 200;

/**
 * Why a new password is refused (docs/product/rules-and-limits.md#passwords-and-reset), as `resetPassword.*`
 * keys; `passwordTooGuessable` is the server's refusal of a guessable password (decision 0011).
 */
export type PasswordIssue =
  | 'enterPassword'
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'passwordsDoNotMatch'
  | 'passwordTooGuessable';

/**
 * The complete-mode form: a new password, non-empty (`enterPassword`), at least
 * {@link LIMITS.passwordMinLength} characters (`passwordTooShort`) and equal to its confirmation
 * (`passwordsDoNotMatch`). Each issue's message is its translation key.
 */
export const ResetPasswordForm = z
  .object({
    newPassword: z
      .string()
      .min(1, 'enterPassword' satisfies PasswordIssue)
      .min(LIMITS.passwordMinLength, 'passwordTooShort' satisfies PasswordIssue)
      .max(PASSWORD_MAX_LENGTH, 'passwordTooLong' satisfies PasswordIssue),
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'passwordsDoNotMatch' satisfies PasswordIssue,
  });
