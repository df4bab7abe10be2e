import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';

/** A session that still signs its holder in: neither revoked nor expired. */
const liveSession = () => [isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())];

/** Creates a session row valid until `expiresAt`, with the User-Agent header of the sign-in. */
export async function insertSession(
  db: Executor,
  userId: string,
  expiresAt: Date,
  userAgent: string | null = null,
) {
  const [row] = await db.insert(sessions).values({ userId, expiresAt, userAgent }).returning();
  return row!;
}

/**
 * The live session `sessionId` of `userId` with the user's role and name (undefined when revoked, expired
 * or deleted), as a statement prepared once per connection (parsed and planned once): every
 * request whose session is not in the instance's session cache runs it, which is every request of a
 * reader who comes back after the cache's lifetime (docs/performance.md, "Feeds for many readers").
 */
export function prepareFindSessionUser(db: Db) {
  const statement = db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      name: users.name,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
        isNull(users.deletedAt),
      ),
    )
    .prepare('auth_find_session_user');
  return async (sessionId: string, userId: string) => (await statement.execute({ sessionId, userId }))[0];
}

/** Records that a session was used now (at most every few minutes: the session cache decides). */
export async function touchSession(db: Executor, sessionId: string, at: Date) {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId));
}

/** A user's live sessions (not revoked, not expired), last seen first. */
export async function listLiveSessions(db: Executor, userId: string) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ...liveSession()))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Revokes one live session of `userId`; false when it is not theirs, not live, or not there. */
export async function revokeSessionOf(db: Executor, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), ...liveSession()))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every live session of `userId` but `keepId`. @returns the ids revoked. */
export async function revokeOtherSessions(db: Executor, userId: string, keepId: string): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), ...liveSession()))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** Marks one session revoked. */
export async function revokeSession(db: Executor, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Revokes every live session of a user, optionally keeping one. */
export async function revokeUserSessions(db: Executor, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * Deletes at most `limit` sessions that ended (expired or were revoked) more than `graceDays` days ago, by
 * the database clock (decision 0018, "Scheduled work"). Such a session is refused already; its row only
 * answered "revoked" and the lookup answers the same for a missing row. @returns the rows deleted.
 */
export async function deleteEndedSessions(db: Executor, graceDays: number, limit: number): Promise<number> {
  const cutoff = sql`now() - make_interval(days => ${graceDays})`;
  const ended = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff)))
    .limit(limit);
  const deleted = await db.delete(sessions).where(inArray(sessions.id, ended)).returning({ id: sessions.id });
  return deleted.length;
}
