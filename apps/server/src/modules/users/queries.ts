import { and, count, eq, exists, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { follows, josies, oauthAccounts, users } from '../../db/schema.js';

/** A live (not deleted) user by id, or undefined. */
export async function findUserById(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

/** A live user by email (already lower-cased by the contract), or undefined. */
export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)));
  return row;
}

/** The user's Spotify account id, when linked. */
export async function spotifyIdOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: oauthAccounts.providerUserId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.provider, 'spotify')));
  return row?.id ?? null;
}

const other = alias(users, 'other');

/**
 * A live user with the counts of a public profile, in one statement: published josies, live followers,
 * live followed users, and whether `viewerId` follows them. Undefined when missing or deleted.
 * The counts are query-builder subqueries: Drizzle prints columns without their table in the select list
 * of a single-table query, which would bind a hand-written `users.id` to the subquery's own table.
 */
export async function findProfile(db: Executor, id: string, viewerId: string) {
  const liveFollows = (side: 'followerId' | 'curatorId', ofUser: 'followerId' | 'curatorId') =>
    db
      .select({ n: count() })
      .from(follows)
      .innerJoin(other, and(eq(other.id, follows[side]), isNull(other.deletedAt)))
      .where(eq(follows[ofUser], users.id));
  const viewerFollows = db
    .select({ one: sql`1` })
    .from(follows)
    .where(and(eq(follows.followerId, viewerId), eq(follows.curatorId, users.id)));
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      avatarUrl: users.avatarUrl,
      headerImageUrl: users.headerImageUrl,
      bio: users.bio,
      preferences: users.preferences,
      postsCount: db.$count(josies, and(eq(josies.creatorId, users.id), eq(josies.status, 'published'))),
      followersCount: sql<number>`(${liveFollows('followerId', 'curatorId')})`.mapWith(Number),
      followingCount: sql<number>`(${liveFollows('curatorId', 'followerId')})`.mapWith(Number),
      isFollowing: sql<boolean>`${exists(viewerFollows)}`,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

// Writes for admin and uploads.

/** Sets a user's role; answers the updated row. */
export async function updateRole(db: Executor, userId: string, role: (typeof users.$inferSelect)['role']) {
  const [row] = await db.update(users).set({ role }).where(eq(users.id, userId)).returning();
  return row!;
}

/**
 * Deletes the user row. The foreign keys remove the rest (schema.ts): follows both ways, saves, invites
 * with their uses and visits, invite uses, sessions, password resets and OAuth accounts (provider
 * tokens) cascade; review authorship, contact messages, analytics events and media ownership keep their
 * rows with the user set to null.
 */
export async function deleteUserRow(db: Executor, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/**
 * Removes `name` (case-insensitively, keeping the order of the rest) from `preferences.<kind>` of every
 * user who chose it, in one UPDATE.
 */
export async function removeFromUserPreferences(
  db: Executor,
  kind: 'genres' | 'interests',
  name: string,
): Promise<void> {
  const list = sql`(${users.preferences} -> ${kind}::text)`;
  await db
    .update(users)
    .set({
      preferences: sql`jsonb_set(${users.preferences}, array[${kind}::text], (
        select coalesce(jsonb_agg(e.value order by e.i), '[]'::jsonb)
        from jsonb_array_elements(${list}) with ordinality as e(value, i)
        where lower(e.value #>> '{}') <> lower(${name})
      ))`,
    })
    .where(
      and(
        sql`jsonb_typeof(${list}) = 'array'`,
        sql`exists (select 1 from jsonb_array_elements_text(${list}) as g(v) where lower(g.v) = lower(${name}))`,
      ),
    );
}

/** Points the user's avatar or header image at `url`. */
export async function setProfileImageUrl(
  db: Executor,
  userId: string,
  kind: 'avatar' | 'header',
  url: string,
): Promise<void> {
  await db
    .update(users)
    .set(kind === 'avatar' ? { avatarUrl: url } : { headerImageUrl: url })
    .where(eq(users.id, userId));
}
