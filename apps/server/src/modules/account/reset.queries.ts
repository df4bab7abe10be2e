import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { passwordResets, users } from '../../db/schema.js';

/** Stores a reset token's hash for a user, valid until `expiresAt`. */
export async function insertPasswordReset(db: Executor, userId: string, tokenHash: string, expiresAt: Date) {
  await db.insert(passwordResets).values({ userId, tokenHash, expiresAt });
}

/**
 * The unused, unexpired reset with this token hash whose (live) user has this email, or undefined. The
 * lookup goes through the unique index on the hash, so no token is ever compared byte by byte.
 */
export async function findUsablePasswordReset(db: Executor, tokenHash: string, email: string) {
  const [row] = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
        eq(users.email, email),
        isNull(users.deletedAt),
      ),
    );
  return row;
}

/**
 * Marks the reset used, only if it still is unused; false when another request used it first. Every other
 * outstanding reset of the same user is closed too, so no older email can change the password again.
 */
export async function consumePasswordReset(db: Executor, id: string, userId: string): Promise<boolean> {
  const now = new Date();
  const [used] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  if (!used) return false;
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  return true;
}

/**
 * Deletes at most `limit` reset tokens used or expired more than `graceDays` days ago, by the database
 * clock (decision 0018, "Scheduled work"): such a token can no longer change a password, and a missing row
 * answers a reset attempt the same way. @returns the rows deleted.
 */
export async function deleteSpentPasswordResets(
  db: Executor,
  graceDays: number,
  limit: number,
): Promise<number> {
  const cutoff = sql`now() - make_interval(days => ${graceDays})`;
  const spent = db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(or(lt(passwordResets.expiresAt, cutoff), lt(passwordResets.usedAt, cutoff)))
    .limit(limit);
  const deleted = await db
    .delete(passwordResets)
    .where(inArray(passwordResets.id, spent))
    .returning({ id: passwordResets.id });
  return deleted.length;
}

/**
 * Spends every unused reset token of the user (decision 0025, "Password and email changes"): after a
 * password change, "sign out everywhere else" or a new address, no earlier mail may set the password.
 */
export async function spendUserPasswordResets(db: Executor, userId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
