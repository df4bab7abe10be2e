import { FeedResponse, SearchCuratorsResponse } from '@josie/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import {
  buildBlock,
  buildFollow,
  buildJosie,
  buildLike,
  buildUser,
  buildUserRow,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, createTestServices, type TestContext } from '../../test/harness.js';

type Posts = FeedResponse['data']['posts'];

describe('GET /api/search/josies and /api/search/curators', () => {
  let ctx: TestContext;
  let reader: TestUser;
  const ids: Record<string, string> = {};
  const pagingIds: string[] = [];

  const text = (content: string) => ({ type: 'text', content });
  const audio = (name: string, artist: string) => ({
    type: 'audioItem',
    content: {
      name,
      artist,
      type: 'track',
      url: 'https://open.spotify.com/track/1',
      provider: 'spotify',
      image: null,
    },
  });

  async function search(query: Record<string, string>, headers: Record<string, string> = {}) {
    const res = await ctx.app.inject({ url: '/api/search/josies', query, headers });
    expect(res.statusCode, res.body).toBe(200);
    return FeedResponse.parse(res.json()).data;
  }
  const titles = async (
    q: string,
    extra: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) => (await search({ q, ...extra }, headers)).posts.map((p) => p.title);

  beforeAll(async () => {
    // A generous limit for this suite; the limit itself has its own context below.
    ctx = await createTestContext({ RATE_LIMIT_SEARCH_MAX: '100000' });
    reader = await buildUser(ctx);
    const noa = await buildUserRow(ctx, { role: 'curator', name: 'Noa Levinson' });
    const dan = await buildUserRow(ctx, { role: 'curator', name: 'Dan Cohen' });
    await ctx.database.db.update(users).set({ bio: 'Jazz collector from Haifa' }).where(eq(users.id, dan.id));
    await buildFollow(ctx, { follower: reader.user._id, curator: dan.id });
    const hour = 3_600_000;
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * hour);
    const josie = async (key: string, values: Record<string, unknown>) => {
      const row = await buildJosie(ctx, { creator: dan.id, publishedAt: at(10), ...values } as never);
      ids[key] = row.id;
      return row;
    };
    await josie('jude', {
      title: 'A Sunday classic',
      paragraphs: [text('One for the road.'), audio('Hey Jude', 'The Beatles')],
      genres: ['Rock'],
      publishedAt: at(5),
    });
    await josie('cafe', {
      title: 'Café nights',
      paragraphs: [text('Late songs for Beyoncé fans')],
      genres: ['Jazz'],
      publishedAt: at(4),
    });
    await josie('telaviv', {
      title: 'שירים מתל אביב',
      paragraphs: [text('הערב במוזיקה הישראלית')],
      genres: ['Pop'],
      publishedAt: at(3),
    });
    await josie('video', {
      title: 'Opera rock',
      paragraphs: [
        {
          type: 'video',
          content: {
            url: 'https://youtu.be/x',
            title: 'Bohemian Rhapsody',
            channelTitle: 'Queen Official',
            id: 'x',
            type: 'video',
            thumbnailUrl: null,
          },
        },
      ],
      publishedAt: at(2),
    });
    await josie('noa', { creator: noa.id, title: 'Morning coffee', paragraphs: [text('Quiet tunes')] });
    await josie('oldGenre', { title: 'Old tag', paragraphs: [], genres: ['Shoegaze Revival'] });
    await josie('rejected', { title: 'Rejected Beatles', status: 'rejected', publishedAt: null });
    await josie('pending', { title: 'Pending Beatles', status: 'pending', publishedAt: null });
    await buildLike(ctx, { josie: ids.cafe!, user: reader.user._id });
    // 25 josies for paging: the word in the title (twice or once) or only in the text, and publication
    // times shared by several, so that ids break ties.
    for (let i = 0; i < 25; i++) {
      const tier = i % 3;
      const row = await buildJosie(ctx, {
        creator: noa.id,
        title: tier === 0 ? `Paging paging ${i}` : tier === 1 ? `Paging ${i}` : `Number ${i}`,
        paragraphs: [text(tier === 2 ? 'about paging' : 'nothing else')],
        publishedAt: at(20 + (i % 4)),
      } as never);
      pagingIds.push(row.id);
    }
    await createTestServices(ctx).search.refreshWords();
  });
  afterAll(() => ctx.close());

  it('answers the feed shape with the viewer likes, saves and abilities', async () => {
    const visitor = await search({ q: 'cafe' });
    expect(visitor.posts.map((p) => p._id)).toEqual([ids.cafe]);
    expect(visitor.posts[0]).toMatchObject({ likedByMe: false, savedByMe: false, genres: ['Jazz'] });
    const signedIn = await search({ q: 'cafe' }, reader.auth);
    expect(signedIn.posts[0]).toMatchObject({ likedByMe: true, creator: { name: 'Dan Cohen' } });
    expect(signedIn.posts[0]?.abilities).toMatchObject({ edit: false, delete: false });
    expect(signedIn).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it('finds josies by title, text, item names and artists, video titles and channels, genres', async () => {
    expect(await titles('Hey Jude')).toEqual(['A Sunday classic']);
    expect(await titles('bohemian')).toEqual(['Opera rock']);
    expect(await titles('queen official')).toEqual(['Opera rock']);
    expect(await titles('shoegaze')).toEqual(['Old tag']);
    expect(await titles('quiet tunes')).toEqual(['Morning coffee']);
  });

  it('finds a curator name: every josie of that curator', async () => {
    const found = await search({ q: 'levinson', limit: '20' });
    expect(found.posts.map((p) => p.title)).toContain('Morning coffee');
    expect(found.posts.every((p) => p.creator.name === 'Noa Levinson')).toBe(true);
    expect(found.hasMore).toBe(true);
  });

  it('never shows pending or rejected josies', async () => {
    expect(await titles('beatles')).toEqual(['A Sunday classic']);
    expect(await titles('pending')).toEqual([]);
    expect(await titles('rejected')).toEqual([]);
  });

  it('ignores case, accents and English plurals', async () => {
    for (const q of ['BEATLES', 'beatle', 'Beyonce', 'BEYONCÉ', 'cafe', 'CAFÉ', 'song', 'night']) {
      expect((await search({ q })).posts.length, q).toBe(1);
    }
  });

  it('finds Hebrew words typed with a one-letter prefix, and the bare word inside prefixed text', async () => {
    // "בתל" finds "מתל" (both are "תל" with a prefix); "והמוזיקה" and "מוזיקה" find "במוזיקה".
    for (const q of ['בתל', 'תל אביב', 'והמוזיקה', 'מוזיקה', 'שירים', 'וישראלית']) {
      expect(await titles(q), q).toEqual(['שירים מתל אביב']);
    }
  });

  it('finds a match despite a small typo', async () => {
    expect(await titles('beatels')).toEqual(['A Sunday classic']);
    expect(await titles('bohemain rhapsody')).toEqual(['Opera rock']);
    expect(await titles('levinsen')).toHaveLength(20);
  });

  it('requires every meaningful word, and skips English stop words', async () => {
    expect(await titles('the beatles')).toEqual(['A Sunday classic']);
    expect(await titles('beatles jazz')).toEqual([]);
    // One word in the item, the other in the text: found, in the second tier.
    expect(await titles('jude road')).toEqual(['A Sunday classic']);
  });

  it('filters by genre without regard to case, a genre no longer in the list included', async () => {
    expect(await titles('', { genre: 'rock' })).toEqual(['A Sunday classic']);
    expect(await titles('', { genre: 'SHOEGAZE REVIVAL' })).toEqual(['Old tag']);
    expect(await titles('hey', { genre: 'Jazz' })).toEqual([]);
    expect(await titles('songs', { genre: 'jazz' })).toEqual(['Café nights']);
    expect(await titles('', { genre: 'Unknown' })).toEqual([]);
    expect(await search({ q: '' })).toEqual({ posts: [], hasMore: false, nextCursor: null });
  });

  it('ranks title matches above text matches, then the newest first, and pages without duplicates or gaps', async () => {
    const seen: Posts = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const data: FeedResponse['data'] = await search({
        q: 'paging',
        limit: '4',
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...data.posts);
      cursor = data.nextCursor;
      expect(data.hasMore).toBe(cursor !== null);
      if (!cursor) break;
    }
    expect(seen.map((p) => p._id).sort()).toEqual([...pagingIds].sort());
    // Tiers in order: the word in the title (what says what the josie is), then only in the text.
    const tier = (title: string) => (title.startsWith('Paging') ? 0 : 1);
    const tiers = seen.map((p) => tier(p.title));
    expect(tiers).toEqual([...tiers].sort());
    // Within a tier, newest first.
    for (let i = 1; i < seen.length; i++) {
      if (tiers[i] === tiers[i - 1]) {
        expect(Date.parse(seen[i]!.publishedAt!)).toBeLessThanOrEqual(Date.parse(seen[i - 1]!.publishedAt!));
      }
    }
    const all = await search({ q: 'paging', limit: '20' });
    expect(all.posts.map((p) => p._id)).toEqual(seen.slice(0, 20).map((p) => p._id));
  });

  it('answers 400 for a bad cursor or a query over 100 characters, never 500', async () => {
    const good = (await search({ q: 'paging', limit: '2' })).nextCursor!;
    const curatorCursor = Buffer.from(`5,${ids.cafe}`).toString('base64url');
    for (const cursor of [
      'nonsense',
      curatorCursor,
      Buffer.from('1,2026-02-31T00:00:00Z,x').toString('base64url'),
    ]) {
      const res = await ctx.app.inject({ url: '/api/search/josies', query: { q: 'paging', cursor } });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const wrongRoute = await ctx.app.inject({
      url: '/api/search/curators',
      query: { q: 'dan', cursor: good },
    });
    expect(wrongRoute.statusCode).toBe(400);
    const long = await ctx.app.inject({ url: '/api/search/josies', query: { q: 'a'.repeat(101) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('VALIDATION_ERROR');
  });

  it('reads hostile queries as plain words: 200 or 400, never 500', async () => {
    const hostile = [
      "'; drop table josies; --",
      'beatles\\',
      '\\\\',
      'a & b | !c',
      'beatles:* & !jude',
      '(((',
      '!!!!',
      '<-> <2>',
      '"quoted" \'single\'',
      '%_%',
      '\u200fמוזיקה\u200e',
      '🎵🎶 beatles 🎸',
      '\u0301\u0301',
      'ﷺ',
      `${'é'.repeat(100)}`,
      `${'שלום '.repeat(20)}`,
      'x'.repeat(100),
      '*',
      'select * from users',
    ];
    for (const q of hostile) {
      const res = await ctx.app.inject({ url: '/api/search/josies', query: { q } });
      expect([200, 400], `${q}: ${res.body}`).toContain(res.statusCode);
      const curators = await ctx.app.inject({ url: '/api/search/curators', query: { q } });
      expect([200, 400], `${q}: ${curators.body}`).toContain(curators.statusCode);
    }
    // Operators are separators: "!jude" is the word "jude", not "without jude".
    expect(await titles('beatles:* & !jude')).toEqual(['A Sunday classic']);
    expect(await titles('🎵🎶 beatles 🎸')).toEqual(['A Sunday classic']);
  });

  it('searches curators by name and bio, best match first, with bio and follower count', async () => {
    const res = await ctx.app.inject({ url: '/api/search/curators', query: { q: 'jazz' } });
    expect(res.statusCode).toBe(200);
    const { data } = SearchCuratorsResponse.parse(res.json());
    expect(data.curators).toEqual([
      expect.objectContaining({ name: 'Dan Cohen', bio: 'Jazz collector from Haifa', followersCount: 1 }),
    ]);
    const byName = SearchCuratorsResponse.parse(
      (await ctx.app.inject({ url: '/api/search/curators', query: { q: 'Levinsen' } })).json(),
    );
    expect(byName.data.curators.map((c) => c.name)).toEqual(['Noa Levinson']);
    const empty = (await ctx.app.inject({ url: '/api/search/curators', query: { q: '' } })).json();
    expect(empty).toEqual({ data: { curators: [], hasMore: false, nextCursor: null } });
  });

  it('pages curators without duplicates or gaps, and leaves out listeners and deleted curators', async () => {
    for (let i = 0; i < 5; i++) await buildUserRow(ctx, { role: 'curator', name: `Groove Keeper ${i}` });
    await buildUserRow(ctx, { role: 'listener', name: 'Groove Listener' });
    const gone = await buildUserRow(ctx, { role: 'curator', name: 'Groove Gone' });
    await ctx.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await ctx.app.inject({
        url: '/api/search/curators',
        query: { q: 'groove', limit: '2', ...(cursor ? { cursor } : {}) },
      });
      const { data } = SearchCuratorsResponse.parse(res.json());
      names.push(...data.curators.map((c) => c.name));
      cursor = data.nextCursor;
    } while (cursor);
    expect(names.sort()).toEqual([0, 1, 2, 3, 4].map((i) => `Groove Keeper ${i}`));
  });

  it('never shows a reader the curators they blocked or that blocked them, nor their josies (decision 0048)', async () => {
    const searcher = await buildUser(ctx);
    const curators: Record<string, TestUser> = {};
    for (const name of ['Blocked', 'Blocker', 'Friend']) {
      curators[name] = await buildUser(ctx, { role: 'curator', name: `Bassline ${name}` });
      await buildJosie(ctx, {
        creator: curators[name]!.user._id,
        title: `Bassline notes by ${name}`,
        paragraphs: [text('Low end')],
        genres: ['Funk'],
      });
    }
    await buildBlock(ctx, { blocker: searcher.user._id, blocked: curators.Blocked!.user._id });
    await buildBlock(ctx, { blocker: curators.Blocker!.user._id, blocked: searcher.user._id });
    const curatorNames = async (headers: Record<string, string>) => {
      const res = await ctx.app.inject({ url: '/api/search/curators', query: { q: 'bassline' }, headers });
      return SearchCuratorsResponse.parse(res.json()).data.curators.map((c) => c.name);
    };

    expect(await titles('bassline', {}, searcher.auth)).toEqual(['Bassline notes by Friend']);
    expect(await curatorNames(searcher.auth)).toEqual(['Bassline Friend']);
    // By the curator's name too, and in a genre's listing: the same rule on every path of the search.
    expect(await titles('Blocker', {}, searcher.auth)).toEqual([]);
    expect(await titles('', { genre: 'funk' }, searcher.auth)).toEqual(['Bassline notes by Friend']);
    // Everyone else still finds all three.
    expect((await titles('bassline')).sort()).toEqual(
      ['Blocked', 'Blocker', 'Friend'].map((n) => `Bassline notes by ${n}`),
    );
    expect((await curatorNames({})).sort()).toEqual([
      'Bassline Blocked',
      'Bassline Blocker',
      'Bassline Friend',
    ]);
  });
});

describe('search rate limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_SEARCH_MAX: '3' });
  });
  afterAll(() => ctx.close());

  it('answers 429 past the per-address limit, shared by both searches', async () => {
    const statuses: number[] = [];
    for (const url of [
      '/api/search/josies',
      '/api/search/curators',
      '/api/search/josies',
      '/api/search/curators',
    ]) {
      statuses.push((await ctx.app.inject({ url, query: { q: 'anything' } })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const last = await ctx.app.inject({ url: '/api/search/josies', query: { q: 'x' } });
    expect(last.json().code).toBe('RATE_LIMITED');
    // Another address still searches.
    const other = await ctx.app.inject({
      url: '/api/search/josies',
      query: { q: 'x' },
      remoteAddress: '10.0.0.9',
    });
    expect(other.statusCode).toBe(200);
  });
});
