import { deleteInBatches } from '../../../jobs/batches.js';
import { deleteReadNotifications } from '../queries.js';
import type { NotificationJobContext } from './context.js';

/** When the read-notifications purge runs: every day at 00:50 UTC (cron). */
export const NOTIFICATIONS_PURGE_CRON = '50 0 * * *';

/** `notifications.purge` (cron, {@link NOTIFICATIONS_PURGE_CRON}): deletes read notifications past the grace. */
export function purgeJob(deps: NotificationJobContext) {
  const { db } = deps;
  return async () => {
    await deleteInBatches((limit) => deleteReadNotifications(db, deps.retentionDays, limit));
  };
}
