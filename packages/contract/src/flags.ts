import { z } from 'zod';
import { FLAG_DEFAULTS, type FlagKey } from './catalogues.js';
import { text } from './common.js';

const flagKeys = Object.keys(FLAG_DEFAULTS) as [FlagKey, ...FlagKey[]];

/** `GET /api/config/flags`: every flag as its stored string. docs/product/rules-and-limits.md#feature-flags, docs/product/differences.md#feature-flags. */
export const FlagsResponse = z.record(z.enum(flagKeys), text());
export type FlagsResponse = Record<FlagKey, string>;

/** `PUT /api/admin/flags/{key}` path. */
export const FlagParams = z.object({ key: z.enum(flagKeys) });
export type FlagParams = z.infer<typeof FlagParams>;

/** `PUT /api/admin/flags/{key}` body: any string; its meaning is read by `flagEnabled` (catalogues). */
export const FlagUpdateBody = z.object({ value: text().max(200) });
export type FlagUpdateBody = z.infer<typeof FlagUpdateBody>;
