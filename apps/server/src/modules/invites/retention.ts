import type { Db } from '../../db/client.js';
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

/**
 * The handler of the daily `invites.purge` job (decision 0018); the composition root registers it and its
 * cron schedule ({@link INVITES_PURGE_CRON}).
 */
export function invitesPurgeJob(deps: { db: Db; graceDays: number }): () => Promise<void> {
  const { db, graceDays } = deps;
  return async () => {
    await purgeExpiredInvites(db, graceDays);
  };
}
