import type { Job } from '../../../jobs/queue.js';
import type { NotificationJobs } from '../notifier.js';
import type { NotificationJobContext } from './context.js';
import type { LikesWriter } from './write-likes.js';

/**
 * Likes handled by one `notify.likes` batch: their josies, creators and likers read in two statements, and
 * the day's entries written in four (docs/decisions/0032-like-notifications-in-batches.md).
 */
export const LIKES_BATCH = 100;

/**
 * `notify.likes` (a batch handler, {@link LIKES_BATCH} jobs at once): likes enqueued before they became their
 * own outbox (decision 0034), written in one transaction.
 */
export function likesJob(deps: NotificationJobContext, writeLikes: LikesWriter) {
  const { db } = deps;
  return async (batch: Job<NotificationJobs['notify.likes']>[]) => {
    const after = await db.transaction((tx) =>
      writeLikes(
        tx,
        batch.map((job) => job.payload),
      ),
    );
    await after();
  };
}
