import { z } from 'zod';

/** Every error the API answers: `message` is what the UI shows; `code` is stable for programs. DESIGN §5. */
export const ApiErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** A UUID path parameter named `id`. */
export const IdParams = z.object({ id: z.uuid() });
export type IdParams = z.infer<typeof IdParams>;

/** `{ success: true }` for calls whose answer the client does not read. */
export const SuccessResponse = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof SuccessResponse>;

/** A trimmed, non-empty string. */
export const trimmedNonEmpty = (max = 10_000) => z.string().trim().min(1).max(max);

/** Email as people type it: trimmed and lower-cased so uniqueness is case-insensitive. */
export const Email = z.string().trim().toLowerCase().pipe(z.email().max(254));
