import { asc, eq } from 'drizzle-orm';
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

/** Appends a review entry (docs/product/rules-and-limits.md#review-flow: time, reviewer, action and, for a rejection, the reason). */
export async function insertReview(
  db: Executor,
  values: { josieId: string; reviewedBy: string; action: 'approved' | 'rejected'; rejectionReason?: string },
): Promise<void> {
  await db.insert(josieReviews).values({ ...values, rejectionReason: values.rejectionReason ?? null });
}
