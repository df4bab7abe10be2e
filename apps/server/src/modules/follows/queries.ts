import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { follows, users } from '../../db/schema.js';

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

/** Removes every follow from and of a user (account deletion), both ways. */
export async function deleteFollowsOf(db: Executor, userId: string): Promise<void> {
  await db.delete(follows).where(or(eq(follows.followerId, userId), eq(follows.curatorId, userId)));
}
