import { z } from 'zod';

/** Why a text field with a lone UTF-16 surrogate is refused (the `message` of the 400). */
export const ILL_FORMED_TEXT_MESSAGE =
  'Must be valid Unicode text: it holds a lone UTF-16 surrogate (half of a character, such as \\ud800)';

/** A code unit of a surrogate pair without its other half (with the `u` flag, a whole pair is one code point). */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * The check every text field of the contract carries: a lone UTF-16 surrogate (`"\ud800"` is valid JSON)
 * cannot be stored as sent (PostgreSQL's UTF-8 turns it into U+FFFD) nor mailed, so it is refused with
 * {@link ILL_FORMED_TEXT_MESSAGE} instead of being changed silently.
 */
export const wellFormedText = z.refine<string>((value) => !LONE_SURROGATE.test(value), {
  message: ILL_FORMED_TEXT_MESSAGE,
});

/**
 * A text field: `z.string()` that refuses ill-formed text ({@link wellFormedText}). Every string of the
 * contract is one, so that no request field lets a lone surrogate through (security/ill-formed-text.test.ts).
 */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).check(wellFormedText);

/** Every error the API answers: `message` is what the UI shows; `code` is stable for programs. docs/product/routes-and-roles.md#api. */
export const ApiErrorBody = z.object({
  message: text(),
  code: text(),
  issues: z.array(z.object({ path: text(), message: text() })).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** A UUID path parameter named `id`. */
export const IdParams = z.object({ id: z.uuid() });
export type IdParams = z.infer<typeof IdParams>;

/** `{ success: true }` for calls whose answer the client does not read. */
export const SuccessResponse = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof SuccessResponse>;

/** A trimmed, non-empty string. */
export const trimmedNonEmpty = (max = 10_000) => text().trim().min(1).max(max);

/** Email as people type it: trimmed and lower-cased so uniqueness is case-insensitive. */
export const Email = text().trim().toLowerCase().pipe(z.email().max(254));
