import { z } from 'zod';
import { ERROR_CODES } from './catalogues.js';

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

/**
 * The edit version a save is based on (`baseVersion`): the `version` of the josie or AI template as the editor
 * loaded it, a whole number from 1, sent as a JSON number or, in a multipart form, as its decimal text. A
 * save whose base is no longer the stored version is refused with 409 `STALE_VERSION` and writes nothing
 * (docs/decisions/0041-edits-carry-their-version.md). Required: a save without one is a 400, never a
 * silent overwrite.
 */
export const BaseVersion = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value),
  z
    .number({ error: 'baseVersion must be the version the edit is based on, as loaded (a whole number)' })
    .int()
    .min(1)
    .max(2_147_483_647),
);

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

/**
 * Invisible characters that change how a name looks without being seen: bidirectional embeddings,
 * overrides, isolates and marks (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069), zero-width and
 * invisible operators (U+180E, U+200B-U+200C, U+2060-U+2064, U+FEFF). "\u202Eppa.exe" shows as "exe.app";
 * "Ad\u200Bmin" looks like "Admin" (docs/product/rules-and-limits.md#accounts-and-sessions).
 */
const HIDDEN_FORMATTING =
  /[\u061C\u180E\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;
/**
 * A zero-width joiner anywhere but between two pictographs: it joins emoji (a family, a flag with a
 * sign) and is invisible elsewhere.
 */
const STRAY_JOINER = /(?<!\p{Extended_Pictographic}\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})/u;

/** The English message of a display name refused for {@link hasHiddenFormatting}; the web shows its own text. */
export const UNSAFE_NAME_MESSAGE =
  'Names cannot contain invisible characters (direction overrides or zero-width characters)';

/** Whether `value` holds a character that hides or reorders text (see {@link HIDDEN_FORMATTING}). */
export function hasHiddenFormatting(value: string): boolean {
  return HIDDEN_FORMATTING.test(value) || STRAY_JOINER.test(value);
}

/**
 * A person's display name (sign-up, profile, contact form): trimmed, 1-100 characters, without invisible
 * characters that could make it pass for someone else's (`UNSAFE_NAME`, its code carried in the issue's
 * `params` so the server answers it and the web translates it).
 */
export const DisplayName = (messages: { invalidType?: string; required?: string; tooLong?: string } = {}) =>
  text(messages.invalidType ? { error: messages.invalidType } : undefined)
    .trim()
    .min(1, messages.required ?? 'Name is required')
    .max(100, messages.tooLong)
    .refine((value) => !hasHiddenFormatting(value), {
      message: UNSAFE_NAME_MESSAGE,
      params: { code: ERROR_CODES.UNSAFE_NAME },
    });
