/**
 * The curator studio's routes (docs/decisions/0050-curator-studio-counts.md): the flag, who may read whose
 * studio, the events as the web sends them (hashed readers, bots, refused parameters), the overview against
 * the previous period, the josie table and page, the audience, the platform totals and the CSV exports.
 */
import {
  StudioAudienceResponse,
  StudioJosieResponse,
  StudioJosiesResponse,
  StudioOverviewResponse,
  StudioPlatformResponse,
} from '@josie/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../db/schema.js';
import {
  buildEvent,
  buildFollow,
  buildInvite,
  buildJosie,
  buildUser,
  setFlag,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { catchUpStudio, studioEvents } from '../../test/studio.js';

const DAY = 86_400_000;
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

describe('the curator studio (decision 0050)', () => {
  let ctx: TestContext;
  let owner: TestUser;
  let other: TestUser;
  let listener: TestUser;
  let editor: TestUser;
  let admin: TestUser;

  const get = (url: string, user: TestUser | null) =>
    ctx.app.inject({
      url,
      headers: user ? { ...user.auth, 'user-agent': BROWSER } : { 'user-agent': BROWSER },
    });
  const send = (user: TestUser | null, payload: object, userAgent = BROWSER, ip = '10.0.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { ...(user ? user.auth : {}), 'user-agent': userAgent },
      remoteAddress: ip,
      payload,
    });
  /** The prompt rollups enqueued so far (decision 0050, amended). */
  const promptJobs = async () => {
    const { rows } = (await ctx.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'studio.rollup' and data->>'run' = 'prompt'`,
    )) as unknown as { rows: { n: number }[] };
    return rows[0]!.n;
  };
  const view = (josieId: string, reader: string, at: Date, surface = 'feed', language = 'he') =>
    buildEvent(ctx, { name: 'josie_view', at, reader, params: { josie_id: josieId, surface, language } });

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await buildUser(ctx, { role: 'curator', name: 'Owner' });
    other = await buildUser(ctx, { role: 'curator', name: 'Other' });
    listener = await buildUser(ctx, { name: 'Listener' });
    editor = await buildUser(ctx, { role: 'editor', name: 'Editor' });
    admin = await buildUser(ctx, { role: 'admin', name: 'Admin' });
  });
  afterAll(() => ctx.close());

  it('answers every route 404 FEATURE_DISABLED while the flag is off', async () => {
    await setFlag(ctx, 'studio', 'false');
    const josie = await buildJosie(ctx, { creator: owner.user._id });
    for (const url of [
      '/api/studio/overview',
      '/api/studio/josies',
      `/api/studio/josies/${josie.id}`,
      '/api/studio/audience',
      '/api/studio/export/josies',
    ]) {
      const res = await get(url, owner);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'FEATURE_DISABLED' });
    }
    expect((await get('/api/studio/platform', admin)).json()).toMatchObject({ code: 'FEATURE_DISABLED' });
    await setFlag(ctx, 'studio', 'true');
  });

  it("refuses someone else's studio to a listener and another curator, not to an admin", async () => {
    await setFlag(ctx, 'studio', 'true');
    const josie = await buildJosie(ctx, { creator: owner.user._id });
    const theirs = `curatorId=${owner.user._id}`;
    for (const path of ['overview', 'josies', 'audience', 'export/overview']) {
      expect((await get(`/api/studio/${path}?${theirs}`, listener)).statusCode, path).toBe(403);
      const refused = await get(`/api/studio/${path}?${theirs}`, other);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect((await get(`/api/studio/${path}?${theirs}`, editor)).statusCode, path).toBe(403);
      expect((await get(`/api/studio/${path}?${theirs}`, admin)).statusCode, path).toBe(200);
      expect((await get(`/api/studio/${path}?${theirs}`, owner)).statusCode, path).toBe(200);
      expect((await get(`/api/studio/${path}`, null)).statusCode, path).toBe(401);
    }
    expect((await get(`/api/studio/josies/${josie.id}`, other)).statusCode).toBe(403);
    expect((await get(`/api/studio/josies/${josie.id}`, listener)).statusCode).toBe(403);
    expect((await get(`/api/studio/josies/${josie.id}`, admin)).statusCode).toBe(200);
    expect((await get('/api/studio/josies/not-a-uuid', owner)).statusCode).toBe(404);
    expect((await get(`/api/studio/josies/${crypto.randomUUID()}`, owner)).statusCode).toBe(404);
    // An admin naming no curator, or a malformed one: 404, never a 500.
    expect((await get(`/api/studio/overview?curatorId=${crypto.randomUUID()}`, admin)).statusCode).toBe(404);
    expect((await get('/api/studio/overview?curatorId=nope', admin)).statusCode).toBe(404);
    expect((await get('/api/studio/platform', owner)).statusCode).toBe(403);
    expect((await get('/api/studio/overview?period=1y', owner)).statusCode).toBe(400);
  });

  it("records the web's events with a hashed reader, marks bots, and refuses a studio event without its parameters", async () => {
    const josie = await buildJosie(ctx, { creator: owner.user._id });
    const viewBody = {
      name: 'josie_view',
      params: { josie_id: josie.id, surface: 'search', language: 'en' },
    };
    expect((await send(null, viewBody)).statusCode).toBe(202);
    expect((await send(null, viewBody)).statusCode).toBe(202);
    expect((await send(listener, viewBody, BROWSER, '10.0.0.2')).statusCode).toBe(202);
    expect((await send(null, viewBody, 'Googlebot/2.1 (+http://www.google.com/bot.html)')).statusCode).toBe(
      202,
    );
    for (const params of [
      { surface: 'search' },
      { josie_id: 'nope', surface: 'search' },
      { josie_id: josie.id, surface: 'the moon' },
    ]) {
      const res = await send(null, { name: 'josie_view', params });
      expect(res.statusCode).toBe(400);
    }
    const stored = await ctx.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.name, 'josie_view'));
    const mine = stored.filter((e) => e.params.josie_id === josie.id);
    expect(mine).toHaveLength(4);
    // Never the address, the agent or the account in the clear: a 22-character hash, one per reader.
    for (const event of mine.filter((e) => !e.bot)) {
      expect(event.reader).toMatch(/^[\w-]{22}$/);
      expect(JSON.stringify(event)).not.toContain('10.0.0.1');
    }
    expect(new Set(mine.filter((e) => !e.bot).map((e) => e.reader)).size).toBe(2);
    expect(mine.filter((e) => e.bot)).toMatchObject([{ reader: null }]);
    await catchUpStudio(ctx.database.db);
    const page = StudioJosieResponse.parse((await get(`/api/studio/josies/${josie.id}`, owner)).json());
    expect(page.totals.views).toEqual({ current: 2, previous: 0 });
    expect(page.surfaces.search).toBe(2);
    expect(page.languages).toEqual({ en: 2, he: 0, other: 0 });
  });

  it('counts events within seconds of their arrival, one prompt run for a burst (no cron, no catching up)', async () => {
    await setFlag(ctx, 'studio', 'true');
    const josie = await buildJosie(ctx, { creator: owner.user._id });
    const before = await promptJobs();
    const started = Date.now();
    for (let i = 0; i < 12; i++) {
      const res = await send(
        null,
        { name: 'josie_view', params: { josie_id: josie.id, surface: 'feed', language: 'he' } },
        BROWSER,
        `10.7.0.${i}`,
      );
      expect(res.statusCode).toBe(202);
    }
    const ended = Date.now();
    // Windows of 3 s: at most one new job for each window the burst touched (none for a window an earlier
    // event already asked for), and one that starts after the burst's last event.
    const windows = Math.floor(ended / 3000) - Math.floor(started / 3000) + 1;
    expect((await promptJobs()) - before).toBeLessThanOrEqual(windows);
    const { rows } = (await ctx.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'studio.rollup' and data->>'run' = 'prompt'
        and start_after >= ${new Date(ended).toISOString()}::timestamptz`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
    await expect
      .poll(
        async () =>
          StudioJosieResponse.parse((await get(`/api/studio/josies/${josie.id}?period=7d`, owner)).json())
            .totals.views.current,
        { timeout: 20_000, interval: 250 },
      )
      .toBe(12);
  });

  it('sums the overview against the previous period, with daily series, follows and likes', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const [a, b] = [
      await buildJosie(ctx, { creator: curator.user._id }),
      await buildJosie(ctx, { creator: curator.user._id }),
    ];
    await view(a.id, 'r1', daysAgo(0));
    await view(a.id, 'r1', daysAgo(0));
    await view(a.id, 'r2', daysAgo(0));
    await view(b.id, 'r1', daysAgo(3));
    await view(b.id, 'r1', daysAgo(9));
    // The previous 7 days, and older than both 7-day periods.
    await view(a.id, 'r3', daysAgo(8));
    await view(a.id, 'r4', daysAgo(20));
    // A like and a follow through the API: server events after commit.
    const fan = await buildUser(ctx);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/josies/${a.id}/like`, headers: fan.auth }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/users/follow/${curator.user._id}`,
          headers: fan.auth,
        })
      ).statusCode,
    ).toBe(200);
    await buildFollow(ctx, { follower: (await buildUser(ctx)).user._id, curator: curator.user._id });
    await studioEvents(ctx.database.db, 'follow_gained', 1);
    await studioEvents(ctx.database.db, 'josie_like', 1);
    await catchUpStudio(ctx.database.db);

    const week = StudioOverviewResponse.parse((await get('/api/studio/overview?period=7d', curator)).json());
    expect(week.totals.views).toEqual({ current: 3, previous: 2 });
    expect(week.totals.likes).toEqual({ current: 1, previous: 0 });
    expect(week.followers).toEqual({
      now: 2,
      gained: { current: 1, previous: 0 },
      lost: { current: 0, previous: 0 },
    });
    expect(week.series.days).toHaveLength(7);
    expect(week.series.metrics.views).toEqual([0, 0, 0, 1, 0, 0, 2]);
    expect(week.range.previousFrom).not.toBeNull();

    const all = StudioOverviewResponse.parse((await get('/api/studio/overview?period=all', curator)).json());
    expect(all.totals.views).toEqual({ current: 6, previous: null });
    expect(all.series.days).toHaveLength(21);
    // The first day counted, whatever the period: the web's "nothing yet" is judged on it.
    expect(all.firstDay).toBe(all.series.days[0]);
    expect(week.firstDay).toBe(all.firstDay);

    // The admin's platform totals hold this curator's.
    const platform = StudioPlatformResponse.parse(
      (await get('/api/studio/platform?period=all', admin)).json(),
    );
    expect(platform.totals.views.current).toBeGreaterThanOrEqual(6);
  });

  it('lists every published josie, sorted and paged, and exports it as streamed CSV', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const josies = [];
    for (let i = 0; i < 5; i++) {
      josies.push(
        await buildJosie(ctx, { creator: curator.user._id, title: i === 0 ? '=HYPERLINK("x")' : `שיר ${i}` }),
      );
    }
    await buildJosie(ctx, { creator: curator.user._id, status: 'pending' });
    for (const [i, josie] of josies.entries()) {
      for (let r = 0; r < i; r++) await view(josie.id, `reader-${r}`, daysAgo(1));
    }
    await catchUpStudio(ctx.database.db);
    const first = StudioJosiesResponse.parse(
      (await get('/api/studio/josies?sort=views&limit=2', curator)).json(),
    );
    expect(first.total).toBe(5);
    expect(first.items.map((row) => row.views)).toEqual([4, 3]);
    const second = StudioJosiesResponse.parse(
      (await get('/api/studio/josies?sort=views&limit=2&page=2', curator)).json(),
    );
    expect(second.items.map((row) => row.views)).toEqual([2, 1]);
    const ascending = StudioJosiesResponse.parse(
      (await get('/api/studio/josies?sort=views&order=asc', curator)).json(),
    );
    expect(ascending.items.map((row) => row.views)).toEqual([0, 1, 2, 3, 4]);

    const csv = await get('/api/studio/export/josies?period=30d', curator);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="studio-josies-30d.csv"');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('id,title,publishedAt,views,plays,likes,saves,shares,comments,alsoOn');
    expect(lines).toHaveLength(6);
    // A title that would start a formula is escaped; Hebrew passes as UTF-8.
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.body).toContain('שיר 4');
    const empty = await get('/api/studio/export/audience', await buildUser(ctx, { role: 'curator' }));
    expect(empty.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe('day,followers,gained,lost');
  });

  it("totals a josie's period and the previous one from its running totals, in its page and the table", async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    // Rolled up out of day order: the later days' running rows exist before the earlier days' events.
    for (const [reader, back] of [
      ['a', 0],
      ['b', 20],
      ['c', 3],
      ['d', 9],
      ['e', 3],
    ] as const) {
      await view(josie.id, reader, daysAgo(back));
      await catchUpStudio(ctx.database.db);
    }
    const page = async (period: string) =>
      StudioJosieResponse.parse(
        (await get(`/api/studio/josies/${josie.id}?period=${period}`, curator)).json(),
      );
    expect((await page('7d')).totals.views).toEqual({ current: 3, previous: 1 });
    expect((await page('30d')).totals.views).toEqual({ current: 5, previous: 0 });
    const all = await page('all');
    expect(all.totals.views).toEqual({ current: 5, previous: null });
    expect(all.series.days).toHaveLength(21);
    expect(all.series.views.reduce((a, b) => a + b, 0)).toBe(5);
    const table = async (period: string) =>
      StudioJosiesResponse.parse((await get(`/api/studio/josies?period=${period}`, curator)).json()).items[0]!
        .views;
    expect([await table('7d'), await table('90d'), await table('all')]).toEqual([3, 5, 5]);
  });

  it("breaks a josie's views down by surface and language, and plays by service", async () => {
    const josie = await buildJosie(ctx, { creator: owner.user._id });
    await view(josie.id, 'a', daysAgo(0), 'explore', 'he');
    await view(josie.id, 'b', daysAgo(0), 'external', 'en');
    await view(josie.id, 'c', daysAgo(0), 'external', 'fr');
    for (const [reader, service, item] of [
      ['a', 'spotify', '0'],
      ['a', 'spotify', '0'],
      ['a', 'spotify', '1'],
      ['b', 'youtube', '0'],
    ] as const) {
      await buildEvent(ctx, {
        name: 'josie_play',
        reader,
        params: { josie_id: josie.id, service, item },
      });
    }
    await catchUpStudio(ctx.database.db);
    const page = StudioJosieResponse.parse(
      (await get(`/api/studio/josies/${josie.id}?period=7d`, owner)).json(),
    );
    expect(page.surfaces).toMatchObject({ explore: 1, external: 2, feed: 0 });
    expect(page.languages).toEqual({ en: 1, he: 1, other: 1 });
    expect(page.playsByService).toMatchObject({ spotify: 2, youtube: 1, deezer: 0, other: 0 });
    expect(page.totals.plays.current).toBe(3);
    expect(page.series.views.at(-1)).toBe(3);
  });

  it('shows followers over time, where they came from and the best invites', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const invite = await buildInvite(ctx, { creator: curator.user._id });
    const fans = await Promise.all([0, 1, 2].map(() => buildUser(ctx)));
    for (const fan of fans) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/users/follow/${curator.user._id}`,
        headers: fan.auth,
      });
      expect(res.statusCode).toBe(200);
    }
    await ctx.app.inject({
      method: 'POST',
      url: `/api/users/unfollow/${curator.user._id}`,
      headers: fans[0]!.auth,
    });
    for (const [reader, source] of [
      ['x', 'explore'],
      ['x', 'explore'],
      ['y', 'invite'],
    ] as const) {
      await buildEvent(ctx, {
        name: 'follow_source',
        reader,
        params: { curator_id: curator.user._id, source },
      });
    }
    await buildEvent(ctx, {
      name: 'invite_joined',
      params: { curator_id: curator.user._id, invite_id: invite.id },
    });
    await studioEvents(ctx.database.db, 'follow_lost', 1);
    await catchUpStudio(ctx.database.db);
    const audience = StudioAudienceResponse.parse(
      (await get('/api/studio/audience?period=7d', curator)).json(),
    );
    expect(audience.followersNow).toBe(2);
    expect(audience.series.gained.at(-1)).toBe(3);
    expect(audience.series.lost.at(-1)).toBe(1);
    expect(audience.series.followers.at(-1)).toBe(2);
    expect(audience.series.followers.at(-2)).toBe(0);
    expect(audience.sources).toMatchObject({ explore: 1, invite: 1, search: 0 });
    expect(audience.invites).toEqual([{ id: invite.id, text: expect.any(String), joins: 1 }]);
  });
});
