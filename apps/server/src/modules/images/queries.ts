import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { josies, media, users } from '../../db/schema.js';

/** Records a stored josie image (docs/product/data-and-config.md#data `media`), so its owner and size are known and it can be released. */
export async function insertJosieImage(
  db: Executor,
  values: { ownerId: string; storageKey: string; bytes: number; width: number; height: number },
): Promise<void> {
  await db.insert(media).values({ ...values, kind: 'josie-image' });
}

/**
 * Records a stored avatar or header image (docs/product/data-and-config.md#data `media`) and answers its id,
 * so that the upload that replaces it later can release it.
 */
export async function insertProfileImage(
  db: Executor,
  values: {
    ownerId: string;
    kind: 'avatar' | 'header';
    storageKey: string;
    bytes: number;
    width: number;
    height: number;
  },
): Promise<string> {
  const [row] = await db.insert(media).values(values).returning({ id: media.id });
  if (!row) throw new Error('media insert returned no row');
  return row.id;
}

/**
 * The URLs among `urls` that something still shows: an image paragraph of any josie (current `image` or
 * legacy `image1`), or any user's avatar or header image. One statement: a single pass over the josies'
 * paragraphs, whatever the number of URLs.
 */
export async function referencedMediaUrls(db: Executor, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const list = [...new Set(urls)];
  const type = sql`p.value ->> 'type'`;
  const content = sql<string>`p.value ->> 'content'`;
  const inJosies = db
    .select({ url: content })
    .from(sql`${josies} cross join lateral jsonb_array_elements(${josies.paragraphs}) as p(value)`)
    .where(and(inArray(type, ['image', 'image1']), inArray(content, list)));
  const asAvatar = db
    .select({ url: sql<string>`${users.avatarUrl}` })
    .from(users)
    .where(inArray(users.avatarUrl, list));
  const asHeader = db
    .select({ url: sql<string>`${users.headerImageUrl}` })
    .from(users)
    .where(inArray(users.headerImageUrl, list));
  const rows = await inJosies.union(asAvatar).union(asHeader);
  return new Set(rows.map((r) => r.url));
}

/** The storage keys among `keys` whose `media` row belongs to one of `ownerIds`. */
export async function keysOwnedBy(
  db: Executor,
  ownerIds: readonly string[],
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0 || ownerIds.length === 0) return new Set();
  const rows = await db
    .select({ key: media.storageKey })
    .from(media)
    .where(and(inArray(media.ownerId, [...ownerIds]), inArray(media.storageKey, [...keys])));
  return new Set(rows.map((r) => r.key));
}

/** Makes `ownerId` the owner of the `media` rows of `keys`. */
export async function setMediaOwner(db: Executor, keys: readonly string[], ownerId: string): Promise<void> {
  if (keys.length > 0) {
    await db
      .update(media)
      .set({ ownerId })
      .where(inArray(media.storageKey, [...keys]));
  }
}

/** Deletes every `media` row of `ownerId` and answers their storage keys. */
export async function deleteMediaOf(db: Executor, ownerId: string): Promise<string[]> {
  const rows = await db.delete(media).where(eq(media.ownerId, ownerId)).returning({ key: media.storageKey });
  return rows.map((r) => r.key);
}

/** Deletes `media` rows by id. */
export async function deleteMediaRows(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.delete(media).where(inArray(media.id, [...ids]));
}

/** A `media` row as the unused-uploads clean-up pages through them. */
export interface MediaPageRow {
  id: string;
  storageKey: string;
}

/**
 * At most `limit` `media` rows uploaded more than `olderThanHours` hours ago (database clock), in id order
 * after the id `afterId` (keyset paging on the primary key), locked until the transaction ends so that two
 * instances never judge the same row at once (`skip locked`: the other instance's rows are its to judge).
 */
export async function findMediaUploadedBefore(
  tx: Executor,
  olderThanHours: number,
  afterId: string | null,
  limit: number,
): Promise<MediaPageRow[]> {
  return tx
    .select({ id: media.id, storageKey: media.storageKey })
    .from(media)
    .where(
      and(
        lt(media.createdAt, sql`now() - make_interval(hours => ${olderThanHours})`),
        afterId ? gt(media.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(media.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}
