import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { josieLikes, josieSaves, josies } from '../../db/schema.js';

/**
 * Locks a published josie's row for the rest of the transaction, so that concurrent like toggles on it run
 * one after the other and `like_count` always equals its likes. Undefined when it is not published.
 */
export async function lockPublishedJosie(db: Executor, josieId: string) {
  const [row] = await db
    .select({ id: josies.id })
    .from(josies)
    .where(and(eq(josies.id, josieId), eq(josies.status, 'published')))
    .for('update');
  return row;
}

/** Whether a published josie exists (saves need no lock: they carry no counter). */
export async function isPublished(db: Executor, josieId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: josies.id })
    .from(josies)
    .where(and(eq(josies.id, josieId), eq(josies.status, 'published')));
  return row !== undefined;
}

/** Removes the user's like; whether there was one. */
export async function deleteLike(db: Executor, josieId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(josieLikes)
    .where(and(eq(josieLikes.josieId, josieId), eq(josieLikes.userId, userId)))
    .returning({ userId: josieLikes.userId });
  return rows.length > 0;
}

/** Adds the user's like; whether it is new. */
export async function insertLike(db: Executor, josieId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insert(josieLikes)
    .values({ josieId, userId })
    .onConflictDoNothing()
    .returning({ userId: josieLikes.userId });
  return rows.length > 0;
}

/** The josie's current `like_count`. */
export async function likeCountOf(db: Executor, josieId: string): Promise<number> {
  const [row] = await db.select({ likeCount: josies.likeCount }).from(josies).where(eq(josies.id, josieId));
  return row!.likeCount;
}

/** Removes the user's save; whether there was one. */
export async function deleteSave(db: Executor, josieId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(josieSaves)
    .where(and(eq(josieSaves.josieId, josieId), eq(josieSaves.userId, userId)))
    .returning({ userId: josieSaves.userId });
  return rows.length > 0;
}

/** Adds the user's save; whether it is new. */
export async function insertSave(db: Executor, josieId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insert(josieSaves)
    .values({ josieId, userId })
    .onConflictDoNothing()
    .returning({ userId: josieSaves.userId });
  return rows.length > 0;
}

/**
 * Removes every like and save of a user (account deletion); answers the ids of the josies whose like was
 * removed: exactly the rows this statement deleted, so a like removed concurrently is not counted twice.
 */
export async function deleteLikesAndSavesOf(db: Executor, userId: string): Promise<string[]> {
  const liked = await db
    .delete(josieLikes)
    .where(eq(josieLikes.userId, userId))
    .returning({ josieId: josieLikes.josieId });
  await db.delete(josieSaves).where(eq(josieSaves.userId, userId));
  return liked.map((r) => r.josieId);
}
