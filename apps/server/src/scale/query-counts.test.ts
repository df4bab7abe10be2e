/**
 * Query discipline (docs/performance.md): the four hot lists (home feed, curator feed, review queue,
 * my-josies), and the signed-in home page the server renders, cost the same number of SQL statements for one
 * row as for a full page from many creators with likes, saves and review histories. Counted per request
 * through `app.inject` with the shared probe.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { josieLikes, josieSaves, reports, users } from '../db/schema.js';
import {
  buildComment,
  buildEvent,
  buildFollow,
  buildInvite,
  buildJosie,
  buildJosies,
  buildReview,
  buildUser,
  buildUserRow,
  setFlag,
  type TestUser,
} from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { countQueries, recordQueries } from '../test/queries.js';
import { catchUpStudio } from '../test/studio.js';

let ctx: TestContext;
let webDir: string;
beforeAll(async () => {
  // A web build of one page, so that the signed-in home page is served (decision 0008).
  webDir = mkdtempSync(join(tmpdir(), 'josie-web-'));
  writeFileSync(join(webDir, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
  // The database path is what is counted here: the read caches (first feed pages, the strip) are off;
  // their own tests are `read-caches.test.ts`.
  ctx = await createTestContext({
    RATE_LIMIT_AUTH_MAX: '10000',
    READ_CACHE_TTL_MS: '0',
    WEB_DIST_DIR: webDir,
  });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** A request's data statements, counted on its second call (the first fills the session cache). */
async function queriesOf(url: string, user: TestUser): Promise<{ count: number; posts: number }> {
  const get = () => ctx.app.inject({ url, headers: user.auth });
  const first = await get();
  expect(first.statusCode, first.body).toBe(200);
  let posts = 0;
  const count = await countQueries(ctx, async () => {
    posts = (await get()).json().data.posts.length;
  });
  return { count, posts };
}

/** A reader following `curators`, each with `perCurator` published josies liked and saved by the reader. */
async function world(curatorCount: number, perCurator: number) {
  const db = ctx.database.db;
  const reader = await buildUser(ctx);
  const editor = await buildUser(ctx, { role: 'editor' });
  const curators = [];
  for (let i = 0; i < curatorCount; i++) curators.push(await buildUser(ctx, { role: 'curator' }));
  for (const curator of curators) {
    await buildFollow(ctx, { follower: reader, curator });
    const rows = await buildJosies(ctx, { creator: curator, count: perCurator });
    await db.insert(josieLikes).values(rows.map((r) => ({ josieId: r.id, userId: reader.user._id })));
    await db.insert(josieSaves).values(rows.map((r) => ({ josieId: r.id, userId: reader.user._id })));
    // Pending josies with a review history (rejected once, then edited back to review).
    for (let i = 0; i < perCurator; i++) {
      const pending = await buildJosie(ctx, { creator: curator, status: 'pending' });
      await buildReview(ctx, {
        josie: pending,
        reviewedBy: editor,
        action: 'rejected',
        rejectionReason: 'Add a track',
      });
    }
  }
  return { reader, editor, curator: curators[0]! };
}

describe('query counts of the hot lists', () => {
  it('stay fixed from one row to a full page of many creators', async () => {
    type World = Awaited<ReturnType<typeof world>>;
    const lists = {
      feed: (w: World) => queriesOf('/api/josies/feed', w.reader),
      curatorFeed: (w: World) => queriesOf(`/api/josies/curator/${w.curator.user._id}/feed`, w.reader),
      pending: (w: World) => queriesOf('/api/josies/pending', w.editor),
      myJosies: (w: World) => queriesOf('/api/josies/my-josies', w.curator),
    };
    const measure = async (w: World) => {
      const out: Record<string, { count: number; posts: number }> = {};
      for (const [name, list] of Object.entries(lists)) out[name] = await list(w);
      return out;
    };
    // Measured before the large world exists: the review queue lists every pending josie.
    const small = await measure(await world(1, 1));
    const large = await measure(await world(5, 8));
    const counts: Record<string, { small: number; large: number }> = {};
    for (const name of Object.keys(lists)) {
      counts[name] = { small: small[name]!.count, large: large[name]!.count };
      // The large world really is larger: full pages, several creators.
      expect(large[name]!.posts, name).toBeGreaterThan(small[name]!.posts);
    }
    for (const [name, { small: one, large: many }] of Object.entries(counts)) {
      expect(many, name).toBe(one);
      // Feeds: the page's rows in one statement and their josies in one more with the read caches off (plus
      // the curator check); the lists: the list, creators, review histories, and the viewer's likes and saves.
      expect(one, name).toBeGreaterThanOrEqual(1);
      expect(one, name).toBeLessThanOrEqual(6);
    }
  });
});

