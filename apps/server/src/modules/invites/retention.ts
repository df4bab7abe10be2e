import type { Db } from '../../db/client.js';
import type { AppJobQueue } from '../../jobs/app-jobs.js';
import { deleteInBatches, type ScheduledRun } from '../../jobs/batches.js';
import { deleteUnusedExpiredInvites } from './queries.js';

/** The expired-invites clean-up job (decision 0018, "Scheduled work"). */
export type InviteJobs = { 'invites.purge': ScheduledRun };

/** When the expired-invites clean-up runs: every day at 00:40 UTC (cron). */
export const INVITES_PURGE_CRON = '40 0 * * *';

/**
 * Deletes the invites expired more than `graceDays` days ago that were never visited nor used, in batches
 * (each its own statement). Invites with stats stay (their curator sees them on the invites page). An
 * expired invite is not marked inactive: the list and the join page both derive "active" from the expiry
 * already (docs/product/rules-and-limits.md, "Invites"). Idempotent. @returns the rows deleted.
 */
export function purgeExpiredInvites(db: Db, graceDays: number): Promise<number> {
  return deleteInBatches((limit) => deleteUnusedExpiredInvites(db, graceDays, limit));
}

/** Registers the daily `invites.purge` job and its cron schedule on the app's queue (decision 0018). */
export function registerInviteRetention(deps: { db: Db; jobs: AppJobQueue; graceDays: number }): void {
  const { db, jobs, graceDays } = deps;
  jobs.work('invites.purge', async () => {
    await purgeExpiredInvites(db, graceDays);
  });
  jobs.schedule('invites.purge', INVITES_PURGE_CRON, { run: 'daily' });
}
