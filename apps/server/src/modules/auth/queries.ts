import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';

/** Creates a session row valid until `expiresAt`. */
export async function insertSession(db: Executor, userId: string, expiresAt: Date) {
  const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning();
  return row!;
}

/** The user behind a live session (not revoked, not expired, user not deleted), or undefined. */
export async function findSessionUser(db: Executor, sessionId: string, userId: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role, email: users.email, name: users.name })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        isNull(users.deletedAt),
      ),
    );
  return row;
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
