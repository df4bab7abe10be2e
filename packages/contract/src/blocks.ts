import { z } from 'zod';
import { text } from './common.js';
import { PathId } from './social.js';

/**
 * `POST /api/blocks` and `POST /api/mutes`: the account to block or mute
 * (docs/product/rules-and-limits.md#blocking-and-muting, docs/decisions/0048-blocking-and-muting.md).
 */
export const AccountRelationBody = z.object({ userId: PathId });
export type AccountRelationBody = z.infer<typeof AccountRelationBody>;

/** `?cursor=` of the blocked or muted accounts (newest first). */
export const AccountRelationsQuery = z.object({ cursor: text().max(200).optional() });
export type AccountRelationsQuery = z.infer<typeof AccountRelationsQuery>;

/** An account the caller blocked or muted, with when they did (ISO 8601 UTC). */
export const RelatedAccount = z.object({
  _id: text(),
  name: text(),
  avatar: text().nullable(),
  since: text(),
});
export type RelatedAccount = z.infer<typeof RelatedAccount>;

/** `GET /api/blocks` and `GET /api/mutes`: a page of accounts, newest first, and the cursor of the next page. */
export const AccountRelationsResponse = z.object({
  data: z.object({ accounts: z.array(RelatedAccount), nextCursor: text().nullable() }),
});
export type AccountRelationsResponse = z.infer<typeof AccountRelationsResponse>;

/**
 * Answer of a block or mute added or removed: the account concerned and whether the caller now blocks (or
 * mutes) it. Idempotent: blocking twice answers the same.
 */
export const AccountRelationResponse = z.object({
  data: z.object({ userId: text(), active: z.boolean() }),
});
export type AccountRelationResponse = z.infer<typeof AccountRelationResponse>;
