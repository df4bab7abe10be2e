import type { Db } from '../../db/client.js';
import { deleteInBatches, type ScheduledRun } from '../../jobs/batches.js';
import type { EmailLinkJobs } from './email-links.retention.js';
import { deleteSpentPasswordResets } from './reset.queries.js';

/**
 * The clean-up jobs of the account's mailed tokens (decision 0018, "Scheduled work"): password resets, and
 * the other mailed links (`email-links.retention.ts`), which share the reset tokens' grace.
 */
export type PasswordResetJobs = { 'password-resets.purge': ScheduledRun } & EmailLinkJobs;

/** When the password-reset clean-up runs: every day at 00:20 UTC (cron). */
export const PASSWORD_RESETS_PURGE_CRON = '20 0 * * *';

/**
 * Deletes the reset tokens used or expired more than `graceDays` days ago, in batches (each its own
 * statement); a token is single-use and valid 60 minutes (docs/product/rules-and-limits.md, "Passwords
 * and reset"), so these rows only ever answered "invalid or expired". Idempotent. @returns the rows deleted.
 */
export function purgeSpentPasswordResets(db: Db, graceDays: number): Promise<number> {
  return deleteInBatches((limit) => deleteSpentPasswordResets(db, graceDays, limit));
}

/**
 * The handler of the daily `password-resets.purge` job (decision 0018); the composition root registers it
 * and its cron schedule ({@link PASSWORD_RESETS_PURGE_CRON}).
 */
export function passwordResetsPurgeJob(deps: { db: Db; graceDays: number }): () => Promise<void> {
  const { db, graceDays } = deps;
  return async () => {
    await purgeSpentPasswordResets(db, graceDays);
  };
}
