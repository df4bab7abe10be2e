import type { JosieReview, Paragraph } from '@josie/contract';
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, type Placeholder, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { itemLinks, josieLikes, josieReviews, josieSaves, josies, media, users } from '../../db/schema.js';
import type { StoredLinks } from '../links/index.js';
import type { PresentableRow } from './presenter.js';

/** A stored josie row. */
export type JosieRow = typeof josies.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` can be a josie id (PostgreSQL refuses a malformed uuid, so callers answer 404 first). */
export const isUuid = (id: string) => UUID.test(id);

/**
 * One josie by id; `forUpdate` locks the row against other edits and reviews until the transaction ends.
 * The lock is `for no key update`, which an insert referencing the josie (a timeline row, a like) does not
 * wait for: an edit that then waits for the curator's timeline lock (docs/decisions/0027-home-timelines.md)
 * would otherwise deadlock with a fan-out holding that lock and inserting the josie's rows.
 */
export async function findJosie(
  db: Executor,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<JosieRow | undefined> {
  const query = db.select().from(josies).where(eq(josies.id, id));
  const [row] = await (opts.forUpdate ? query.for('no key update') : query);
  return row;
}

/**
 * One josie by id with its creator and the viewer's like and save (`presentationColumns`), as a prepared
 * statement of `db` (docs/performance.md): the josie read is one statement, built once, planned once per
 * connection. `viewerId` null is a visitor.
 */
export function prepareFindPresentableJosie(
  db: Db,
): (id: string, viewerId: string | null) => Promise<PresentableRow | undefined> {
  const query = db
    .select({ ...getTableColumns(josies), ...presentationColumns(sql.placeholder('viewer')) })
    .from(josies)
    .leftJoin(users, eq(users.id, josies.creatorId))
    .where(eq(josies.id, sql.placeholder('id')))
    .prepare('josie_by_id');
  return async (id, viewerId) => (await query.execute({ id, viewer: viewerId }))[0];
}

/**
 * The published josies among `ids` with what presenting them to `viewerId` needs
 * ({@link presentationColumns}), in one statement (any order): a feed page's josies that the shared read
 * cache does not answer, the misses of that cache, explore's josies that it does not answer.
 */
export function findPresentableJosies(
  db: Executor,
  ids: readonly string[],
  viewerId: string | null,
): Promise<PresentableRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ ...getTableColumns(josies), ...presentationColumns(viewerId) })
    .from(josies)
    .leftJoin(users, eq(users.id, josies.creatorId))
    .where(and(inArray(josies.id, [...ids]), eq(josies.status, 'published'), isNotNull(josies.publishedAt)));
}

/** A curator's josies, last updated first (docs/product/rules-and-limits.md#constants: the my-josies default sort). */
export function listJosiesByCreator(db: Executor, creatorId: string): Promise<JosieRow[]> {
  return db
    .select()
    .from(josies)
    .where(eq(josies.creatorId, creatorId))
    .orderBy(desc(josies.updatedAt), desc(josies.id));
}

export async function insertJosie(
  db: Executor,
  values: {
    creatorId: string;
    title: string;
    paragraphs: Paragraph[];
    genres: string[];
    commentPolicy: JosieRow['commentPolicy'];
  },
): Promise<JosieRow> {
  const [row] = await db
    .insert(josies)
    .values({ ...values, status: 'pending' })
    .returning();
  return row!;
}

/**
 * Saves an edit of josie `id` made from its version `baseVersion`, and moves the version on by one: one
 * conditional statement, so that of two edits from the same version only the first writes
 * (docs/decisions/0041-edits-carry-their-version.md).
 * @returns the updated row, or undefined when the josie is missing or its version is no longer `baseVersion`.
 */
export async function updateJosie(
  db: Executor,
  id: string,
  baseVersion: number,
  values: { title: string; paragraphs: Paragraph[]; genres: string[]; status: JosieRow['status'] },
): Promise<JosieRow | undefined> {
  const [row] = await db
    .update(josies)
    .set({ ...values, version: sql`${josies.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(josies.id, id), eq(josies.version, baseVersion)))
    .returning();
  return row;
}

