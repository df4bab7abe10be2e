/**
 * Batching of the scheduled clean-up jobs (decision 0018, "Scheduled work"): each statement deletes at most
 * {@link CLEANUP_BATCH_SIZE} rows in its own short transaction, so a run never holds locks for long, and a
 * run stops after {@link CLEANUP_MAX_BATCHES} batches (the rest waits for the next day's run).
 */

/** Rows one clean-up statement deletes at most. */
export const CLEANUP_BATCH_SIZE = 500;

/** Batches one run of a clean-up job deletes at most (100,000 rows with the default batch size). */
export const CLEANUP_MAX_BATCHES = 200;

/** The payload of a scheduled clean-up job: it runs from the queue's daily cron. */
export type ScheduledRun = { run: 'daily' };

/**
 * Calls `deleteBatch(limit)` until it deletes fewer than `limit` rows (nothing left) or `maxBatches` batches
 * ran. Each call is its own statement (or transaction), so locks are held for one batch only.
 *
 * @returns the rows deleted in all.
 */
export async function deleteInBatches(
  deleteBatch: (limit: number) => Promise<number>,
  opts: { batchSize?: number; maxBatches?: number } = {},
): Promise<number> {
  const batchSize = opts.batchSize ?? CLEANUP_BATCH_SIZE;
  const maxBatches = opts.maxBatches ?? CLEANUP_MAX_BATCHES;
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const deleted = await deleteBatch(batchSize);
    total += deleted;
    if (deleted < batchSize) break;
  }
  return total;
}
