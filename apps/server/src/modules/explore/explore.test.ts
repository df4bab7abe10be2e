import { ExploreResponse, FeedResponse, type Josie } from '@josie/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genres, josieLikes } from '../../db/schema.js';
import {
  buildFollow,
  buildJosie,
  buildLike,
  buildUser,
  buildUserRow,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { recordQueries } from '../../test/queries.js';
import { EXPLORE_SIZES } from './index.js';
import { genreFeedRows, readInOrder } from './queries.js';
import { genreSpellings } from './service.js';

const HOUR = 3_600_000;
const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR);

describe('GET /api/explore', () => {
  let ctx: TestContext;
  let maya: TestUser;
  let noam: TestUser;
  let listener: TestUser;
  let editor: TestUser;
  const ids: Record<string, string> = {};

  const explore = async (user: TestUser | null = null) => {
    const res = await ctx.app.inject({ url: '/api/explore', headers: user ? user.auth : {} });
    expect(res.statusCode, res.body).toBe(200);
    return ExploreResponse.parse(res.json()).data;
  };
  const titles = (posts: Josie[]) => posts.map((p) => p.title);
  const likeAt = async (josie: string, at: Date) => {
    const liker = await buildUserRow(ctx);
    await buildLike(ctx, { josie, user: liker });
    await ctx.database.db
      .update(josieLikes)
      .set({ createdAt: at })
      .where(sql`${josieLikes.josieId} = ${josie} and ${josieLikes.userId} = ${liker.id}`);
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    maya = await buildUser(ctx, { role: 'curator', name: 'Maya' });
    noam = await buildUser(ctx, { role: 'curator', name: 'Noam' });
    listener = await buildUser(ctx, { name: 'Lior' });
    editor = await buildUser(ctx, { role: 'editor', name: 'Eli' });
    // A curator with only a pending josie: not a new curator on explore.
    const shy = await buildUser(ctx, { role: 'curator', name: 'Shy' });
    await buildJosie(ctx, {
      creator: shy.user._id,
      title: 'Shy pending',
      status: 'pending',
      genres: ['Jazz'],
    });
    const make = async (key: string, creator: TestUser, publishedHoursAgo: number, tags: string[]) => {
      const row = await buildJosie(ctx, {
        creator: creator.user._id,
        title: key,
        genres: tags,
        publishedAt: hoursAgo(publishedHoursAgo),
      });
      ids[key] = row.id;
    };
    // Trending: `likes_7d / (age_hours + 2) ^ 1.5`.
    await make('Fresh', maya, 2, ['Jazz']); // 1 like: 1 / 4^1.5 = 0.125
    await make('Popular', noam, 48, ['Rock']); // 4 likes: 4 / 50^1.5 = 0.011
    await make('Old', maya, 240, ['Jazz', 'Soul']); // 3 likes 8 days ago + 1 today: 1 / 242^1.5
    await make('Stale', noam, 240, ['Rock']); // only likes older than 7 days
    await make('Unliked', maya, 1, ['Soul']);
    await make('Removed genre', noam, 3, ['Polka']);
    await make('Ancient', noam, 15 * 24, []); // liked this week, but published more than two weeks ago
    await likeAt(ids.Fresh!, hoursAgo(1));
    for (let i = 0; i < 4; i++) await likeAt(ids.Popular!, hoursAgo(10 + i));
    for (let i = 0; i < 3; i++) await likeAt(ids.Old!, hoursAgo(8 * 24 + i));
    await likeAt(ids.Old!, hoursAgo(5));
    for (let i = 0; i < 5; i++) await likeAt(ids.Stale!, hoursAgo(8 * 24));
    for (let i = 0; i < 20; i++) await likeAt(ids.Ancient!, hoursAgo(1));
    await buildLike(ctx, { josie: ids.Popular!, user: listener.user._id });
    // Hidden everywhere: pending and rejected josies, liked just now.
    for (const status of ['pending', 'rejected'] as const) {
      const row = await buildJosie(ctx, {
        creator: maya.user._id,
        title: `Hidden ${status}`,
        status,
        genres: ['Jazz', 'Rock'],
      });
      ids[`Hidden ${status}`] = row.id;
      await likeAt(row.id, hoursAgo(1));
    }
    // A full Rock row: more than one row holds.
    for (let i = 0; i < EXPLORE_SIZES.perGenre + 2; i++) {
      await make(`Rock ${i}`, noam, 100 + i, ['Rock']);
    }
    await buildFollow(ctx, { follower: listener.user._id, curator: maya.user._id });
  });
  afterAll(() => ctx.close());

  it('ranks trending by likes of the last 7 days decayed by age, published josies of 2 weeks only', async () => {
    const { trending } = await explore();
    // More likes do not beat freshness: Popular (5 recent likes, 2 days old) after Fresh (1 like, 2 hours).
    expect(titles(trending)).toEqual(['Fresh', 'Popular', 'Old']);
    // The count shown is the josie's whole like count, not the week's.
    expect(trending[2]!.likeCount).toBe(4);
  });

  it('answers one row per live genre with published josies, by name, newest first and at most 8', async () => {
    const { genres: rows } = await explore();
    expect(rows.map((r) => r.name)).toEqual(['Jazz', 'Rock', 'Soul']);
    expect(titles(rows[0]!.posts)).toEqual(['Fresh', 'Old']);
    expect(titles(rows[1]!.posts)).toEqual([
      'Popular',
      ...Array.from({ length: EXPLORE_SIZES.perGenre - 1 }, (_, i) => `Rock ${i}`),
    ]);
    expect(rows[1]!.posts).toHaveLength(EXPLORE_SIZES.perGenre);
    expect(titles(rows[2]!.posts)).toEqual(['Unliked', 'Old']);
    const all = [...rows.flatMap((r) => r.posts)];
    expect(all.every((p) => p.status === 'published')).toBe(true);
  });

  it('lists the newest curators with a published josie, with bio and follower count', async () => {
    const { newCurators } = await explore();
    expect(newCurators.map((c) => c.name)).toEqual(['Noam', 'Maya']);
    expect(newCurators[1]).toMatchObject({ _id: maya.user._id, bio: '', followersCount: 1 });
  });

  it('never lists a curator the reader blocked or that blocked the reader, nor their josies (decision 0048)', async () => {
    const block = (blocker: TestUser, blocked: TestUser, method: 'POST' | 'DELETE' = 'POST') =>
      ctx.app.inject({
        method,
        url: method === 'POST' ? '/api/blocks' : `/api/blocks/${blocked.user._id}`,
        headers: blocker.auth,
        ...(method === 'POST' ? { payload: { userId: blocked.user._id } } : {}),
      });
    const newCurators = async (viewer: TestUser | null) =>
      (await explore(viewer)).newCurators.map((c) => c.name);
    expect((await block(listener, noam)).statusCode).toBeLessThan(300);
    expect((await block(maya, editor)).statusCode).toBeLessThan(300);
    const creators = async (viewer: TestUser | null) => {
      const data = await explore(viewer);
      return new Set([...data.trending, ...data.genres.flatMap((r) => r.posts)].map((p) => p.creator?._id));
    };
    const rockPage = async (viewer: TestUser) => {
      const res = await ctx.app.inject({ url: '/api/explore/genres/Rock', headers: viewer.auth });
      expect(res.statusCode, res.body).toBe(200);
      return titles((res.json() as { data: { posts: Josie[] } }).data.posts);
    };
    try {
      expect(await newCurators(listener)).toEqual(['Maya']);
      expect(await newCurators(editor)).toEqual(['Noam']);
      // The lists are shared; the blocks are each reader's own.
      expect(await newCurators(null)).toEqual(['Noam', 'Maya']);
      // Nor their josies, in trending, the genre rows (a row left empty goes) or a genre's page.
      expect(await creators(listener)).toEqual(new Set([maya.user._id]));
      expect((await explore(listener)).genres.map((r) => r.name)).toEqual(['Jazz', 'Soul']);
      expect(await creators(editor)).toEqual(new Set([noam.user._id]));
      expect(await creators(null)).toEqual(new Set([maya.user._id, noam.user._id]));
      expect(await rockPage(listener)).toEqual([]);
      expect(await rockPage(maya)).toEqual([
        'Popular',
        ...Array.from({ length: 6 }, (_, i) => `Rock ${i}`),
        'Stale',
      ]);
    } finally {
      await block(listener, noam, 'DELETE');
      await block(maya, editor, 'DELETE');
    }
    expect(await newCurators(listener)).toEqual(['Noam', 'Maya']);
  });

  it("shows each josie exactly as the josie's own read does for the same viewer (marks, abilities)", async () => {
    for (const viewer of [null, listener, maya, editor]) {
      const data = await explore(viewer);
      const shown = [...data.trending, ...data.genres.flatMap((r) => r.posts)];
      for (const josie of shown) {
        const single = await ctx.app.inject({ url: `/api/josies/${josie._id}`, headers: viewer?.auth ?? {} });
        expect(josie, `${viewer?.user.name ?? 'visitor'}: ${josie.title}`).toEqual(single.json());
      }
    }
    const mine = await explore(listener);
    expect(mine.trending.find((p) => p.title === 'Popular')!.likedByMe).toBe(true);
    expect((await explore()).trending.find((p) => p.title === 'Popular')!.likedByMe).toBe(false);
    const own = (await explore(maya)).trending.find((p) => p.title === 'Fresh')!;
    expect(own.abilities.edit).toBe(true);
  });

  it("answers a repeat visit from memory: the shared lists, the josies and the reader's marks", async () => {
    await explore(null);
    const visitor = await recordQueries(ctx.database, () => explore(null));
    expect(visitor.queries.map((q) => q.sql)).toEqual([]);
    // A signed-in reader's blocks are read each time (decision 0048): one statement by index, nothing else.
    await explore(listener);
    const reader = await recordQueries(ctx.database, () => explore(listener));
    expect(reader.queries).toHaveLength(1);
    expect(reader.queries[0]!.sql).toContain('"blocks"');
    // The creator's own josies are read for them (abilities, review history): one statement, whatever the
    // number of josies, plus their review histories, beside their blocks.
    await explore(maya);
    const { queries } = await recordQueries(ctx.database, () => explore(maya));
    expect(queries.length).toBeLessThanOrEqual(3);
  });

  it('follows likes, approvals, edits back to pending and deletions at once', async () => {
    await explore(listener);
    const like = await ctx.app.inject({
      method: 'POST',
      url: `/api/josies/${ids.Fresh}/like`,
      headers: listener.auth,
    });
    expect(like.statusCode).toBe(200);
    const fresh = (await explore(listener)).trending.find((p) => p.title === 'Fresh')!;
    expect(fresh).toMatchObject({ likeCount: 2, likedByMe: true });

    const approve = await ctx.app.inject({
      method: 'PUT',
      url: `/api/josies/${ids['Hidden pending']}/approve`,
      headers: editor.auth,
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const afterApproval = await explore();
    expect(titles(afterApproval.genres[0]!.posts)).toContain('Hidden pending');
    expect(titles(afterApproval.trending)).toContain('Hidden pending');

    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/josies/${ids.Unliked}`,
      headers: maya.auth,
      payload: {
        title: 'Unliked',
        paragraphs: [{ type: 'text', content: 'Edited.' }],
        genres: ['Soul'],
        baseVersion: 1,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(titles((await explore()).genres.find((r) => r.name === 'Soul')!.posts)).toEqual(['Old']);

    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/josies/${ids.Fresh}`,
      headers: maya.auth,
    });
    expect(gone.statusCode).toBe(200);
    const afterDelete = await explore(listener);
    expect(titles(afterDelete.trending)).not.toContain('Fresh');
    expect(titles(afterDelete.genres[0]!.posts)).not.toContain('Fresh');
  });
});

