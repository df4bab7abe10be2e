import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  accountExports,
  blocks,
  comments,
  follows,
  invites,
  inviteUses,
  inviteVisits,
  josieLikes,
  josieSaves,
  josies,
  media,
  mutes,
  notificationActors,
  notifications,
  oauthAccounts,
  users,
} from '../../db/schema.js';

/** One `account_exports` row as the account module reads it. */
export type ExportRow = typeof accountExports.$inferSelect;

/**
 * Which of `keys` are files the media table knows (uploads: avatars, headers, josie images). The export
 * copies only those: a josie's image URL is typed by its author and could name any other file in storage.
 */
export async function knownMediaKeys(db: Executor, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: media.storageKey })
    .from(media)
    .where(inArray(media.storageKey, [...keys]));
  return new Set(rows.map((r) => r.key));
}

/** The user's most recent export (any status), or undefined. */
export async function latestExportOf(db: Executor, userId: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(accountExports)
    .where(eq(accountExports.userId, userId))
    .orderBy(desc(accountExports.createdAt), desc(accountExports.id))
    .limit(1);
  return row;
}

/**
 * The user's most recent ready export (expired or not), or undefined: a newer pending or failed export must
 * not hide a zip that can still be downloaded.
 */
export async function latestReadyExportOf(db: Executor, userId: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(accountExports)
    .where(and(eq(accountExports.userId, userId), eq(accountExports.status, 'ready')))
    .orderBy(desc(accountExports.createdAt), desc(accountExports.id))
    .limit(1);
  return row;
}

/** The user's most recent export that did not fail: the one the one-a-day rule counts. */
export async function latestCountedExportOf(db: Executor, userId: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(accountExports)
    .where(and(eq(accountExports.userId, userId), sql`${accountExports.status} <> 'failed'`))
    .orderBy(desc(accountExports.createdAt))
    .limit(1);
  return row;
}

/** An export by id, or undefined (its account may have been deleted since). */
export async function findExport(db: Executor, id: string): Promise<ExportRow | undefined> {
  const [row] = await db.select().from(accountExports).where(eq(accountExports.id, id));
  return row;
}

