import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { josieReviews, josies } from '../../db/schema.js';
import type { JosieRow } from '../josies/index.js';

/** The review queue: pending josies, longest waiting (oldest update) first; served by `josies_review_idx`. */
export function listPendingJosies(db: Executor): Promise<JosieRow[]> {
  return db
    .select()
    .from(josies)
    .where(eq(josies.status, 'pending'))
    .orderBy(asc(josies.updatedAt), asc(josies.id));
}

/**
 * Moves a josie from pending to `to` in one conditional statement, so two reviewers cannot both act on
 * it. Publishing keeps the first publication time (`published_at`) when it was published before: an
 * edited and re-approved josie keeps its place in the feeds instead of jumping to the top.
 *
 * @returns the updated row, or undefined when the josie is missing or no longer pending.
 */
export async function transitionPending(
  db: Executor,
  id: string,
  to: { status: 'published' } | { status: 'rejected'; rejectionReason: string },
): Promise<JosieRow | undefined> {
  const set =
    to.status === 'published'
      ? { status: to.status, publishedAt: sql`coalesce(${josies.publishedAt}, now())` }
      : { status: to.status, rejectionReason: to.rejectionReason };
  const [row] = await db
    .update(josies)
    .set(set)
    .where(and(eq(josies.id, id), eq(josies.status, 'pending')))
    .returning();
  return row;
}

/** Appends a review entry (docs/product/rules-and-limits.md#review-flow: time, reviewer, action and, for a rejection, the reason). */
export async function insertReview(
  db: Executor,
  values: { josieId: string; reviewedBy: string; action: 'approved' | 'rejected'; rejectionReason?: string },
): Promise<void> {
  await db.insert(josieReviews).values({ ...values, rejectionReason: values.rejectionReason ?? null });
}
