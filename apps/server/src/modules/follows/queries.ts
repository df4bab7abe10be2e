import { and, eq, inArray, isNull, ne, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { blocks, follows, users } from '../../db/schema.js';

/** Ids of the curators a user follows, oldest follow first. */
export async function followingIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: follows.curatorId })
    .from(follows)
    .where(eq(follows.followerId, userId))
    .orderBy(follows.createdAt);
  return rows.map((r) => r.id);
}

/** A live user's id and role, or undefined. */
export async function findLiveUserRole(db: Executor, id: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

/** Adds one follow; whether it is new (false when it already existed). */
export async function insertFollow(db: Executor, followerId: string, curatorId: string): Promise<boolean> {
  const rows = await db
    .insert(follows)
    .values({ followerId, curatorId })
    .onConflictDoNothing()
    .returning({ curatorId: follows.curatorId });
  return rows.length > 0;
}

/** Removes one follow; whether there was one. */
export async function deleteFollow(db: Executor, followerId: string, curatorId: string): Promise<boolean> {
  const rows = await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.curatorId, curatorId)))
    .returning({ curatorId: follows.curatorId });
  return rows.length > 0;
}

/**
 * Follows every id in `curatorIds` that names a live curator other than the follower (others are
 * skipped); two statements whatever the count.
 * @returns the curator ids newly followed.
 */
export async function insertFollowsOfCurators(
  db: Executor,
  followerId: string,
  curatorIds: readonly string[],
): Promise<string[]> {
  if (curatorIds.length === 0) return [];
  const curators = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, [...new Set(curatorIds)]),
        eq(users.role, 'curator'),
        isNull(users.deletedAt),
        ne(users.id, followerId),
        notBlockedWith(followerId, users.id),
      ),
    );
  if (curators.length === 0) return [];
  const rows = await db
    .insert(follows)
    .values(curators.map((c) => ({ followerId, curatorId: c.id })))
    .onConflictDoNothing()
    .returning({ curatorId: follows.curatorId });
  return rows.map((r) => r.curatorId);
}

/**
 * Neither account blocked the other (docs/decisions/0048-blocking-and-muting.md): a condition on
 * `otherId`, a column or an id, read by the primary key of `blocks` both ways. Also what keeps blocked
 * accounts out of the discovery reads (suggestions, search, explore): whom one may not follow is not offered.
 */
export const notBlockedWith = (userId: string, otherId: SQLWrapper | string) => sql`not exists (
  select 1 from ${blocks} b
   where (b.blocker_id = ${userId} and b.blocked_id = ${otherId})
      or (b.blocker_id = ${otherId} and b.blocked_id = ${userId}))`;

/**
 * Who blocked whom between `followerId` and `curatorId`, read in the follow's transaction:
 * `'blocked'` when the curator blocked the follower, `'blocker'` when the follower blocked the curator,
 * null when neither (decision 0048).
 */
export async function blockBetween(
  db: Executor,
  followerId: string,
  curatorId: string,
): Promise<'blocked' | 'blocker' | null> {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, curatorId), eq(blocks.blockedId, followerId)),
        and(eq(blocks.blockerId, followerId), eq(blocks.blockedId, curatorId)),
      ),
    );
  if (rows.some((row) => row.blockerId === curatorId)) return 'blocked';
  return rows.length > 0 ? 'blocker' : null;
}

/**
 * Ends the follows between two accounts, both ways (a block, decision 0048); answers the follows that were,
 * as `{followerId, curatorId}`.
 */
export async function deleteFollowsBetween(
  db: Executor,
  a: string,
  b: string,
): Promise<{ followerId: string; curatorId: string }[]> {
  return db
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, a), eq(follows.curatorId, b)),
        and(eq(follows.followerId, b), eq(follows.curatorId, a)),
      ),
    )
    .returning({ followerId: follows.followerId, curatorId: follows.curatorId });
}

/** Removes every follow from and of a user (account deletion), both ways. */
export async function deleteFollowsOf(db: Executor, userId: string): Promise<void> {
  await db.delete(follows).where(or(eq(follows.followerId, userId), eq(follows.curatorId, userId)));
}
