import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { media, users } from '../../db/schema.js';

/**
 * Locks the live user's row until the caller's transaction ends, so that changes of one account are judged
 * one after the other (two export requests against the one-a-day rule, two uploads each seeing the other's
 * media row). @returns false when there is no live user.
 */
export async function lockLiveUser(tx: Executor, userId: string): Promise<boolean> {
  return (await lockUserForDeletion(tx, userId)) !== undefined;
}

/**
 * The live user about to be deleted, its row locked until the transaction ends (a second deletion, a role
 * change or a sign-up waits). Only what the deletion's checks need, the password hash included.
 */
export async function lockUserForDeletion(tx: Executor, userId: string) {
  const [row] = await tx
    .select({
      id: users.id,
      role: users.role,
      name: users.name,
      email: users.email,
      passwordHash: users.passwordHash,
      preferredLanguage: users.preferredLanguage,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  return row;
}

/**
 * How many live admins other than `userId` there are, their rows locked until the transaction ends: two
 * admins deleting themselves at once are judged one after the other, so one always stays.
 */
export async function lockOtherAdmins(tx: Executor, userId: string): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt), ne(users.id, userId)))
    .for('update');
  return rows.length;
}

/**
 * The media rows of the files under `keys` (the images of a deleted user's josies): those nothing else shows
 * go with the josies.
 */
export async function mediaKeyed(db: Executor, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .select({ id: media.id, storageKey: media.storageKey })
    .from(media)
    .where(inArray(media.storageKey, keys));
}
