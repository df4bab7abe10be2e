import type { Db } from '../../db/client.js';
import type { AppJobQueue } from '../../jobs/app-jobs.js';
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

/** Registers the daily `email-links.purge` job and its cron schedule (decision 0018). */
export function registerEmailLinkRetention(deps: { db: Db; jobs: AppJobQueue; graceDays: number }): void {
  const { db, jobs, graceDays } = deps;
  jobs.work('email-links.purge', async () => {
    await purgeSpentEmailLinks(db, graceDays);
  });
  jobs.schedule('email-links.purge', EMAIL_LINKS_PURGE_CRON, { run: 'daily' });
}
