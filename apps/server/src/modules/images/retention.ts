import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../adapters/storage.js';
import type { Db } from '../../db/client.js';
import { CLEANUP_BATCH_SIZE, type ScheduledRun } from '../../jobs/batches.js';
import { findMediaUploadedBefore } from './queries.js';
import { releaseUnreferencedMedia } from './references.js';

/** The unused-uploads clean-up job (decision 0018, "Scheduled work"). */
export type UploadJobs = { 'uploads.purge': ScheduledRun };

/** When the unused-uploads clean-up runs: every day at 00:30 UTC (cron). */
export const UPLOADS_PURGE_CRON = '30 0 * * *';

/**
 * Deletes the uploaded images (josie images, avatars, header images: the `media` table) that nothing shows
 * `olderThanHours` hours after their upload: an image uploaded for a josie that was never saved, say.
 * Pages through the old rows `CLEANUP_BATCH_SIZE` at a time, each page in its own short transaction that
 * deletes the rows of the files nothing shows (`releaseUnreferencedMedia`: no josie paragraph, avatar or
 * header image, whoever's; decision 0010); each page's files are removed from storage after its commit, so
 * a rolled-back page leaves every file. A file still shown keeps its row and its file. Idempotent: a second
 * run finds only shown files. A file whose removal fails is logged: its row is gone, so it stays an orphan
 * file in storage, never a dangling link.
 *
 * @returns the storage keys removed.
 */
export async function purgeUnusedUploads(deps: {
  db: Db;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'warn'>;
  olderThanHours: number;
  batchSize?: number;
}): Promise<string[]> {
  const { db, storage, log, olderThanHours } = deps;
  const batchSize = deps.batchSize ?? CLEANUP_BATCH_SIZE;
  const removed: string[] = [];
  let afterId: string | null = null;
  for (;;) {
    const page = await db.transaction(async (tx) => {
      const rows = await findMediaUploadedBefore(tx, olderThanHours, afterId, batchSize);
      return { rows, released: await releaseUnreferencedMedia(tx, storage, rows) };
    });
    const results = await Promise.allSettled(page.released.map((key) => storage.remove(key)));
    results.forEach((result, i) => {
      if (result.status === 'fulfilled') removed.push(page.released[i] as string);
      else log.warn({ err: result.reason, key: page.released[i] }, 'unused upload file was not removed');
    });
    if (page.rows.length < batchSize) return removed;
    afterId = page.rows[page.rows.length - 1]?.id ?? null;
  }
}

/**
 * The handler of the daily `uploads.purge` job (decision 0018); the composition root registers it and its
 * cron schedule ({@link UPLOADS_PURGE_CRON}).
 */
export function uploadsPurgeJob(purge: {
  db: Db;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'warn'>;
  olderThanHours: number;
}): () => Promise<void> {
  return async () => {
    await purgeUnusedUploads(purge);
  };
}