describe('query count of the signed-in home page (decision 0008)', () => {
  /** The statements of `GET /` for `user`'s session cookie, on its second call. */
  async function homePage(user: TestUser): Promise<{ count: number; html: string }> {
    await ctx.database.db
      .update(users)
      .set({ onboarding: { completed: true, step: 3 } })
      .where(eq(users.id, user.user._id));
    const get = () => ctx.app.inject({ url: '/', headers: { cookie: user.cookie } });
    expect((await get()).statusCode).toBe(200);
    let html = '';
    const count = await countQueries(ctx, async () => {
      html = (await get()).body;
    });
    return { count, html };
  }

  it("stays fixed whatever its feed's size: the user, the feed, the strip and the preferences", async () => {
    const small = await homePage((await world(1, 1)).reader);
    const large = await homePage((await world(5, 8)).reader);
    expect(large.html.length).toBeGreaterThan(small.html.length);
    expect(large.count).toBe(small.count);
    // The user (row, follows, Spotify link), the feed's page (its rows from the reader's home timeline, then
    // its josies: from the shared read cache, off here, so one statement), the strip and the preferences.
    expect(small.count).toBeLessThanOrEqual(7);
  });
});

describe('a page of comments (docs/decisions/0046-comments.md)', () => {
  /**
   * The statements of a josie's first page of comments, read on its second call (the flags are cached), by a
   * visitor or by `reader`, who blocked and muted accounts that did not comment (decision 0048).
   */
  async function commentsPage(threads: number, repliesEach: number, reader?: TestUser) {
    const josie = await buildJosie(ctx);
    for (let i = 0; i < threads; i++) {
      const top = await buildComment(ctx, { josie: josie.id });
      for (let r = 0; r < repliesEach; r++) await buildComment(ctx, { josie: josie.id, parent: top.id });
    }
    const get = () =>
      ctx.app.inject({ url: `/api/josies/${josie.id}/comments`, headers: reader ? reader.auth : {} });
    expect((await get()).statusCode).toBe(200);
    const { result, queries } = await recordQueries(ctx.database, get);
    expect(result.json().data.comments).toHaveLength(threads);
    return queries.map((q) => q.sql).filter((sql) => !/^\s*(begin|commit)/i.test(sql));
  }

  it('reads the comments in one keyset statement, whatever the number of threads and replies', async () => {
    await setFlag(ctx, 'comments', 'true');
    const small = await commentsPage(1, 0);
    const large = await commentsPage(20, 5);
    expect(large.length).toBe(small.length);
    // The josie (its status, policy and count) and the page: threads, inline replies and reply counts.
    const reads = large.filter((sql) => /from "comments"/.test(sql));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/\(c\.created_at, c\.id\)|order by c\.created_at/);
    expect(large.length).toBeLessThanOrEqual(2);
  });

  it('stays one statement for a reader who blocks and mutes (decision 0048)', async () => {
    await setFlag(ctx, 'comments', 'true');
    const reader = await buildUser(ctx);
    for (const path of ['/api/blocks', '/api/mutes']) {
      const other = await buildUser(ctx);
      const res = await ctx.app.inject({
        method: 'POST',
        url: path,
        headers: reader.auth,
        payload: { userId: other.user._id },
      });
      expect(res.statusCode).toBe(200);
    }
    const small = await commentsPage(1, 0, reader);
    const large = await commentsPage(20, 5, reader);
    const reads = large.filter((sql) => /from "comments"/.test(sql));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/from "blocks"/);
    // The josie and the page; the session is resolved from its cache after the first call.
    expect(large.length).toBe(small.length);
  });
});

