import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { follows, users } from '../../db/schema.js';

/** The columns a curator card or recommendation is built from. */
export const curatorColumns = {
  id: users.id,
  name: users.name,
  avatarUrl: users.avatarUrl,
  bio: users.bio,
  preferences: users.preferences,
};

/** Live curators with their follower counts, most followed first, then by name (the home strip). */
export async function mostFollowedCurators(db: Executor, limit: number) {
  const followers = count(follows.followerId);
  return db
    .select({ ...curatorColumns, followersCount: followers })
    .from(users)
    .leftJoin(follows, eq(follows.curatorId, users.id))
    .where(and(eq(users.role, 'curator'), isNull(users.deletedAt)))
    .groupBy(users.id)
    .orderBy(desc(followers), asc(users.name), asc(users.id))
    .limit(limit);
}
export type CuratorRow = Awaited<ReturnType<typeof mostFollowedCurators>>[number];
