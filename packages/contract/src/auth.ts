import { z } from 'zod';
import { ERROR_CODES, LANGUAGES, LIMITS } from './catalogues.js';
import { DisplayName, Email, text } from './common.js';
import { User } from './users.js';

/** `POST /api/auth/signup`. docs/product/rules-and-limits.md#accounts-and-sessions; password length per docs/product/differences.md#sign-up-passwords. */
export const SignupBody = z.object({
  name: DisplayName(),
  email: Email,
  password: text()
    .min(LIMITS.passwordMinLength, `Password must be at least ${LIMITS.passwordMinLength} characters`)
    .max(200),
  /** The interface language at sign-up, for emails in the user's language. */
  preferredLanguage: z.enum(LANGUAGES).optional(),
});
export type SignupBody = z.infer<typeof SignupBody>;

/** `POST /api/auth/login`. docs/product/rules-and-limits.md#accounts-and-sessions. */
export const LoginBody = z.object({
  email: Email,
  password: text().min(1, 'Password is required').max(200),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** The English message of every sign-up's answer; the web shows its own text. */
export const SIGNUP_MESSAGE = 'Check your email to finish signing up, then sign in.';

/**
 * Answer of `POST /api/auth/signup` (201), the same whether the address was new or had an account: no
 * session, so that the answer never tells which
 * (docs/decisions/0037-sign-up-without-telling-and-trusted-devices.md). The person signs in afterwards.
 */
export const SignupResponse = z.object({ success: z.literal(true), message: text() });
export type SignupResponse = z.infer<typeof SignupResponse>;

/** Answer of login: stored whole under localStorage `user`. docs/product/data-and-config.md#data, docs/product/rules-and-limits.md#accounts-and-sessions. */
export const AuthResponse = z.object({ token: text(), user: User });
export type AuthResponse = z.infer<typeof AuthResponse>;

/** `GET /api/auth/providers`: which external sign-in providers this server has configured. */
export const AuthProvidersResponse = z.object({ spotify: z.boolean(), google: z.boolean() });
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponse>;

/**
 * The error code of a password refused as too easy to guess (400), wherever a password is chosen: sign-up,
 * password reset. The web shows its own translation of it. Decision 0011.
 */
export const WEAK_PASSWORD_CODE = ERROR_CODES.WEAK_PASSWORD;
/** The server's (English) message with {@link WEAK_PASSWORD_CODE}. */
export const WEAK_PASSWORD_MESSAGE =
  'This password is too common or too easy to guess. Please choose a longer, less predictable one.';
