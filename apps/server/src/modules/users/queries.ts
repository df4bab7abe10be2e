import type { ListenService } from '@josie/contract';
import { and, count, eq, exists, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  blocks,
  follows,
  josies,
  type NotificationSettingsColumn,
  type OnboardingColumn,
  oauthAccounts,
  type PreferencesColumn,
  users,
} from '../../db/schema.js';

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

/** Whether any account, deleted ones included (their address stays taken), has `email` (lower-cased). */
export async function isEmailTaken(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row !== undefined;
}

// Every write of the `users` table (docs/ARCHITECTURE.md, "Modules and the tables each owns"): other
// modules reach these through the users service, passing their transaction when the write belongs to one.

/** The columns a new account is created with; the rest take the schema's defaults. */
export interface NewUserValues {
  name: string;
  email: string;
  /** Null for an account that signs in with a provider only. */
  passwordHash: string | null;
  preferredLanguage?: 'en' | 'he';
  avatarUrl?: string | null;
  activeProvider?: ListenService;
  /**
   * When the address was verified: now for an account whose provider vouched for it; unset (null) for a
   * sign-up, which verifies by the mailed link (docs/decisions/0025-account-and-data.md).
   */
  emailVerifiedAt?: Date | null;
}

/** Creates an account (email lower-cased); undefined when the email is taken, deleted accounts included. */
export async function insertUser(db: Executor, values: NewUserValues) {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return row;
}

/**
 * Makes the account with `email` (lower-cased by the caller; deleted accounts included) an admin with this
 * password hash, or creates it as an admin whose onboarding is done. @returns true when it was created.
 */
export async function upsertAdmin(
  db: Executor,
  admin: { email: string; name: string; passwordHash: string },
): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, admin.email));
  if (existing) {
    await db
      .update(users)
      .set({
        role: 'admin',
        passwordHash: admin.passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      })
      .where(eq(users.id, existing.id));
    return false;
  }
  // The operator typed the address: it starts verified (docs/decisions/0025-account-and-data.md).
  await db.insert(users).values({
    ...admin,
    role: 'admin',
    onboarding: { completed: true, step: 3 },
    emailVerifiedAt: new Date(),
  });
  return true;
}

/** Records when the user last signed in. */
export async function setLastLogin(db: Executor, userId: string, at: Date) {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
}

/** Marks a live user's address verified, keeping the first time it was. @returns false when gone. */
export async function markEmailVerified(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Moves a live user to `email` (lower-cased), verified now: the mailed link proved it. @returns false when
 * the user is gone or another account (deleted ones included) has the address.
 */
export async function changeEmail(db: Executor, userId: string, email: string): Promise<boolean> {
  const address = email.toLowerCase();
  const taken = db.select({ id: users.id }).from(users).where(eq(users.email, address));
  const rows = await db
    .update(users)
    .set({ email: address, emailVerifiedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.deletedAt), sql`not exists (${taken})`))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Replaces a user's password hash; null removes the password (sign-in through a provider or a reset only). */
export async function setPasswordHash(db: Executor, userId: string, passwordHash: string | null) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/**
 * Sets the provider the user signed in or connected with last
 * (docs/product/rules-and-limits.md#sign-in-providers).
 */
export async function setActiveProvider(db: Executor, userId: string, provider: ListenService) {
  await db.update(users).set({ activeProvider: provider }).where(eq(users.id, userId));
}

/** Sets a live user's bio and, when given, name; false when the user does not exist or was deleted. */
export async function updateProfileFields(
  db: Executor,
  userId: string,
  fields: { bio: string; name?: string | undefined },
): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set(fields.name === undefined ? { bio: fields.bio } : { bio: fields.bio, name: fields.name })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return row !== undefined;
}