describe('a page of the moderation queue (docs/decisions/0047-reports-and-moderation.md)', () => {
  /**
   * The statements of the queue's first page with `targets` reported targets of every kind, each reported
   * by `reportsEach` listeners with texts, read as an editor (the session is cached by the first read).
   */
  async function queuePage(editor: TestUser, targets: number, reportsEach: number) {
    await ctx.database.db.update(reports).set({ resolvedAt: new Date() });
    const reporters = await Promise.all(Array.from({ length: reportsEach }, () => buildUserRow(ctx)));
    for (let i = 0; i < targets; i++) {
      const josie = await buildJosie(ctx);
      const comment = await buildComment(ctx, { josie: josie.id });
      const kind = (['comment', 'josie', 'account'] as const)[i % 3]!;
      const targetId = kind === 'comment' ? comment.id : kind === 'josie' ? josie.id : comment.authorId;
      await ctx.database.db.insert(reports).values(
        reporters.map((reporter) => ({
          reporterId: reporter.id,
          targetType: kind,
          targetId,
          reason: 'other' as const,
          text: 'Look at this',
        })),
      );
    }
    const get = () => ctx.app.inject({ url: '/api/moderation/reports', headers: editor.auth });
    expect((await get()).statusCode).toBe(200);
    const { result, queries } = await recordQueries(ctx.database, get);
    expect(result.json().data.targets).toHaveLength(targets);
    return queries.map((q) => q.sql).filter((sql) => !/^\s*(begin|commit)/i.test(sql));
  }

  it('reads a page of reported targets, their reasons, texts and previews in one statement', async () => {
    const editor = await buildUser(ctx, { role: 'editor' });
    const small = await queuePage(editor, 1, 1);
    const large = await queuePage(editor, 20, 4);
    expect(large.length).toBe(small.length);
    expect(large.filter((sql) => /from "reports"/.test(sql))).toHaveLength(1);
    expect(large.length).toBeLessThanOrEqual(1);
  });
});

describe('the curator studio (docs/decisions/0050-curator-studio-counts.md)', () => {
  /** The statements of `url` for `user`, read on its second call (the session and the flags are cached). */
  async function statementsOf(url: string, user: TestUser): Promise<string[]> {
    const get = () => ctx.app.inject({ url, headers: user.auth });
    const first = await get();
    expect(first.statusCode, first.body).toBe(200);
    const { queries } = await recordQueries(ctx.database, get);
    return queries.map((q) => q.sql).filter((sql) => !/^\s*(begin|commit)/i.test(sql));
  }

  /** A curator with `count` published josies, each viewed, liked and followed on a few days. */
  async function studioWorld(count: number) {
    const curator = await buildUser(ctx, { role: 'curator' });
    const josies = await buildJosies(ctx, { creator: curator.user._id, count });
    for (const [i, josie] of josies.entries()) {
      for (let day = 0; day < 3; day++) {
        await buildEvent(ctx, {
          name: 'josie_view',
          at: new Date(Date.now() - day * 86_400_000),
          reader: `r${i}`,
          params: { josie_id: josie.id, surface: 'feed', language: 'he' },
        });
      }
      await buildEvent(ctx, { name: 'josie_like', params: { josie_id: josie.id } });
    }
    const invite = await buildInvite(ctx, { creator: curator.user._id });
    await buildEvent(ctx, { name: 'follow_gained', params: { curator_id: curator.user._id } });
    await buildEvent(ctx, {
      name: 'invite_joined',
      params: { curator_id: curator.user._id, invite_id: invite.id },
    });
    await catchUpStudio(ctx.database.db);
    return { curator, josie: josies[0]! };
  }

  it('answers each page in one or two statements, whatever the number of josies and days', async () => {
    await setFlag(ctx, 'studio', 'true');
    const small = await studioWorld(1);
    const large = await studioWorld(40);
    for (const world of [small, large]) {
      for (const period of ['7d', '90d', 'all']) {
        expect(await statementsOf(`/api/studio/overview?period=${period}`, world.curator)).toHaveLength(1);
        for (const sort of ['views', 'title']) {
          expect(
            await statementsOf(`/api/studio/josies?period=${period}&sort=${sort}`, world.curator),
          ).toHaveLength(1);
        }
        // The josie (and whose it is); its days and running totals.
        expect(
          await statementsOf(`/api/studio/josies/${world.josie.id}?period=${period}`, world.curator),
        ).toHaveLength(2);
        // The days and follower count; the texts of the invites that brought followers.
        expect(await statementsOf(`/api/studio/audience?period=${period}`, world.curator)).toHaveLength(2);
      }
    }
  });
});
