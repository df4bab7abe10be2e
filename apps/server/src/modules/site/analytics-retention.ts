import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { analyticsEvents } from '../../db/schema.js';
import type { AppJobQueue } from '../../jobs/app-jobs.js';

/**
 * The analytics retention job (decision 0010): `analytics.purge` deletes the events older than
 * `ANALYTICS_RETENTION_DAYS`. `day` is the UTC day (`YYYY-MM-DD`) the run belongs to; it keys the job, so
 * that every instance enqueueing the same day's purge adds one job between them.
 */
export type AnalyticsJobs = {
  'analytics.purge': { day: string };
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of `at`, as `YYYY-MM-DD`. */
const utcDay = (at: Date | number) => new Date(at).toISOString().slice(0, 10);

/** Deletes the analytics events recorded more than `retentionDays` days ago (by the database clock). */
export async function purgeAnalyticsEvents(db: Db, retentionDays: number): Promise<void> {
  await db
    .delete(analyticsEvents)
    .where(lt(analyticsEvents.at, sql`now() - make_interval(days => ${retentionDays})`));
}

/**
 * Registers the daily purge on the app's job queue (decision 0006 has no cron: each run enqueues the next).
 * A run first enqueues the next day's run, at that day's 00:00 UTC, so a failing purge (retried by the
 * queue) never ends the chain; then it purges. Runs late after a stop (a queued day already past) are
 * followed by tomorrow's run, not by one run per missed day.
 *
 * @returns `scheduleToday`, called once the queue starts: enqueues today's run, due now (a no-op when
 *   today's run is already queued or done, by its key).
 */
export function registerAnalyticsRetention(deps: { db: Db; jobs: AppJobQueue; retentionDays: number }): {
  scheduleToday: () => Promise<void>;
} {
  const { db, jobs, retentionDays } = deps;

  const enqueueDay = async (day: string, delayMs: number) => {
    await jobs.enqueue('analytics.purge', { day }, { key: `analytics.purge:${day}`, delayMs });
  };

  jobs.work('analytics.purge', async (job) => {
    const next = Math.max(
      Date.parse(`${job.payload.day}T00:00:00Z`) + DAY_MS,
      startOfUtcDay(Date.now()) + DAY_MS,
    );
    await enqueueDay(utcDay(next), next - Date.now());
    await purgeAnalyticsEvents(db, retentionDays);
  });

  return { scheduleToday: () => enqueueDay(utcDay(Date.now()), 0) };
}

/** 00:00 UTC of the day of `at` (milliseconds since the epoch). */
function startOfUtcDay(at: number): number {
  return at - (at % DAY_MS);
}