/** Deletes a josie (its likes, saves and reviews cascade); answers the row as it was, if it existed. */
export async function deleteJosie(db: Executor, id: string): Promise<JosieRow | undefined> {
  const [row] = await db.delete(josies).where(eq(josies.id, id)).returning();
  return row;
}

/**
 * Moves a josie from pending to `to` in one conditional statement, so two reviewers cannot both act on
 * it. Publishing keeps the first publication time (`published_at`) when it was published before: an
 * edited and re-approved josie keeps its place in the feeds instead of jumping to the top.
 *
 * @returns the updated row, or undefined when the josie is missing or no longer pending.
 */
export async function transitionPending(
  db: Executor,
  id: string,
  to: { status: 'published' } | { status: 'rejected'; rejectionReason: string },
): Promise<JosieRow | undefined> {
  const set =
    to.status === 'published'
      ? { status: to.status, publishedAt: sql`coalesce(${josies.publishedAt}, now())` }
      : { status: to.status, rejectionReason: to.rejectionReason };
  const [row] = await db
    .update(josies)
    .set(set)
    .where(and(eq(josies.id, id), eq(josies.status, 'pending')))
    .returning();
  return row;
}

/**
 * The moderation queue's send-back (docs/decisions/0047-reports-and-moderation.md): a published or pending
 * josie becomes rejected with the moderator's reason, as a review's rejection leaves it; its creator's edit
 * then puts it back into the review queue. Answers the row after it, or undefined when it is missing or
 * already rejected.
 */
export async function sendBackToReview(
  db: Executor,
  id: string,
  rejectionReason: string,
): Promise<JosieRow | undefined> {
  const [row] = await db
    .update(josies)
    .set({ status: 'rejected', rejectionReason })
    .where(and(eq(josies.id, id), inArray(josies.status, ['published', 'pending'])))
    .returning();
  return row;
}

/**
 * Lowers `like_count` of each josie among `ids` by one, in one statement with one array parameter (a user
 * may have liked more josies than PostgreSQL takes parameters). `greatest` keeps the check constraint from
 * turning a count that had already drifted into a failed account deletion.
 */
export async function lowerLikeCounts(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(josies)
    .set({ likeCount: sql`greatest(${josies.likeCount} - 1, 0)` })
    .where(sql`${josies.id} = any(${sql.param([...ids])}::uuid[])`);
}

/**
 * Moves a josie's `comment_count` by `delta` (a comment added: +1; removed: -1) in the comment's
 * transaction, never below zero; answers the count after it, or undefined when the josie is gone
 * (docs/decisions/0046-comments.md).
 */
export async function moveCommentCount(db: Executor, id: string, delta: number): Promise<number | undefined> {
  const [row] = await db
    .update(josies)
    .set({ commentCount: sql`greatest(${josies.commentCount} + ${delta}, 0)` })
    .where(eq(josies.id, id))
    .returning({ commentCount: josies.commentCount });
  return row?.commentCount;
}

/** Stores who may comment on a josie (docs/decisions/0046-comments.md); undefined when it is gone. */
export async function setCommentPolicy(
  db: Executor,
  id: string,
  policy: JosieRow['commentPolicy'],
): Promise<JosieRow['commentPolicy'] | undefined> {
  const [row] = await db
    .update(josies)
    .set({ commentPolicy: policy })
    .where(eq(josies.id, id))
    .returning({ commentPolicy: josies.commentPolicy });
  return row?.commentPolicy;
}

/**
 * Deletes a user's josies (their likes, saves and reviews go by cascade); answers what was deleted, with
 * the paragraphs, whose images may now be shown by nothing.
 */
export async function deleteJosiesOf(db: Executor, creatorId: string) {
  return db
    .delete(josies)
    .where(eq(josies.creatorId, creatorId))
    .returning({ id: josies.id, status: josies.status, paragraphs: josies.paragraphs });
}

