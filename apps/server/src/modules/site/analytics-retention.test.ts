import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig } from '../../config.js';
import { analyticsEvents } from '../../db/schema.js';
import { buildEvent } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { jobRows } from '../../test/jobs.js';
import { ANALYTICS_PURGE_CRON } from './analytics-retention.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('analytics retention (decision 0010)', () => {
  let ctx: TestContext;
  const purgeJobs = () => jobRows(ctx.database, 'analytics.purge');
  const insertAged = async (name: string, ageDays: number) => {
    await buildEvent(ctx, {
      name: 'page_view',
      params: { page_path: name },
      at: new Date(Date.now() - ageDays * DAY_MS),
    });
  };
  const storedPaths = async () =>
    (await ctx.database.db.select({ params: analyticsEvents.params }).from(analyticsEvents))
      .map((r) => r.params.page_path)
      .sort();

  beforeAll(async () => {
    ctx = await createTestContext({ ANALYTICS_RETENTION_DAYS: '30' });
  });
  afterAll(() => ctx.close());

  it('reads ANALYTICS_RETENTION_DAYS: 395 days by default, a whole number of days of at least 1', () => {
    expect(buildConfig({}).analytics.retentionDays).toBe(395);
    expect(buildConfig({ ANALYTICS_RETENTION_DAYS: '30' }).analytics.retentionDays).toBe(30);
    for (const bad of ['0', '-5', '1.5', 'forever']) {
      expect(() => buildConfig({ ANALYTICS_RETENTION_DAYS: bad }), bad).toThrow(/ANALYTICS_RETENTION_DAYS/);
    }
  });

  it('purges events past the retention period on the job queue, once a day, and keeps the rest', async () => {
    // At start the app purged once (today's start run), and the queue runs it every day at 00:00 UTC.
    await ctx.app.jobs.idle();
    const today = new Date().toISOString().slice(0, 10);
    expect((await purgeJobs()).map((j) => [j.key, j.state])).toEqual([
      [`analytics.purge:start:${today}`, 'completed'],
    ]);
    const { rows: schedules } = await ctx.database.sql.executeSql(
      `select name, cron, timezone, data from pgboss.schedule where name = 'analytics.purge'`,
    );
    expect(schedules).toEqual([
      { name: 'analytics.purge', cron: ANALYTICS_PURGE_CRON, timezone: 'UTC', data: { run: 'daily' } },
    ]);
    expect(ANALYTICS_PURGE_CRON).toBe('0 0 * * *');

    await insertAged('old', 31);
    await insertAged('older', 400);
    await insertAged('recent', 29);
    await insertAged('today', 0);

    // Midnight comes: the schedule's job runs.
    await ctx.app.jobs.enqueue('analytics.purge', { run: 'daily' });
    await ctx.app.jobs.idle();
    expect(await storedPaths()).toEqual(['recent', 'today']);
    expect((await purgeJobs()).map((j) => j.state)).toEqual(['completed', 'completed']);
  });
});