/** Merges `patch` into the stored preferences in one statement and answers the result. */
export async function mergePreferences(db: Executor, userId: string, patch: PreferencesColumn) {
  const [row] = await db
    .update(users)
    .set({ preferences: sql`${users.preferences} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(users.id, userId))
    .returning({ preferences: users.preferences });
  return row?.preferences;
}

/** Merges the given switches into the stored notification settings and answers them. */
export async function mergeNotificationSettings(
  db: Executor,
  userId: string,
  patch: Partial<NotificationSettingsColumn>,
) {
  const { kinds, ...flat } = patch;
  // `||` merges one level only: each kind's switches are merged into its stored ones, in the same statement.
  const column = sql`${users.notificationSettings}`;
  const mergedKinds = sql`coalesce(${column}->'kinds', '{}'::jsonb) || (
    select coalesce(jsonb_object_agg(p.kind, coalesce(${column}->'kinds'->p.kind, '{}'::jsonb) || p.switches), '{}'::jsonb)
      from jsonb_each(${JSON.stringify(kinds ?? {})}::jsonb) as p(kind, switches))`;
  const next = kinds
    ? sql`(${column} || ${JSON.stringify(flat)}::jsonb) || jsonb_build_object('kinds', ${mergedKinds})`
    : sql`${column} || ${JSON.stringify(flat)}::jsonb`;
  const [row] = await db
    .update(users)
    .set({ notificationSettings: next })
    .where(eq(users.id, userId))
    .returning({ notificationSettings: users.notificationSettings });
  return row?.notificationSettings;
}

/**
 * Turns a live user's email notifications off (`allowEmails: false`, keeping the other switch).
 * @returns the user's language, or undefined when there is no such live user.
 */
export async function disableEmails(db: Executor, userId: string) {
  const [row] = await db
    .update(users)
    .set({ notificationSettings: sql`${users.notificationSettings} || '{"allowEmails": false}'::jsonb` })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ language: users.preferredLanguage });
  return row;
}

/** Stores a user's onboarding status and answers it; undefined when the user is gone. */
export async function setOnboarding(
  db: Executor,
  userId: string,
  onboarding: OnboardingColumn,
): Promise<OnboardingColumn | undefined> {
  const [row] = await db
    .update(users)
    .set({ onboarding })
    .where(eq(users.id, userId))
    .returning({ onboarding: users.onboarding });
  return row?.onboarding;
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
 * live followed users, and whether `viewerId` follows them and blocked them (false for a visitor, null). Undefined when
 * missing or deleted.
 * The counts are query-builder subqueries: Drizzle prints columns without their table in the select list
 * of a single-table query, which would bind a hand-written `users.id` to the subquery's own table.
 */
export async function findProfile(db: Executor, id: string, viewerId: string | null) {
  const liveFollows = (side: 'followerId' | 'curatorId', ofUser: 'followerId' | 'curatorId') =>
    db
      .select({ n: count() })
      .from(follows)
      .innerJoin(other, and(eq(other.id, follows[side]), isNull(other.deletedAt)))
      .where(eq(follows[ofUser], users.id));
  const viewerFollows =
    viewerId === null
      ? null
      : db
          .select({ one: sql`1` })
          .from(follows)
          .where(and(eq(follows.followerId, viewerId), eq(follows.curatorId, users.id)));
  const viewerBlocked =
    viewerId === null
      ? null
      : db
          .select({ one: sql`1` })
          .from(blocks)
          .where(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, users.id)));
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
      isFollowing: viewerFollows ? sql<boolean>`${exists(viewerFollows)}` : sql<boolean>`false`,
      isBlocked: viewerBlocked ? sql<boolean>`${exists(viewerBlocked)}` : sql<boolean>`false`,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

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

/**
 * Suspends `userId` (with the admin's reason) or lifts it (`reason` null), in one conditional statement:
 * answers the row's suspension after it, or undefined when the user is gone or already in that state
 * (docs/decisions/0047-reports-and-moderation.md).
 */
export async function setSuspension(db: Executor, userId: string, reason: string | null) {
  const [row] = await db
    .update(users)
    .set(
      reason === null
        ? { suspendedAt: null, suspensionReason: null }
        : { suspendedAt: sql`now()`, suspensionReason: reason },
    )
    .where(
      and(
        eq(users.id, userId),
        isNull(users.deletedAt),
        reason === null ? sql`${users.suspendedAt} is not null` : isNull(users.suspendedAt),
      ),
    )
    .returning({ suspendedAt: users.suspendedAt, suspensionReason: users.suspensionReason });
  return row;
}

/** Whether `userId` is suspended now (false when gone). */
export async function isSuspended(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.suspendedAt);
}
