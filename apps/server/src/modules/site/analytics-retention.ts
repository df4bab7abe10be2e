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
 * The handler of the `analytics.purge` job; the composition root registers it and its daily cron schedule
 * ({@link ANALYTICS_PURGE_CRON}): one job per midnight between all instances (decision 0018), retried like
 * any job when it fails.
 */
export function analyticsPurgeJob(deps: { db: Db; retentionDays: number }): () => Promise<void> {
  const { db, retentionDays } = deps;
  return () => purgeAnalyticsEvents(db, retentionDays);
}

/**
 * Run once the queue starts: enqueues a purge due now, so a purge also follows a start (a no-op when
 * today's start run is already queued or done, by its key).
 */
export async function enqueueStartPurge(jobs: Pick<AppJobQueue, 'enqueue'>): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  await jobs.enqueue('analytics.purge', { run: 'start' }, { key: `analytics.purge:start:${day}` });
}