describe('GET /api/explore/genres/{name}', () => {
  let ctx: TestContext;
  let curator: TestUser;
  let listener: TestUser;
  const jazzTitles: string[] = [];

  const page = async (name: string, cursor?: string, user: TestUser | null = null) => {
    const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const res = await ctx.app.inject({
      url: `/api/explore/genres/${encodeURIComponent(name)}${query}`,
      headers: user?.auth ?? {},
    });
    return { status: res.statusCode, body: res.json() };
  };
  const all = async (name: string) => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const res = await page(name, cursor);
      expect(res.status).toBe(200);
      const { data } = FeedResponse.parse(res.body);
      seen.push(...data.posts.map((p) => p.title));
      if (!data.hasMore) {
        expect(data.nextCursor).toBeNull();
        return seen;
      }
      cursor = data.nextCursor!;
    }
    throw new Error('too many pages');
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    curator = await buildUser(ctx, { role: 'curator' });
    listener = await buildUser(ctx);
    const newest = Date.now() - HOUR;
    // 27 jazz josies; three pairs share their publication time, so the keyset's id breaks the ties.
    const rows: { title: string; at: number; id: string }[] = [];
    for (let i = 0; i < 27; i++) {
      // i = 1 and 3 share a time, as do 2 and 6, 4 and 12...
      const at = newest - Math.floor(i / 2) * 1000 - (i % 3 === 0 ? 0 : i) * 1000;
      const title = `Jazz ${String(i).padStart(2, '0')}`;
      const row = await buildJosie(ctx, {
        creator: curator.user._id,
        title,
        genres: i % 2 === 0 ? ['Jazz'] : ['Blues', 'Jazz'],
        publishedAt: new Date(at),
      });
      rows.push({ title, at, id: row.id });
    }
    rows.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1));
    jazzTitles.push(...rows.map((r) => r.title));
    for (const status of ['pending', 'rejected'] as const) {
      await buildJosie(ctx, { creator: curator.user._id, title: `Jazz ${status}`, status, genres: ['Jazz'] });
    }
    await buildJosie(ctx, { creator: curator.user._id, title: 'Rock only', genres: ['Rock'] });
    // A genre an admin removed since: its josies keep it.
    await buildJosie(ctx, { creator: curator.user._id, title: 'Polka night', genres: ['Polka'] });
    await ctx.database.db.delete(genres).where(eq(genres.name, 'Blues'));
  });
  afterAll(() => ctx.close());

  it('pages through every published josie of the genre newest first, without duplicates or gaps', async () => {
    const first = await page('Jazz');
    const { data } = FeedResponse.parse(first.body);
    expect(data.posts).toHaveLength(EXPLORE_SIZES.genrePage);
    expect(data.hasMore).toBe(true);
    expect(await all('Jazz')).toEqual(jazzTitles);
  });

  it('matches the name without regard to case', async () => {
    expect(await all('jAZZ')).toEqual(jazzTitles);
  });

  it('still lists the josies of a genre removed from the live list, in any case', async () => {
    const blues = jazzTitles.filter((t) => Number(t.slice(5)) % 2 === 1);
    expect(await all('Blues')).toEqual(blues);
    expect(await all('blues')).toEqual(blues);
    expect(await all('Polka')).toEqual(['Polka night']);
    expect(await all('POLKA')).toEqual(['Polka night']);
    expect(await all('polka')).toEqual(['Polka night']);
  });

  it('looks for a name that is not live in its usual spellings, each through the index', () => {
    expect(genreSpellings('jazz', 'Jazz')).toEqual(['Jazz', 'jazz']);
    expect(genreSpellings('hiphop', undefined)).toEqual(['hiphop', 'HIPHOP', 'Hiphop', 'HipHop']);
    expect(genreSpellings('drum & bass', undefined)).toContain('Drum & Bass');
  });

  it('reads a common genre in order and a rare or empty one through the index, with the same rows', async () => {
    // Jazz on 27 of 30: in order; Blues on 13: through the index; a genre on none never reads in order.
    expect(readInOrder(27, 30, 21)).toBe(true);
    expect(readInOrder(13, 30, 21)).toBe(false);
    expect(readInOrder(0, 200_000, 21)).toBe(false);
    expect(readInOrder(37_598, 200_000, 21)).toBe(true);
    expect(readInOrder(1_000, 200_000, 21)).toBe(false);
    for (const spellings of [['Jazz'], ['Blues'], ['Zydeco']]) {
      const read = async (inOrder: boolean) =>
        (await genreFeedRows(ctx.database.db, { spellings, inOrder }, null, null, 100)).map((r) => r.id);
      expect(await read(false)).toEqual(await read(true));
    }
  });

  it('answers an unknown genre 404, and a live genre without josies an empty page', async () => {
    for (const name of ['Zydeco', 'ז'.repeat(100)]) {
      const res = await page(name);
      expect(res.status, name).toBe(404);
      expect(res.body).toEqual({ message: 'Genre not found', code: 'NOT_FOUND' });
    }
    const soul = await page('Soul');
    expect(soul.status).toBe(200);
    expect(soul.body).toEqual({ data: { posts: [], hasMore: false, nextCursor: null } });
  });

  it("shows the viewer's marks", async () => {
    const { data } = FeedResponse.parse((await page('Jazz')).body);
    await buildLike(ctx, { josie: data.posts[1]!._id, user: listener.user._id });
    const mine = FeedResponse.parse((await page('Jazz', undefined, listener)).body).data.posts;
    expect(mine.map((p) => p.likedByMe)).toEqual(mine.map((_, i) => i === 1));
  });

  it('refuses a cursor it did not write and a name longer than any genre (400)', async () => {
    for (const cursor of ['nope', Buffer.from('2026-02-31T00:00:00Z,abc').toString('base64url')]) {
      const res = await page('Jazz', cursor);
      expect(res.status).toBe(400);
      expect(res.body.code).toBeDefined();
    }
    // The route's schema judges it (the router admits parameters of any length a schema allows: app.ts).
    const long = await page('x'.repeat(101));
    expect(long).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
  });
});

describe('explore rate limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_DISCOVERY_MAX: '3' });
  });
  afterAll(() => ctx.close());

  it('answers 429 RATE_LIMITED past RATE_LIMIT_DISCOVERY_MAX reads a minute, per user or address', async () => {
    const reader = await buildUser(ctx);
    const urls = ['/api/explore', '/api/explore/genres/Jazz', '/api/explore'];
    for (const url of urls) expect((await ctx.app.inject({ url })).statusCode).toBe(200);
    const refused = await ctx.app.inject({ url: '/api/explore/genres/Rock' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    // A signed-in reader counts on their own.
    expect((await ctx.app.inject({ url: '/api/explore', headers: reader.auth })).statusCode).toBe(200);
  });
});
