import type { Db } from '../../db/client.js';
import { deleteInBatches, type ScheduledRun } from '../../jobs/batches.js';
import { deleteSpentEmailLinks } from './email-links.queries.js';

/** The mailed links' clean-up job (decision 0018, "Scheduled work"). */
export type EmailLinkJobs = { 'email-links.purge': ScheduledRun };

/** When the mailed links' clean-up runs: every day at 00:25 UTC (cron). */
export const EMAIL_LINKS_PURGE_CRON = '25 0 * * *';

/**
 * Deletes the mailed links (verification, email change, account deletion) used or expired more than
 * `graceDays` days ago, in batches: a link works 24 hours and once (docs/decisions/0025-account-and-data.md),
 * so these rows only ever answered "invalid or expired", as a missing row does. Idempotent.
 * @returns the rows deleted.
 */
export function purgeSpentEmailLinks(db: Db, graceDays: number): Promise<number> {
  return deleteInBatches((limit) => deleteSpentEmailLinks(db, graceDays, limit));
}

/**
 * The handler of the daily `email-links.purge` job (decision 0018); the composition root registers it and
 * its cron schedule ({@link EMAIL_LINKS_PURGE_CRON}).
 */
export function emailLinksPurgeJob(deps: { db: Db; graceDays: number }): () => Promise<void> {
  const { db, graceDays } = deps;
  return async () => {
    await purgeSpentEmailLinks(db, graceDays);
  };
}
