import type { AdminStatsResponse } from '@josie/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import {
  buildEvent,
  buildFollow,
  buildJosie,
  buildReview,
  buildUser,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { lastUtcDays } from './service.js';

const DAY = 86_400_000;

describe('admin: GET /api/admin/stats', () => {
  let ctx: TestContext;
  let db: Db;
  let admin: TestUser;
  const stats = async () =>
    (await ctx.app.inject({ url: '/api/admin/stats', headers: admin.auth })).json() as AdminStatsResponse;

  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.database.db;
    admin = await buildUser(ctx, { role: 'admin' });
  });
  afterAll(() => ctx.close());

  it('lists the last 30 UTC days, today last, with zero series and no popular curator on an empty site', async () => {
    const body = await stats();
    const today = new Date().toISOString().slice(0, 10);
    expect(body.series.days).toHaveLength(30);
    expect(body.series.days.at(-1)).toBe(today);
    expect(body.series.days[0]).toBe(new Date(Date.parse(today) - 29 * DAY).toISOString().slice(0, 10));
    expect(body.popularCurator).toBeNull();
    expect(body.totalListeners).toBe(0);
    expect(body.totalCurators).toBe(0);
    for (const key of ['josiesPublished', 'approvals', 'rejections', 'pageViews'] as const) {
      expect(body.series[key]).toEqual(Array(30).fill(0));
    }
    // The admin's own sign-up, today.
    expect(body.series.signups.at(-1)).toBe(1);
  });

  it('counts live listeners and curators, and names the most followed curator', async () => {
    const [l1, l2, l3] = [await buildUser(ctx), await buildUser(ctx), await buildUser(ctx)];
    const gone = await buildUser(ctx);
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.user._id));
    const mia = await buildUser(ctx, { role: 'curator', name: 'Mia' });
    const ben = await buildUser(ctx, { role: 'curator', name: 'Ben' });
    await buildUser(ctx, { role: 'curator', name: 'Quiet' });
    await buildUser(ctx, { role: 'editor' });
    const followedEditor = await buildUser(ctx, { role: 'editor', name: 'Ed' });
    for (const l of [l1, l2]) await buildFollow(ctx, { follower: l!, curator: ben });
    await buildFollow(ctx, { follower: l3!, curator: mia });
    // Followers of a non-curator do not make them the popular curator.
    for (const l of [l1, l2, l3]) await buildFollow(ctx, { follower: l!, curator: followedEditor });

    const body = await stats();
    expect(body.totalListeners).toBe(3);
    expect(body.totalCurators).toBe(3);
    expect(body.popularCurator).toEqual({ name: 'Ben', count: 2 });
  });

  it('counts sign-ups, josies published, approvals, rejections and page views per UTC day', async () => {
    const midnight = Date.parse(new Date().toISOString().slice(0, 10));
    const today = new Date(midnight + 60_000);
    const firstDay = new Date(midnight - 29 * DAY + 60_000);
    const tooOld = new Date(midnight - 30 * DAY + 60_000);
    const curator = await buildUser(ctx, { role: 'curator' });
    const oldUser = await buildUser(ctx);
    await db.update(users).set({ createdAt: firstDay }).where(eq(users.id, oldUser.user._id));
    const olderUser = await buildUser(ctx);
    await db.update(users).set({ createdAt: tooOld }).where(eq(users.id, olderUser.user._id));

    const before = await stats();
    const c = curator.user._id;
    const j1 = await buildJosie(ctx, { creator: c, publishedAt: today });
    await buildJosie(ctx, { creator: c, publishedAt: today });
    const j3 = await buildJosie(ctx, { creator: c, publishedAt: firstDay });
    await buildJosie(ctx, { creator: c, publishedAt: tooOld });
    await buildJosie(ctx, { creator: c, status: 'pending' });
    await buildReview(ctx, { josie: j1, action: 'approved', reviewedAt: today });
    await buildReview(ctx, { josie: j3, action: 'approved', reviewedAt: firstDay });
    await buildReview(ctx, { josie: j3, action: 'rejected', reviewedAt: firstDay });
    await buildReview(ctx, { josie: j3, action: 'rejected', reviewedAt: new Date(midnight - 10 * DAY) });
    await buildReview(ctx, { josie: j3, action: 'rejected', reviewedAt: tooOld });
    for (let i = 0; i < 3; i += 1) await buildEvent(ctx, { at: today });
    await buildEvent(ctx, { at: firstDay });
    await buildEvent(ctx, { at: tooOld });
    await buildEvent(ctx, { name: 'josie_view', at: today });

    const body = await stats();
    const { series } = body;
    const last = 29;
    const tenDaysAgo = series.days.indexOf(new Date(midnight - 10 * DAY).toISOString().slice(0, 10));
    expect(tenDaysAgo).toBe(19);
    expect(series.signups[0]).toBe(1);
    expect(series.josiesPublished).toEqual(
      series.days.map((_, i) => (i === last ? 2 : 0) + (i === 0 ? 1 : 0) + before.series.josiesPublished[i]!),
    );
    expect(series.approvals[last]).toBe(1);
    expect(series.approvals[0]).toBe(1);
    expect(series.rejections[0]).toBe(1);
    expect(series.rejections[tenDaysAgo]).toBe(1);
    expect(series.rejections.reduce((a, b) => a + b, 0)).toBe(2);
    expect(series.pageViews[last]).toBe(3);
    expect(series.pageViews[0]).toBe(1);
    expect(series.pageViews.reduce((a, b) => a + b, 0)).toBe(4);
    for (const key of ['signups', 'josiesPublished', 'approvals', 'rejections', 'pageViews'] as const) {
      expect(series[key]).toHaveLength(30);
    }
  });

  it('builds day lists in UTC whatever the hour', () => {
    expect(lastUtcDays(new Date('2024-03-01T23:59:59Z'), 3)).toEqual({
      from: new Date('2024-02-28T00:00:00Z'),
      days: ['2024-02-28', '2024-02-29', '2024-03-01'],
    });
    expect(lastUtcDays(new Date('2024-03-31T00:00:00Z'), 2).days).toEqual(['2024-03-30', '2024-03-31']);
  });
});