/** A new pending export of `userId`. */
export async function insertExport(tx: Executor, userId: string): Promise<ExportRow> {
  const [row] = await tx.insert(accountExports).values({ userId }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * Marks a pending export ready with its zip's key and size. @returns false when the row is gone or no longer
 * pending (its account was deleted meanwhile, or another attempt finished it), so the caller removes the file.
 */
export async function markExportReady(
  db: Executor,
  id: string,
  values: { storageKey: string; bytes: number; readyAt: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(accountExports)
    .set({ status: 'ready', ...values })
    .where(and(eq(accountExports.id, id), eq(accountExports.status, 'pending')))
    .returning({ id: accountExports.id });
  return rows.length > 0;
}

/** Marks a pending export failed, with the error's message (kept for the operators, never shown). */
export async function markExportFailed(db: Executor, id: string, error: string): Promise<void> {
  await db
    .update(accountExports)
    .set({ status: 'failed', error: error.slice(0, 1000) })
    .where(and(eq(accountExports.id, id), eq(accountExports.status, 'pending')));
}

/**
 * At most `limit` exports to purge: ready ones past `expires_at`, and failed ones asked for more than
 * `keepDays` days ago, by the database clock. Their files are removed before the rows.
 */
export async function purgeableExports(
  db: Executor,
  keepDays: number,
  limit: number,
): Promise<{ id: string; storageKey: string | null }[]> {
  return db
    .select({ id: accountExports.id, storageKey: accountExports.storageKey })
    .from(accountExports)
    .where(
      or(
        and(isNotNull(accountExports.expiresAt), lt(accountExports.expiresAt, sql`now()`)),
        and(
          eq(accountExports.status, 'failed'),
          lt(accountExports.createdAt, sql`now() - make_interval(days => ${keepDays})`),
        ),
      ),
    )
    .orderBy(asc(accountExports.createdAt))
    .limit(limit);
}

/** Deletes these export rows. @returns how many were deleted. */
export async function deleteExports(db: Executor, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(accountExports)
    .where(inArray(accountExports.id, [...ids]))
    .returning({ id: accountExports.id });
  return rows.length;
}

/** The storage keys of every export file of `userId` (read before the account's rows go). */
export async function exportKeysOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ key: accountExports.storageKey })
    .from(accountExports)
    .where(and(eq(accountExports.userId, userId), isNotNull(accountExports.storageKey)));
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

// What an export contains (docs/decisions/0025-account-and-data.md, "Export"): reads of the other modules'
// tables, never their secrets (no password hash, no provider token).

/** The account's own columns an export carries: every one but the password hash. */
export async function exportedUser(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      role: users.role,
      bio: users.bio,
      avatarUrl: users.avatarUrl,
      headerImageUrl: users.headerImageUrl,
      preferredLanguage: users.preferredLanguage,
      activeProvider: users.activeProvider,
      preferences: users.preferences,
      notificationSettings: users.notificationSettings,
      onboarding: users.onboarding,
      emailVerifiedAt: users.emailVerifiedAt,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`));
  return row;
}

/** The sign-in providers connected, without their tokens. */
export function exportedProviders(db: Executor, userId: string) {
  return db
    .select({ provider: oauthAccounts.provider, connectedAt: oauthAccounts.createdAt })
    .from(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId))
    .orderBy(asc(oauthAccounts.createdAt));
}

/** Every josie of the user, in any status, oldest first. */
export function exportedJosies(db: Executor, userId: string) {
  return db
    .select({
      id: josies.id,
      title: josies.title,
      status: josies.status,
      rejectionReason: josies.rejectionReason,
      genres: josies.genres,
      paragraphs: josies.paragraphs,
      likeCount: josies.likeCount,
      createdAt: josies.createdAt,
      updatedAt: josies.updatedAt,
      publishedAt: josies.publishedAt,
    })
    .from(josies)
    .where(eq(josies.creatorId, userId))
    .orderBy(asc(josies.createdAt), asc(josies.id));
}

/** The josies the user liked (`josie_likes`) or saved (`josie_saves`), with their titles and curators. */
export function exportedReactions(db: Executor, userId: string, table: 'likes' | 'saves') {
  const t = table === 'likes' ? josieLikes : josieSaves;
  const creator = alias(users, 'creator');
  return db
    .select({
      josieId: t.josieId,
      title: josies.title,
      curatorId: josies.creatorId,
      curatorName: creator.name,
      at: t.createdAt,
    })
    .from(t)
    .innerJoin(josies, eq(josies.id, t.josieId))
    .innerJoin(creator, eq(creator.id, josies.creatorId))
    .where(eq(t.userId, userId))
    .orderBy(asc(t.createdAt));
}

/**
 * The user's comments still shown, oldest first: the text, the josie's id and title, whether it answers a
 * thread (`parentId`), posted and edited times. Removed ones (placeholders without text) are left out
 * (docs/decisions/0049-comment-notifications-and-live-visitors.md).
 */
export function exportedComments(db: Executor, userId: string) {
  return db
    .select({
      id: comments.id,
      josieId: comments.josieId,
      josieTitle: josies.title,
      parentId: comments.parentId,
      text: comments.body,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
    })
    .from(comments)
    .innerJoin(josies, eq(josies.id, comments.josieId))
    .where(and(eq(comments.authorId, userId), isNull(comments.removedAt)))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

/** The accounts the user follows (`side: 'following'`) or that follow the user (`'followers'`). */
export function exportedFollows(db: Executor, userId: string, side: 'following' | 'followers') {
  const other = alias(users, 'other');
  const [mine, theirs] =
    side === 'following' ? [follows.followerId, follows.curatorId] : [follows.curatorId, follows.followerId];
  return db
    .select({ id: other.id, name: other.name, since: follows.createdAt })
    .from(follows)
    .innerJoin(other, and(eq(other.id, theirs), sql`${other.deletedAt} is null`))
    .where(eq(mine, userId))
    .orderBy(asc(follows.createdAt));
}

/**
 * The accounts the user blocked (`kind: 'blocked'`) or muted (`'muted'`), oldest first; never who blocked or
 * muted the user (docs/decisions/0048-blocking-and-muting.md).
 */
export function exportedBlocks(db: Executor, userId: string, kind: 'blocked' | 'muted') {
  const other = alias(users, 'other');
  const [mine, theirs, since] =
    kind === 'blocked'
      ? [blocks.blockerId, blocks.blockedId, blocks.createdAt]
      : [mutes.muterId, mutes.mutedId, mutes.createdAt];
  return db
    .select({ id: other.id, name: other.name, since })
    .from(kind === 'blocked' ? blocks : mutes)
    .innerJoin(other, and(eq(other.id, theirs), sql`${other.deletedAt} is null`))
    .where(eq(mine, userId))
    .orderBy(asc(since));
}

/** The user's invites with how many joined through each and how many times each was opened. */
export async function exportedInvites(db: Executor, userId: string) {
  const uses = db
    .select({ inviteId: inviteUses.inviteId, n: count().as('uses') })
    .from(inviteUses)
    .groupBy(inviteUses.inviteId)
    .as('u');
  const visits = db
    .select({ inviteId: inviteVisits.inviteId, n: count().as('visits') })
    .from(inviteVisits)
    .groupBy(inviteVisits.inviteId)
    .as('v');
  return db
    .select({
      id: invites.id,
      code: invites.code,
      text: invites.inviteText,
      isActive: invites.isActive,
      createdAt: invites.createdAt,
      expiresAt: invites.expiresAt,
      uses: sql<number>`coalesce(${uses.n}, 0)::int`,
      visits: sql<number>`coalesce(${visits.n}, 0)::int`,
    })
    .from(invites)
    .leftJoin(uses, eq(uses.inviteId, invites.id))
    .leftJoin(visits, eq(visits.inviteId, invites.id))
    .where(eq(invites.creatorId, userId))
    .orderBy(asc(invites.createdAt));
}

/** The user's in-app notifications, newest first, each with its actors' ids and names. */
export async function exportedNotifications(db: Executor, userId: string) {
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      subjectType: notifications.subjectType,
      subjectId: notifications.subjectId,
      reason: notifications.reason,
      createdAt: notifications.createdAt,
      updatedAt: notifications.updatedAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.updatedAt));
  if (rows.length === 0) return [];
  const actors = await db
    .select({ notificationId: notificationActors.notificationId, id: users.id, name: users.name })
    .from(notificationActors)
    .innerJoin(users, eq(users.id, notificationActors.actorId))
    .where(
      inArray(
        notificationActors.notificationId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(notificationActors.createdAt));
  return rows.map((r) => ({
    ...r,
    actors: actors.filter((a) => a.notificationId === r.id).map(({ id, name }) => ({ id, name })),
  }));
}