/** The josie-image media rows among `keys`. */
export function findJosieImages(db: Executor, keys: string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .select({ id: media.id, storageKey: media.storageKey })
    .from(media)
    .where(and(eq(media.kind, 'josie-image'), inArray(media.storageKey, keys)));
}

/** A viewer's user id in a query: a value, a prepared statement's placeholder, or null for a visitor. */
type ViewerParam = string | Placeholder | null;

/**
 * The columns a query selects beside each josie so that presenting it needs no further query
 * (docs/performance.md): the creator's name, avatar and preferences (the query left-joins `users` on
 * `josies.creator_id`), and whether the viewer liked and saved it (primary-key `exists` reads). Hot reads
 * (feeds, a josie by id) thus answer in one statement instead of three.
 */
export function presentationColumns(viewerId: ViewerParam) {
  const marked = (table: typeof josieLikes | typeof josieSaves) =>
    viewerId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${table} where ${table.josieId} = ${josies.id} and ${table.userId} = ${viewerId})`;
  return {
    creatorName: users.name,
    creatorAvatarUrl: users.avatarUrl,
    creatorPreferences: users.preferences,
    likedByMe: marked(josieLikes),
    savedByMe: marked(josieSaves),
    listenLinks: storedLinksColumn,
  };
}

/**
 * The resolver's stored links of a josie's items (the `item_links` rows of its paragraphs' URLs, decision
 * 0022) as a column of the josie's own statement: a correlated subquery on the table's primary key.
 */
const storedLinksColumn = sql<StoredLinks[] | null>`(
  select jsonb_agg(jsonb_build_object('itemUrl', l.item_url, 'title', l.title, 'artistName', l.artist_name,
                                      'thumbnailUrl', l.thumbnail_url, 'links', l.links))
    from ${itemLinks} l
   where l.item_url in (
     select p->'content'->>'url' from jsonb_array_elements(${josies.paragraphs}) p
      where jsonb_typeof(p->'content') = 'object'))`;

/**
 * The josies among `ids` that `viewerId` liked and saved, in one statement (`union all` of the two
 * primary-key reads), so a page costs one round trip for both marks.
 */
export async function viewerMarks(db: Executor, viewerId: string, ids: string[]) {
  const rows = await db
    .select({ id: josieLikes.josieId, mark: sql<'like' | 'save'>`'like'` })
    .from(josieLikes)
    .where(and(eq(josieLikes.userId, viewerId), inArray(josieLikes.josieId, ids)))
    .unionAll(
      db
        .select({ id: josieSaves.josieId, mark: sql<'like' | 'save'>`'save'` })
        .from(josieSaves)
        .where(and(eq(josieSaves.userId, viewerId), inArray(josieSaves.josieId, ids))),
    );
  return {
    liked: new Set(rows.filter((r) => r.mark === 'like').map((r) => r.id)),
    saved: new Set(rows.filter((r) => r.mark === 'save').map((r) => r.id)),
  };
}

/** The review histories of `ids`, oldest review first (no query for none). */
export async function reviewsOf(db: Executor, ids: string[]): Promise<Map<string, JosieReview[]>> {
  const byId = new Map<string, JosieReview[]>();
  if (ids.length === 0) return byId;
  const reviews = await db
    .select()
    .from(josieReviews)
    .where(inArray(josieReviews.josieId, ids))
    .orderBy(asc(josieReviews.reviewedAt));
  for (const r of reviews) {
    const list = byId.get(r.josieId) ?? [];
    list.push({
      reviewedAt: r.reviewedAt.toISOString(),
      reviewedBy: r.reviewedBy,
      action: r.action,
      rejectionReason: r.rejectionReason,
    });
    byId.set(r.josieId, list);
  }
  return byId;
}

/** The creators among `ids`, with the fields a josie is presented with. */
export function creatorsOf(db: Executor, ids: string[]) {
  return db
    .select({ id: users.id, name: users.name, avatarUrl: users.avatarUrl, preferences: users.preferences })
    .from(users)
    .where(inArray(users.id, ids));
}
