import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig } from '../../config.js';
import { analyticsEvents, jobs } from '../../db/schema.js';
import { buildEvent } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('analytics retention (decision 0010)', () => {
  let ctx: TestContext;
  const purgeJobs = () =>
    ctx.database.db
      .select({ key: jobs.key, state: jobs.state, runAt: jobs.runAt })
      .from(jobs)
      .where(eq(jobs.name, 'analytics.purge'))
      .orderBy(jobs.runAt);
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
    // At start the app purged once (today's job) and queued tomorrow's, at the next UTC midnight.
    await ctx.app.jobs.idle();
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
    const scheduled = await purgeJobs();
    expect(scheduled.map((j) => [j.key, j.state])).toEqual([
      [`analytics.purge:${today}`, 'completed'],
      [`analytics.purge:${tomorrow}`, 'queued'],
    ]);
    expect(scheduled[1]!.runAt.getTime()).toBeLessThanOrEqual(Date.parse(`${tomorrow}T00:00:00Z`) + 1000);
    expect(scheduled[1]!.runAt.getTime()).toBeGreaterThan(Date.now());

    await insertAged('old', 31);
    await insertAged('older', 400);
    await insertAged('recent', 29);
    await insertAged('today', 0);

    // Tomorrow comes: the queued job is due.
    await ctx.database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.key, `analytics.purge:${tomorrow}`));
    await ctx.app.jobs.idle();
    expect(await storedPaths()).toEqual(['recent', 'today']);
    // It queued the next day's purge, so the chain goes on.
    const dayAfter = new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10);
    expect((await purgeJobs()).map((j) => [j.key, j.state])).toEqual([
      [`analytics.purge:${today}`, 'completed'],
      [`analytics.purge:${tomorrow}`, 'completed'],
      [`analytics.purge:${dayAfter}`, 'queued'],
    ]);
  });
});
