import { ERROR_CODES, type ErrorCode, LIMITS } from '@josie/contract';
import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR } from './client';

/** Every code the web app has a text for: the contract's `ERROR_CODES` and the client's own network failure. */
export type ShownErrorCode = ErrorCode | typeof NETWORK_ERROR;

/** The codes of {@link ShownErrorCode}, for walking them (the locale test does). */
export const SHOWN_ERROR_CODES: readonly ShownErrorCode[] = [...Object.values(ERROR_CODES), NETWORK_ERROR];

const shown = new Set<string>(SHOWN_ERROR_CODES);

/**
 * Codes that say only what kind of failure it was: where the screen knows what failed ("The josie could not
 * be loaded", "Curator not found"), its own text says more than the code's.
 */
const GENERAL_CODES = new Set<string>([
  ERROR_CODES.VALIDATION,
  ERROR_CODES.FORBIDDEN,
  ERROR_CODES.NOT_FOUND,
  ERROR_CODES.CONFLICT,
  ERROR_CODES.INTERNAL,
  ERROR_CODES.NOT_IMPLEMENTED,
]);

/**
 * The reader's text, in the interface's language, for a failed call: chosen by the error's code from
 * `errors.api.<CODE>` in the locale files, never the server's English `message`
 * (docs/product/messages.md#errors-from-the-api). A general code (validation, forbidden, not found,
 * conflict, internal), an unknown one (`HTTP_<status>`) and a failure that is not an {@link ApiError} give
 * `fallback`, the screen's own text, when there is one; else the code's text, else `errors.generic`.
 * @param overrides - a screen's own text for a code where the screen says it better (the sign-in form's
 *   "too many attempts" names the account, for instance).
 */
export function errorText(
  t: TFunction,
  error: unknown,
  fallback?: string,
  overrides?: Partial<Record<ShownErrorCode, string>>,
): string {
  const code = error instanceof ApiError ? error.code : null;
  if (code !== null && overrides && code in overrides) return overrides[code as ShownErrorCode] as string;
  if (code === null || !shown.has(code)) return fallback ?? t('errors.generic');
  if (fallback !== undefined && GENERAL_CODES.has(code)) return fallback;
  return t(`errors.api.${code as ShownErrorCode}`, { max: LIMITS.imageMaxPixels / 1_000_000 });
}
