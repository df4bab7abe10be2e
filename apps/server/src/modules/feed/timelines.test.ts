import { FeedResponse } from '@josie/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, homeFeedEntries, homeFeeds, josies } from '../../db/schema.js';
import {
  approveJosie,
  buildAuthHeaders,
  buildFollow,
  buildJosie,
  buildJosies,
  buildJosieViaApi,
  buildUser,
  buildUserRow,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { recordQueries } from '../../test/queries.js';
import { dropWithdrawn, followingFeedRows } from './queries.js';

/** The bound of every timeline here: 21 rows, so that a few dozen josies already cross the horizon. */
const MAX = 21;
/** Where a fan-out page that starts at a curator's first follower starts (`fanOutPage`). */
const FIRST_FOLLOWER = '00000000-0000-0000-0000-000000000000';
/** Transaction control statements, which are no query of the data. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
/** Followers a publication adds in the approve transaction here; the rest go through `feed.fan-out`. */
const INLINE = 2;

/**
 * Home timelines kept on write (docs/decisions/0027-home-timelines.md), through the API: each write path
 * (follow, unfollow, approval and its fan-out job, deletion, edit back to review, account deletion, the
 * trim job) against a reader whose timeline exists already, the feed compared with the live query.
 */
describe('home timelines kept on write', () => {
  let ctx: TestContext;
  let editor: TestUser;
  /** A reader as the requests need them: an id and auth headers. */
  type Reader = { id: string; auth: Record<string, string> };
  const reader = (u: TestUser): Reader => ({ id: u.user._id, auth: u.auth });

  async function rowReader(role: 'listener' | 'curator' = 'listener'): Promise<Reader> {
    const row = await buildUserRow(ctx, { role });
    return { id: row.id, auth: await buildAuthHeaders(ctx, row) };
  }

  /** Every post id of `who`'s home feed (after cursor `from`), cursor after cursor; fails on a repeated id. */
  async function readAll(who: Reader, from: string | null = null): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = from;
    for (let page = 0; page < 100; page++) {
      const res = await ctx.app.inject({
        url: cursor ? `/api/josies/feed?cursor=${cursor}` : '/api/josies/feed',
        headers: who.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { data } = FeedResponse.parse(res.json());
      ids.push(...data.posts.map((p) => p._id));
      // Every page but the last is full: a row the timeline answers must be one the page can show.
      if (data.hasMore) expect(data.posts).toHaveLength(20);
      if (!data.hasMore) {
        expect(data.nextCursor).toBeNull();
        expect(new Set(ids).size, 'a josie repeated across pages').toBe(ids.length);
        return ids;
      }
      cursor = data.nextCursor;
    }
    throw new Error('the feed never ended');
  }

  /** The first page's ids: reading it builds the reader's timeline. */
  async function firstPage(who: Reader): Promise<string[]> {
    const res = await ctx.app.inject({ url: '/api/josies/feed', headers: who.auth });
    expect(res.statusCode, res.body).toBe(200);
    return FeedResponse.parse(res.json()).data.posts.map((p) => p._id);
  }

  /** The truth: `who`'s whole home feed read live from `josies`. */
  async function live(who: Reader): Promise<string[]> {
    return (await followingFeedRows(ctx.database.db, who.id, null, 100_000)).map((r) => r.id);
  }

  /** The whole feed through the API, checked equal to the live query; answers it. */
  async function complete(who: Reader): Promise<string[]> {
    const seen = await readAll(who);
    expect(seen).toEqual(await live(who));
    return seen;
  }

  /** The josie ids of `userId`'s timeline rows. */
  async function timelineRows(userId: string): Promise<string[]> {
    const rows = await ctx.database.db
      .select({ id: homeFeedEntries.josieId })
      .from(homeFeedEntries)
      .where(eq(homeFeedEntries.userId, userId));
    return rows.map((r) => r.id);
  }

  async function horizonOf(userId: string): Promise<{ since: Date | null } | undefined> {
    const [row] = await ctx.database.db
      .select({ since: homeFeeds.since })
      .from(homeFeeds)
      .where(eq(homeFeeds.userId, userId));
    return row;
  }

  async function rowsOfJosie(josieId: string): Promise<string[]> {
    const rows = await ctx.database.db
      .select({ userId: homeFeedEntries.userId })
      .from(homeFeedEntries)
      .where(eq(homeFeedEntries.josieId, josieId));
    return rows.map((r) => r.userId).sort();
  }

  const follow = (who: Reader, curatorId: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/users/follow/${curatorId}`, headers: who.auth });
  const unfollow = (who: Reader, curatorId: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/users/unfollow/${curatorId}`, headers: who.auth });

  /** A josie written by `curator` through the API and approved by the editor: the real publication. */
  async function publish(curator: TestUser, title = 'Published') {
    const josie = await buildJosieViaApi(ctx, curator, { title });
    await approveJosie(ctx, editor, josie._id);
    return josie._id;
  }

  beforeAll(async () => {
    ctx = await createTestContext({
      HOME_FEED_MAX: String(MAX),
      HOME_FEED_INLINE_FOLLOWERS: String(INLINE),
      RATE_LIMIT_AUTH_MAX: '10000',
    });
    editor = await buildUser(ctx, { role: 'editor' });
  }, 60_000);
  afterAll(() => ctx.close());

  it('a follow puts the curator’s josies into an existing timeline, each at its place', async () => {
    const r = await rowReader();
    const a = await buildUserRow(ctx, { role: 'curator' });
    const b = await buildUserRow(ctx, { role: 'curator' });
    const base = Date.now() - 3_600_000;
    // Interleaved: b's josies fall between a's.
    await buildJosies(ctx, { creator: a, count: 6, newest: new Date(base) });
    const theirs = await buildJosies(ctx, { creator: b, count: 6, newest: new Date(base - 500) });
    await buildFollow(ctx, { follower: r.id, curator: a.id });
    const before = await complete(r);
    expect(before).toHaveLength(6);
    expect(await horizonOf(r.id)).toEqual({ since: null });

    expect((await follow(r, b.id)).statusCode).toBe(200);
    expect((await timelineRows(r.id)).sort()).toEqual([...before, ...theirs.map((j) => j.id)].sort());
    const after = await complete(r);
    expect(after).toHaveLength(12);
    // a, b, a, b...: every one of b's josies right after the a josie published half a second before it.
    expect(after.filter((_, i) => i % 2 === 1)).toEqual(theirs.map((j) => j.id));
  }, 60_000);

  it('an unfollow takes the curator’s josies out of the timeline', async () => {
    const r = await rowReader();
    const a = await buildUserRow(ctx, { role: 'curator' });
    const b = await buildUserRow(ctx, { role: 'curator' });
    const kept = await buildJosies(ctx, { creator: a, count: 5, newest: new Date(Date.now() - 1000) });
    const gone = await buildJosies(ctx, { creator: b, count: 5, newest: new Date(Date.now() - 1500) });
    await buildFollow(ctx, { follower: r.id, curator: a.id });
    await buildFollow(ctx, { follower: r.id, curator: b.id });
    expect(await complete(r)).toHaveLength(10);

    expect((await unfollow(r, b.id)).statusCode).toBe(200);
    const after = await complete(r);
    expect(after).toEqual(kept.map((j) => j.id));
    expect(after.some((id) => gone.some((j) => j.id === id))).toBe(false);
    expect((await timelineRows(r.id)).sort()).toEqual(kept.map((j) => j.id).sort());
  }, 60_000);

  it('an approval adds the josie to a follower’s existing timeline and the curator’s own', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const fan = await rowReader();
    const stranger = await rowReader();
    const older = await buildJosie(ctx, { creator: curator, publishedAt: new Date(Date.now() - 60_000) });
    await buildFollow(ctx, { follower: fan.id, curator: curator.user._id });
    expect(await firstPage(fan)).toEqual([older.id]);
    expect(await firstPage(reader(curator))).toEqual([older.id]);
    expect(await firstPage(stranger)).toEqual([]);

    const id = await publish(curator);
    // Written by the approval itself (the curator and the first followers), not by a later read.
    expect(await rowsOfJosie(id)).toEqual([fan.id, curator.user._id].sort());
    expect(await firstPage(fan)).toEqual([id, older.id]);
    expect(await firstPage(reader(curator))).toEqual([id, older.id]);
    expect(await firstPage(stranger)).toEqual([]);
    await complete(fan);
  }, 60_000);

  it('beyond the inline followers, the fan-out job reaches every follower with a timeline', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const fans: Reader[] = [];
    for (let i = 0; i < 7; i++) {
      const fan = await rowReader();
      await buildFollow(ctx, { follower: fan.id, curator: curator.user._id });
      expect(await firstPage(fan)).toEqual([]);
      fans.push(fan);
    }
    const idle = await rowReader();
    await buildFollow(ctx, { follower: idle.id, curator: curator.user._id });
    await ctx.app.jobs.idle();

    const josie = await buildJosieViaApi(ctx, curator);
    await approveJosie(ctx, editor, josie._id);
    // In the approve transaction: the curator (who has never read: no timeline) no, the first INLINE
    // followers in id order yes. The job may already have run; it never removes rows.
    const byId = [...fans.map((f) => f.id), idle.id].sort();
    const inline = byId.slice(0, INLINE).filter((id) => id !== idle.id);
    const now = await rowsOfJosie(josie._id);
    for (const id of inline) expect(now).toContain(id);

    await ctx.app.jobs.idle();
    expect(await rowsOfJosie(josie._id)).toEqual(fans.map((f) => f.id).sort());
    for (const fan of fans) expect(await firstPage(fan)).toEqual([josie._id]);
    // The follower who never read gets no timeline from it, and reads it all on first read.
    expect(await horizonOf(idle.id)).toBeUndefined();
    expect(await complete(idle)).toEqual([josie._id]);
  }, 120_000);

  it('fans out over several job pages (more than 1,000 followers with timelines)', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const n = 2_150;
    // Followers with (empty, whole) timelines, as if each had read the feed: the curator has no josie yet.
    const db = ctx.database.db;
    await db.execute(sql`
      with made as (
        insert into users (name, email, role, password_hash, email_verified_at)
        select 'fan ' || g, 'fan-' || g || '-' || ${curator.user._id} || '@fanout.test', 'listener', 'x', now()
          from generate_series(1, ${n}) g
        returning id
      ), followed as (
        insert into ${follows} (follower_id, curator_id) select id, ${curator.user._id} from made
      )
      insert into ${homeFeeds} (user_id) select id from made`);
    const id = await publish(curator);
    await ctx.app.jobs.idle();
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(homeFeedEntries)
      .where(eq(homeFeedEntries.josieId, id));
    expect(row!.n).toBe(n);
  }, 300_000);

  it('the approve request sends the same statements with 3 followers as with 50', async () => {
    const small = await buildUser(ctx, { role: 'curator' });
    const large = await buildUser(ctx, { role: 'curator' });
    for (const [curator, count] of [
      [small, 3],
      [large, 50],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const fan = await buildUserRow(ctx);
        await buildFollow(ctx, { follower: fan.id, curator: curator.user._id });
        await ctx.database.db.insert(homeFeeds).values({ userId: fan.id });
      }
    }
    const statementsOfApprove = async (curator: TestUser) => {
      const josie = await buildJosieViaApi(ctx, curator);
      await ctx.app.jobs.idle();
      const { queries } = await recordQueries(ctx.database, () => approveJosie(ctx, editor, josie._id));
      await ctx.app.jobs.idle();
      expect((await rowsOfJosie(josie._id)).length).toBe(curator === small ? 3 : 50);
      // The jobs the approval wakes (this fan-out, the notifications') may run while the request is still
      // answering, their statements then recorded with the request's (a worker is woken from the request's
      // context); the job queue's own statements (schema pgboss) run on its timer. So what is counted is
      // the approve transaction's work up to its own fan-out page (the one starting at the first follower),
      // which no job can interleave with (nothing it enqueues is visible before its commit).
      const data = queries.filter((q) => !q.sql.includes('pgboss') && !TRANSACTION_CONTROL.test(q.sql));
      const inline = data.findIndex(
        (q) => q.sql.includes('insert into "home_feed_entries"') && q.params.includes(FIRST_FOLLOWER),
      );
      expect(inline).toBeGreaterThan(0);
      // The first INLINE followers only: the rest are the job's.
      expect(data[inline]!.params).toContain(INLINE);
      expect(data.slice(inline + 1).some((q) => q.params.includes(FIRST_FOLLOWER))).toBe(false);
      return data.slice(0, inline + 1).map((q) => q.sql);
    };
    await statementsOfApprove(small);
    const few = await statementsOfApprove(small);
    const many = await statementsOfApprove(large);
    expect(many).toEqual(few);
  }, 180_000);

  it('a deleted josie leaves the feeds and its timeline rows are gone', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const fan = await rowReader();
    await buildFollow(ctx, { follower: fan.id, curator: curator.user._id });
    await buildJosies(ctx, { creator: curator, count: 3, newest: new Date(Date.now() - 10_000) });
    await firstPage(fan);
    const id = await publish(curator);
    expect(await rowsOfJosie(id)).toEqual([fan.id]);
    expect((await complete(fan))[0]).toBe(id);

    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/josies/${id}`, headers: curator.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOfJosie(id)).toEqual([]);
    const after = await complete(fan);
    expect(after).toHaveLength(3);
    expect(after).not.toContain(id);
  }, 60_000);

  it("a re-approval fans out again beyond the inline followers (its jobs are not the first approval's)", async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    // INLINE followers first (their ids sort first: uuid v7), then a reader beyond them.
    for (let i = 0; i < INLINE; i++) {
      const fan = await rowReader();
      await buildFollow(ctx, { follower: fan.id, curator: curator.user._id });
    }
    const late = await rowReader();
    await buildFollow(ctx, { follower: late.id, curator: curator.user._id });
    const josie = await buildJosieViaApi(ctx, curator);
    await approveJosie(ctx, editor, josie._id);
    await ctx.app.jobs.idle();
    // Back to review; meanwhile the late follower builds a timeline, which cannot hold it.
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/josies/${josie._id}`,
      headers: curator.auth,
      payload: {
        title: 'Edited',
        paragraphs: [{ type: 'text', content: 'Now with more songs.' }],
        baseVersion: josie.version,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await firstPage(late)).toEqual([]);
    await approveJosie(ctx, editor, josie._id);
    await ctx.app.jobs.idle();
    expect(await timelineRows(late.id)).toEqual([josie._id]);
    expect(await complete(late)).toEqual([josie._id]);
  }, 120_000);

  it('an edit by the creator takes the josie out until approved again, then back at its place', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const fan = await rowReader();
    await buildFollow(ctx, { follower: fan.id, curator: curator.user._id });
    // Enough older ones that the first page is full with it in the middle.
    await buildJosies(ctx, { creator: curator, count: 20, newest: new Date(Date.now() - 60_000) });
    await firstPage(fan);
    const id = await publish(curator, 'Edited later');
    // Newer ones after it: on its return it must come back below them, not on top.
    await buildJosies(ctx, { creator: curator, count: 3, newest: new Date(Date.now() + 60_000) });
    const before = await complete(fan);
    expect(before.indexOf(id)).toBe(3);
    const [{ publishedAt }] = (await ctx.database.db
      .select({ publishedAt: josies.publishedAt })
      .from(josies)
      .where(eq(josies.id, id))) as [{ publishedAt: Date }];

    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/josies/${id}`,
      headers: curator.auth,
      // Published through the API, never edited: its first version.
      payload: {
        title: 'Edited',
        paragraphs: [{ type: 'text', content: 'Now with more songs.' }],
        baseVersion: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending' });
    // It left every timeline in the edit's transaction: a page is read without checking `josies`, and
    // the first one is still full.
    expect(await rowsOfJosie(id)).toEqual([]);
    expect(await firstPage(fan)).toHaveLength(20);
    const hidden = await complete(fan);
    expect(hidden).toEqual(before.filter((x) => x !== id));

    await approveJosie(ctx, editor, id);
    await ctx.app.jobs.idle();
    expect(await complete(fan)).toEqual(before);
    const [again] = await ctx.database.db
      .select({ publishedAt: josies.publishedAt })
      .from(josies)
      .where(eq(josies.id, id));
    expect(again!.publishedAt).toEqual(publishedAt);
  }, 60_000);

  it("a build's second transaction drops rows of josies withdrawn while its first ran", async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const fan = await rowReader();
    await buildFollow(ctx, { follower: fan.id, curator: curator.user._id });
    const [kept, withdrawn] = await buildJosies(ctx, { creator: curator, count: 2 });
    await firstPage(fan);
    // What a build's first transaction leaves when an edit's delete ran before its rows were committed:
    // a row of a josie that is no longer published.
    await ctx.database.db.update(josies).set({ status: 'pending' }).where(eq(josies.id, withdrawn!.id));
    expect((await timelineRows(fan.id)).sort()).toEqual([kept!.id, withdrawn!.id].sort());
    await dropWithdrawn(ctx.database.db, fan.id);
    expect(await timelineRows(fan.id)).toEqual([kept!.id]);
  });

  it('account deletion: a curator’s josies leave the feeds; a reader’s timeline rows go with them', async () => {
    const leaving = await buildUser(ctx, { role: 'curator' });
    const staying = await buildUserRow(ctx, { role: 'curator' });
    const fan = await buildUser(ctx);
    await buildFollow(ctx, { follower: fan.user._id, curator: leaving.user._id });
    await buildFollow(ctx, { follower: fan.user._id, curator: staying.id });
    const gone = await buildJosies(ctx, { creator: leaving, count: 4, newest: new Date(Date.now() - 1000) });
    const kept = await buildJosies(ctx, { creator: staying, count: 4, newest: new Date(Date.now() - 1500) });
    expect(await complete(reader(fan))).toHaveLength(8);

    const del = (u: TestUser) =>
      ctx.app.inject({
        method: 'DELETE',
        url: '/api/users/me',
        headers: u.auth,
        payload: { password: u.password },
      });
    const res = await del(leaving);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await complete(reader(fan))).toEqual(kept.map((j) => j.id));
    for (const j of gone) expect(await rowsOfJosie(j.id)).toEqual([]);

    expect((await timelineRows(fan.user._id)).length).toBe(4);
    const own = await del(fan);
    expect(own.statusCode, own.body).toBeLessThan(300);
    expect(await timelineRows(fan.user._id)).toEqual([]);
    expect(await horizonOf(fan.user._id)).toBeUndefined();
  }, 60_000);

  it('pages through a feed beyond the horizon complete, before and after new josies and a trim', async () => {
    const r = await rowReader();
    const a = await buildUser(ctx, { role: 'curator' });
    const b = await buildUserRow(ctx, { role: 'curator' });
    const base = Date.now() - 7_200_000;
    await buildJosies(ctx, { creator: a, count: 32, newest: new Date(base) });
    await buildJosies(ctx, { creator: b, count: 32, newest: new Date(base - 500) });
    // Josies sharing one publication time, where the horizon may well fall: the id breaks the tie.
    const tied = new Date(base - 10_000);
    for (let i = 0; i < 4; i++)
      await buildJosie(ctx, { creator: i % 2 ? a.user._id : b.id, publishedAt: tied });
    await buildFollow(ctx, { follower: r.id, curator: a.user._id });
    await buildFollow(ctx, { follower: r.id, curator: b.id });

    expect(await complete(r)).toHaveLength(68);
    const first = await horizonOf(r.id);
    expect(first?.since).not.toBeNull();
    expect((await timelineRows(r.id)).length).toBeLessThanOrEqual(MAX);

    // A reader in the middle of the feed: their cursor is still above the horizon, until the trim below.
    const opened = await ctx.app.inject({ url: '/api/josies/feed', headers: r.auth });
    const { posts, nextCursor } = FeedResponse.parse(opened.json()).data;
    const lastSeen = posts.at(-1)!._id;

    // More publications: two through the review flow, the rest as the factory publishes them.
    await publish(a);
    await publish(a);
    await buildJosies(ctx, { creator: b, count: 25, newest: new Date(Date.now() - 1000) });
    await ctx.app.jobs.idle();
    expect((await timelineRows(r.id)).length).toBeGreaterThan(MAX);
    expect(await complete(r)).toHaveLength(95);

    await ctx.app.jobs.enqueue('feed.trim', { run: 'hourly' }, { key: `trim-${crypto.randomUUID()}` });
    await ctx.app.jobs.idle();
    expect((await timelineRows(r.id)).length).toBeLessThanOrEqual(MAX);
    const moved = await horizonOf(r.id);
    expect(moved!.since!.getTime()).toBeGreaterThan(first!.since!.getTime());
    expect(await complete(r)).toHaveLength(95);
    // The horizon moved above that reader's cursor: the rest of their feed is read live, whole.
    const truth = await live(r);
    expect(await readAll(r, nextCursor)).toEqual(truth.slice(truth.indexOf(lastSeen) + 1));
    expect(truth.indexOf(lastSeen)).toBeGreaterThan(MAX);
  }, 180_000);

  it('a follow of a curator with more josies than the bound moves the horizon; paging stays complete', async () => {
    const r = await rowReader();
    const small = await buildUserRow(ctx, { role: 'curator' });
    const big = await buildUserRow(ctx, { role: 'curator' });
    const base = Date.now() - 3_600_000;
    await buildJosies(ctx, { creator: small, count: 8, newest: new Date(base - 3_000) });
    await buildJosies(ctx, { creator: big, count: 45, newest: new Date(base) });
    await buildFollow(ctx, { follower: r.id, curator: small.id });
    expect(await complete(r)).toHaveLength(8);
    expect(await horizonOf(r.id)).toEqual({ since: null });

    expect((await follow(r, big.id)).statusCode).toBe(200);
    expect((await horizonOf(r.id))?.since).not.toBeNull();
    expect((await timelineRows(r.id)).length).toBeLessThanOrEqual(MAX);
    expect(await complete(r)).toHaveLength(53);
  }, 120_000);

  it('a reader who never read gets no timeline rows from publications, and a complete first read', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const lazy = await rowReader();
    await buildFollow(ctx, { follower: lazy.id, curator: curator.user._id });
    await buildJosies(ctx, { creator: curator, count: 30, newest: new Date(Date.now() - 60_000) });
    await publish(curator);
    await publish(curator);
    await ctx.app.jobs.idle();
    expect(await horizonOf(lazy.id)).toBeUndefined();
    expect(await timelineRows(lazy.id)).toEqual([]);
    expect(await complete(lazy)).toHaveLength(32);
    expect(await horizonOf(lazy.id)).toBeDefined();
  }, 120_000);
});
