import { INVITE_USED_BY_LIMIT } from '@josie/contract';
import { and, desc, eq, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { invites, inviteUses, inviteVisits, users } from '../../db/schema.js';

/** An invite row with its creator's public fields and its page-visit count. */
export type InviteWithCreator = Awaited<ReturnType<typeof selectInvites>>[number];

/**
 * Invites with their (live) creator and the number of landing-page visits, in one statement.
 * The visit count is a correlated count over the `invite_visits(invite_id)` index.
 */
function selectInvites(db: Executor, where: SQL, lock = false) {
  const query = db
    .select({
      id: invites.id,
      creatorId: invites.creatorId,
      inviteText: invites.inviteText,
      code: invites.code,
      isActive: invites.isActive,
      createdAt: invites.createdAt,
      expiresAt: invites.expiresAt,
      creatorName: users.name,
      creatorRole: users.role,
      creatorAvatar: users.avatarUrl,
      pageVisits:
        sql<number>`(select count(*) from ${inviteVisits} where ${inviteVisits.inviteId} = ${invites.id})`
          .mapWith(Number)
          .as('page_visits'),
    })
    .from(invites)
    .innerJoin(users, and(eq(users.id, invites.creatorId), isNull(users.deletedAt)))
    .where(where)
    .orderBy(desc(invites.createdAt), desc(invites.id));
  // FOR SHARE on the invite keeps a concurrent disable from committing between the check and the use.
  return lock ? query.for('share', { of: invites }) : query;
}

/** A curator's own invites, newest first. */
export function findInvitesByCreator(db: Executor, creatorId: string) {
  return selectInvites(db, eq(invites.creatorId, creatorId));
}

/** One invite by id, or undefined. */
export async function findInviteById(db: Executor, id: string) {
  const [row] = await selectInvites(db, eq(invites.id, id));
  return row;
}

/**
 * One invite by its code through the unique index, or undefined. `lock` takes a share lock on the invite
 * row (inside a transaction) so that it cannot be disabled until the transaction ends.
 */
export async function findInviteByCode(db: Executor, code: string, lock = false) {
  const [row] = await selectInvites(db, eq(invites.code, code), lock);
  return row;
}

/** Inserts an invite and answers its id. */
export async function insertInvite(
  db: Executor,
  values: { creatorId: string; inviteText: string; code: string; createdAt: Date; expiresAt: Date },
) {
  const [row] = await db.insert(invites).values(values).returning({ id: invites.id });
  return row!.id;
}

/** Sets `is_active` false (one way; repeating it changes nothing). */
export async function deactivateInvite(db: Executor, id: string) {
  await db.update(invites).set({ isActive: false }).where(eq(invites.id, id));
}

/** Records one view of the invite's landing page. */
export async function insertInviteVisit(db: Executor, inviteId: string) {
  await db.insert(inviteVisits).values({ inviteId });
}

/** Records that `userId` used the invite; false when that user had already used it. */
export async function insertInviteUse(db: Executor, inviteId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insert(inviteUses)
    .values({ inviteId, userId })
    .onConflictDoNothing()
    .returning({ userId: inviteUses.userId });
  return rows.length > 0;
}

/**
 * For each of the given invites, the total number of (live) users who used it and the latest
 * {@link INVITE_USED_BY_LIMIT} of them, newest first, in one statement whatever the number of invites:
 * window functions rank and count the uses per invite.
 */
export async function findInviteUsers(db: Executor, inviteIds: string[]) {
  if (inviteIds.length === 0) return [];
  const ranked = db
    .select({
      inviteId: inviteUses.inviteId,
      usedAt: inviteUses.usedAt,
      userId: users.id,
      name: users.name,
      avatar: users.avatarUrl,
      rank: sql<number>`row_number() over (partition by ${inviteUses.inviteId} order by ${inviteUses.usedAt} desc, ${users.id} desc)`.as(
        'rank',
      ),
      total: sql<number>`count(*) over (partition by ${inviteUses.inviteId})`.as('total'),
    })
    .from(inviteUses)
    .innerJoin(users, and(eq(users.id, inviteUses.userId), isNull(users.deletedAt)))
    .where(inArray(inviteUses.inviteId, inviteIds))
    .as('ranked');
  return db
    .select({
      inviteId: ranked.inviteId,
      userId: ranked.userId,
      name: ranked.name,
      avatar: ranked.avatar,
      total: sql<number>`${ranked.total}`.mapWith(Number),
    })
    .from(ranked)
    .where(lte(ranked.rank, INVITE_USED_BY_LIMIT))
    .orderBy(ranked.inviteId, ranked.rank);
}

/**
 * Deletes at most `limit` invites that expired more than `graceDays` days ago (database clock) and that
 * nobody ever visited nor used: their curator's invites page would show them with no stats at all
 * (decision 0018, "Scheduled work"). Invites with a visit or a use are kept for their stats.
 * @returns the rows deleted.
 */
export async function deleteUnusedExpiredInvites(
  db: Executor,
  graceDays: number,
  limit: number,
): Promise<number> {
  const unused = db
    .select({ id: invites.id })
    .from(invites)
    .where(
      and(
        lt(invites.expiresAt, sql`now() - make_interval(days => ${graceDays})`),
        sql`not exists (select 1 from ${inviteVisits} where ${inviteVisits.inviteId} = ${invites.id})`,
        sql`not exists (select 1 from ${inviteUses} where ${inviteUses.inviteId} = ${invites.id})`,
      ),
    )
    .limit(limit);
  const deleted = await db.delete(invites).where(inArray(invites.id, unused)).returning({ id: invites.id });
  return deleted.length;
}

/**
 * Removes the invites a user created (their uses and visits go by cascade) and the user's own uses of
 * other invites (account deletion).
 */
export async function deleteInvitesOf(db: Executor, userId: string): Promise<void> {
  await db.delete(invites).where(eq(invites.creatorId, userId));
  await db.delete(inviteUses).where(eq(inviteUses.userId, userId));
}
