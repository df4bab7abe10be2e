import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client';

/** Error type given to field errors that came from the server's 400 `issues`. */
export const SERVER_ERROR_TYPE = 'server';

/**
 * The localized text of a field error. The contract's zod schemas validate the form (zod resolver) and
 * their issue `code` becomes the error's `type`; each form maps codes to its own translated texts, so
 * messages follow the interface language instead of the schemas' English. Server issues keep the
 * server's message.
 *
 * @param messages translated text per zod issue code (`too_small`, `too_big`, `invalid_format`, `custom`...)
 * @param fallback text for any other code
 */
export function fieldErrorText(
  error: FieldError | undefined,
  messages: Partial<Record<string, string>>,
  fallback: string,
): string | undefined {
  if (!error) return undefined;
  if (error.type === SERVER_ERROR_TYPE && error.message) return error.message;
  return messages[String(error.type)] ?? fallback;
}

/**
 * Puts the field issues of a 400 answer (`issues[].path` like `body.email`) on the matching form fields.
 * Answers whether any field got an error, so the caller can fall back to a form-level message.
 */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError) || !error.issues) return false;
  let applied = false;
  for (const issue of error.issues) {
    const field = fields.find((name) => issue.path === `body.${name}` || issue.path === name);
    if (field) {
      setError(field, { type: SERVER_ERROR_TYPE, message: issue.message });
      applied = true;
    }
  }
  return applied;
}
