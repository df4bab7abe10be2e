import type { Db } from '../../db/client.js';
import { deleteInBatches, type ScheduledRun } from '../../jobs/batches.js';
import { deleteEndedSessions } from './queries.js';

/** The sessions clean-up job (decision 0018, "Scheduled work"). */
export type SessionJobs = { 'sessions.purge': ScheduledRun };

/** When the sessions clean-up runs: every day at 00:10 UTC (cron). */
export const SESSIONS_PURGE_CRON = '10 0 * * *';

/**
 * Deletes the sessions that expired or were revoked more than `graceDays` days ago, in batches (each its
 * own statement). A token of a deleted session is refused with 401 like a revoked one: the session lookup
 * finds no live row either way (docs/decisions/0003-sessions-behind-jwts.md). Running it again deletes
 * nothing more. @returns the rows deleted.
 */
export function purgeEndedSessions(db: Db, graceDays: number): Promise<number> {
  return deleteInBatches((limit) => deleteEndedSessions(db, graceDays, limit));
}

/**
 * The handler of the daily `sessions.purge` job (decision 0018); the composition root registers it and its
 * cron schedule ({@link SESSIONS_PURGE_CRON}).
 */
export function sessionsPurgeJob(deps: { db: Db; graceDays: number }): () => Promise<void> {
  const { db, graceDays } = deps;
  return async () => {
    await purgeEndedSessions(db, graceDays);
  };
}
