import { and, eq, sql } from 'drizzle-orm';
import { type Executor, namedStatement } from '../../db/client.js';
import { josieLikes, josieSaves, josies } from '../../db/schema.js';

/**
 * What {@link toggleLike} did: removed the like, added it, found the josie not published, or `raced`: a
 * toggle of the same user running at the same moment added the like first (this statement's insert waited
 * for it to commit and then added nothing), so toggling again now removes it.
 */
export type LikeToggle = 'removed' | 'added' | 'unpublished' | 'raced';

/**
 * The statement of {@link toggleLike}, printed once. It writes `josies.like_count`, a column of the josies
 * module's table: the like's row and the count change in one statement (decision 0034). The update's
 * `exists` subqueries run the delete and the insert before it takes the josie's row lock, and a concurrent
 * toggle's commit makes it re-read the row, so the count moves from the latest value.
 */
const likeToggle = namedStatement<
  { published: boolean; removed: boolean; added: boolean; likeCount: number | null },
  { josieId: string; userId: string }
>(
  'like_toggle',
  sql`
    with published as (
      select ${josies.id} as id from ${josies}
       where ${josies.id} = ${sql.placeholder('josieId')} and ${josies.status} = 'published'
    ), gone as (
      delete from ${josieLikes}
       where ${josieLikes.josieId} in (select id from published)
         and ${josieLikes.userId} = ${sql.placeholder('userId')}
      returning 1
    ), added as (
      insert into ${josieLikes} (josie_id, user_id)
      select id, ${sql.placeholder('userId')} from published where not exists (select 1 from gone)
      on conflict do nothing
      returning 1
    ), counted as (
      update ${josies}
         set like_count = ${josies.likeCount}
           + case when exists (select 1 from added) then 1 when exists (select 1 from gone) then -1 else 0 end
       where ${josies.id} in (select id from published)
      returning ${josies.likeCount} as like_count
    )
    select exists (select 1 from published) as "published", exists (select 1 from gone) as "removed",
           exists (select 1 from added) as "added", (select like_count from counted) as "likeCount"`,
);

/**
 * Removes the user's like of a published josie, or adds it when there was none, and moves the josie's
 * `like_count` by the row it removed or added, in one statement and so one transaction
 * (docs/decisions/0034-a-like-in-one-statement.md). The like row is the unit of change: of concurrent
 * toggles each removes or adds a row at most once, so the count stays equal to the likes without holding
 * the josie's lock for more than the statement.
 * @returns what was done, and the count after it (null when the josie is not published).
 */
export async function toggleLike(
  db: Executor,
  josieId: string,
  userId: string,
): Promise<{ change: LikeToggle; likeCount: number | null }> {
  const [row] = await likeToggle(db, { josieId, userId });
  if (!row?.published) return { change: 'unpublished', likeCount: null };
  const change = row.removed ? 'removed' : row.added ? 'added' : 'raced';
  return { change, likeCount: row.likeCount };
}

/** Whether a published josie exists. */
export async function isPublished(db: Executor, josieId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: josies.id })
    .from(josies)
    .where(and(eq(josies.id, josieId), eq(josies.status, 'published')));
  return row !== undefined;
}

/** Removes the user's save; whether there was one. */
export async function deleteSave(db: Executor, josieId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(josieSaves)
    .where(and(eq(josieSaves.josieId, josieId), eq(josieSaves.userId, userId)))
    .returning({ userId: josieSaves.userId });
  return rows.length > 0;
}

/** Adds the user's save; whether it is new. */
export async function insertSave(db: Executor, josieId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insert(josieSaves)
    .values({ josieId, userId })
    .onConflictDoNothing()
    .returning({ userId: josieSaves.userId });
  return rows.length > 0;
}

/**
 * Removes every like and save of a user (account deletion); answers the ids of the josies whose like was
 * removed: exactly the rows this statement deleted, so a like removed concurrently is not counted twice.
 */
export async function deleteLikesAndSavesOf(db: Executor, userId: string): Promise<string[]> {
  const liked = await db
    .delete(josieLikes)
    .where(eq(josieLikes.userId, userId))
    .returning({ josieId: josieLikes.josieId });
  await db.delete(josieSaves).where(eq(josieSaves.userId, userId));
  return liked.map((r) => r.josieId);
}
