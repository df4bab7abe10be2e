import type { Db } from '../../db/client.js';
import type { AppJobQueue } from '../../jobs/app-jobs.js';
import { deleteAnalyticsEventsOlderThan } from './queries.js';

/**
 * The analytics retention job (decision 0010): `analytics.purge` deletes the events older than
 * `ANALYTICS_RETENTION_DAYS`. `run` says why it runs: `'daily'` from the queue's cron schedule, `'start'`
 * as the app starts (keyed by the UTC day, so that instances starting the same day add one job between
 * them).
 */
export type AnalyticsJobs = {
  'analytics.purge': { run: 'start' | 'daily' };
};

/** When the daily purge runs: every day at 00:00 UTC (cron). */
export const ANALYTICS_PURGE_CRON = '0 0 * * *';

/** Deletes the analytics events recorded more than `retentionDays` days ago (by the database clock). */
export async function purgeAnalyticsEvents(db: Db, retentionDays: number): Promise<void> {
  await deleteAnalyticsEventsOlderThan(db, retentionDays);
}

/**
 * Registers the daily purge on the app's job queue: a cron schedule of pg-boss (decision 0018), one job
 * per midnight between all instances, retried like any job when it fails.
 *
 * @returns `scheduleToday`, called once the queue starts: enqueues a run due now, so a purge also follows
 *   a start (a no-op when today's start run is already queued or done, by its key).
 */
export function registerAnalyticsRetention(deps: { db: Db; jobs: AppJobQueue; retentionDays: number }): {
  scheduleToday: () => Promise<void>;
} {
  const { db, jobs, retentionDays } = deps;
  jobs.work('analytics.purge', () => purgeAnalyticsEvents(db, retentionDays));
  jobs.schedule('analytics.purge', ANALYTICS_PURGE_CRON, { run: 'daily' });
  return {
    scheduleToday: async () => {
      const day = new Date().toISOString().slice(0, 10);
      await jobs.enqueue('analytics.purge', { run: 'start' }, { key: `analytics.purge:start:${day}` });
    },
  };
}
