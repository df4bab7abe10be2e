import { FeedResponse } from '@josie/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { josieSaves, josies, users } from '../../db/schema.js';
import {
  buildFollow,
  buildJosie,
  buildJosies,
  buildReview,
  buildUser,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, createTestServices, type TestContext } from '../../test/harness.js';
import { countingDb } from '../../test/queries.js';
import { encodeCursor } from './cursor.js';
import { asActor, micros, titles } from './testing.js';

describe('feeds', () => {
  let ctx: TestContext;
  let listener: TestUser;
  let followed: TestUser;
  let other: TestUser;

  const get = async (url: string, user: TestUser | null = listener) => {
    const res = await ctx.app.inject({ url, headers: user ? user.auth : {} });
    return { status: res.statusCode, body: res.json() };
  };
  const follow = (follower: TestUser, curator: TestUser) => buildFollow(ctx, { follower, curator });

  /** Every post of a feed, following nextCursor; `between` runs before each next page. */
  async function readAll(
    url: string,
    user: TestUser,
    between: (page: number) => Promise<void> = async () => {},
  ) {
    const posts: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page++) {
      const res = await get(cursor ? `${url}?cursor=${cursor}` : url, user);
      expect(res.status).toBe(200);
      const data = FeedResponse.parse(res.body).data;
      posts.push(...data.posts.map((p) => p._id));
      if (!data.hasMore) {
        expect(data.nextCursor).toBeNull();
        return posts;
      }
      cursor = data.nextCursor;
      await between(page);
    }
    throw new Error('the feed never ended');
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    listener = await buildUser(ctx, { name: 'Lior' });
    followed = await buildUser(ctx, { role: 'curator', name: 'Followed' });
    other = await buildUser(ctx, { role: 'curator', name: 'Other' });
    await follow(listener, followed);
  });
  afterAll(() => ctx.close());

  it("refuses visitors the home and saved feeds (401); a curator's feed is public (decision 0045)", async () => {
    for (const url of ['/api/josies/feed', '/api/josies/saved']) {
      const res = await get(url, null);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        message: 'No authentication credentials provided',
        code: 'UNAUTHENTICATED',
      });
    }
  });

  it('shows published josies of followed curators and the reader own, newest first', async () => {
    const reader = await buildUser(ctx, { role: 'curator', name: 'Reader' });
    await follow(reader, followed);
    const t = Date.now();
    const mine = await buildJosie(ctx, { creator: reader, title: 'mine', publishedAt: new Date(t - 1000) });
    const theirs = await buildJosie(ctx, { creator: followed, title: 'theirs', publishedAt: new Date(t) });
    await buildJosie(ctx, { creator: followed, title: 'pending', status: 'pending' });
    await buildJosie(ctx, { creator: followed, title: 'rejected', status: 'rejected' });
    await buildJosie(ctx, { creator: other, title: 'not followed', publishedAt: new Date(t + 1000) });

    const res = await get('/api/josies/feed', reader);
    expect(res.status).toBe(200);
    const { data } = FeedResponse.parse(res.body);
    expect(data.posts.map((p) => p._id).slice(0, 2)).toEqual([theirs.id, mine.id]);
    expect(titles(data.posts)).not.toContain('pending');
    expect(titles(data.posts)).not.toContain('rejected');
    expect(titles(data.posts)).not.toContain('not followed');
    expect(data.posts[0]).toMatchObject({
      status: 'published',
      creator: { _id: followed.user._id, name: 'Followed', preferences: { myColor: '#ff69b4', myFont: '' } },
      likeCount: 0,
      likedByMe: false,
      savedByMe: false,
    });
  });

  it('shows the review history only to the creator (and reviewers), not to followers', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const editor = await buildUser(ctx, { role: 'editor' });
    const fan = await buildUser(ctx);
    await follow(fan, curator);
    await follow(editor, curator);
    const josie = await buildJosie(ctx, { creator: curator, title: 'reviewed' });
    await buildReview(ctx, { josie, reviewedBy: editor, action: 'approved' });
    const seenBy = async (user: TestUser) =>
      FeedResponse.parse((await get('/api/josies/feed', user)).body).data.posts.find(
        (p) => p._id === josie.id,
      )!;
    expect((await seenBy(fan)).reviews).toEqual([]);
    expect((await seenBy(curator)).reviews).toMatchObject([
      { action: 'approved', reviewedBy: editor.user._id },
    ]);
    expect((await seenBy(editor)).reviews).toHaveLength(1);
  });

  it('answers an empty page for a user who follows nobody', async () => {
    const loner = await buildUser(ctx);
    expect((await get('/api/josies/feed', loner)).body).toEqual({
      data: { posts: [], hasMore: false, nextCursor: null },
    });
  });

  it('pages through 45+ josies with no duplicate or gap while newer josies keep arriving', async () => {
    const reader = await buildUser(ctx);
    const a = await buildUser(ctx, { role: 'curator' });
    const b = await buildUser(ctx, { role: 'curator' });
    await follow(reader, a);
    await follow(reader, b);
    const base = Date.now() - 3_600_000;
    const expected = [
      ...(await buildJosies(ctx, { creator: a, count: 25, newest: new Date(base) })),
      ...(await buildJosies(ctx, { creator: b, count: 25, newest: new Date(base - 500) })),
    ];
    // Three josies sharing one publication time: the id breaks the tie.
    for (let i = 0; i < 3; i++) {
      expected.push(await buildJosie(ctx, { creator: b, publishedAt: new Date(base - 10_000) }));
    }
    let arrived = 0;
    const seen = await readAll('/api/josies/feed', reader, async () => {
      // A newer josie lands between every two page loads (the live case of
      // docs/product/routes-and-roles.md#api).
      await buildJosie(ctx, { creator: arrived % 2 ? a.user._id : b.user._id, title: `late ${arrived++}` });
    });
    expect(arrived).toBeGreaterThanOrEqual(2);
    expect(new Set(seen).size).toBe(seen.length);
    const order = [...expected].sort(
      (x, y) => y.publishedAt!.getTime() - x.publishedAt!.getTime() || (y.id < x.id ? -1 : 1),
    );
    expect(seen).toEqual(order.map((j) => j.id));
    expect(seen).toHaveLength(53);
  });

  it('keeps microsecond publication times apart across a page boundary', async () => {
    const reader = await buildUser(ctx);
    const c = await buildUser(ctx, { role: 'curator' });
    await follow(reader, c);
    // 23 josies within one millisecond: a millisecond cursor would repeat or skip some.
    const rows = [];
    for (let i = 0; i < 23; i++) {
      const us = String(999 - i * 7).padStart(3, '0');
      rows.push(await buildJosie(ctx, { creator: c, publishedAt: micros(`2024-05-01T10:00:00.123${us}Z`) }));
    }
    const seen = await readAll('/api/josies/feed', reader);
    expect(seen).toEqual(rows.map((r) => r.id));
  });

  it('refuses a cursor it did not write (400)', async () => {
    const bad = [
      'not-a-cursor',
      Buffer.from('2024-01-01T00:00:00Z,nope').toString('base64url'),
      Buffer.from(`2024-02-31T00:00:00Z,${crypto.randomUUID()}`).toString('base64url'),
      Buffer.from(`yesterday,${crypto.randomUUID()}`).toString('base64url'),
    ];
    for (const cursor of bad) {
      for (const url of [
        '/api/josies/feed',
        `/api/josies/curator/${followed.user._id}/feed`,
        '/api/josies/saved',
      ]) {
        const res = await get(`${url}?cursor=${cursor}`);
        expect(res.status, `${url} ${cursor}`).toBe(400);
        expect(res.body).toEqual({ message: 'Invalid cursor', code: 'VALIDATION_ERROR' });
      }
    }
    const ok = encodeCursor({ at: '2024-01-01T00:00:00.000001Z', id: crypto.randomUUID() });
    expect((await get(`/api/josies/feed?cursor=${ok}`)).status).toBe(200);
  });

  it("serves one curator's published josies and 404s unknown, deleted or malformed curators", async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const rows = await buildJosies(ctx, { creator: curator, count: 22 });
    await buildJosie(ctx, { creator: curator, status: 'pending' });
    const seen = await readAll(`/api/josies/curator/${curator.user._id}/feed`, other);
    expect(seen).toEqual(rows.map((r) => r.id));

    const silent = await buildUser(ctx, { role: 'curator' });
    expect((await get(`/api/josies/curator/${silent.user._id}/feed`)).body.data.posts).toEqual([]);

    for (const id of [crypto.randomUUID(), 'not-an-id']) {
      const res = await get(`/api/josies/curator/${id}/feed`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Curator not found', code: 'NOT_FOUND' });
    }
    await ctx.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, silent.user._id));
    expect((await get(`/api/josies/curator/${silent.user._id}/feed`)).status).toBe(404);
  });

  it("404s a listener's, an editor's and an admin's id as a curator feed, like a malformed id", async () => {
    for (const role of ['listener', 'editor', 'admin'] as const) {
      const someone = await buildUser(ctx, { role });
      const res = await get(`/api/josies/curator/${someone.user._id}/feed`);
      expect(res.status, role).toBe(404);
      expect(res.body).toEqual({ message: 'Curator not found', code: 'NOT_FOUND' });
    }
    // A curator made a listener keeps their published josies, but has no curator page any more.
    const former = await buildUser(ctx, { role: 'curator' });
    await buildJosies(ctx, { creator: former, count: 2 });
    expect((await get(`/api/josies/curator/${former.user._id}/feed`)).body.data.posts).toHaveLength(2);
    await ctx.database.db.update(users).set({ role: 'listener' }).where(eq(users.id, former.user._id));
    expect((await get(`/api/josies/curator/${former.user._id}/feed`)).status).toBe(404);
  });

  it("marks each post with the reader's own like and save, on the home and the curator feed", async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const reader = await buildUser(ctx);
    await follow(reader, curator);
    const [liked, saved, neither] = await buildJosies(ctx, { creator: curator, count: 3 });
    // Someone else's like and save of `neither` must not mark it for the reader.
    for (const [user, josie, action] of [
      [reader, liked, 'like'],
      [reader, saved, 'save'],
      [other, neither, 'like'],
      [other, neither, 'save'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/josies/${josie!.id}/${action}`,
        headers: user.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const url of ['/api/josies/feed', `/api/josies/curator/${curator.user._id}/feed`]) {
      const posts = FeedResponse.parse((await get(url, reader)).body).data.posts;
      const marks = Object.fromEntries(posts.map((p) => [p._id, [p.likedByMe, p.savedByMe]]));
      expect(marks, url).toEqual({
        [liked!.id]: [true, false],
        [saved!.id]: [false, true],
        [neither!.id]: [false, false],
      });
    }
    // A visitor reads the curator's feed with nothing marked, whoever liked or saved what.
    const visitor = await get(`/api/josies/curator/${curator.user._id}/feed`, null);
    expect(visitor.status).toBe(200);
    const posts = FeedResponse.parse(visitor.body).data.posts;
    expect(posts.map((p) => [p._id, p.likedByMe, p.savedByMe])).toEqual(
      [liked, saved, neither].map((j) => [j!.id, false, false]),
    );
  });

  it("answers a curator's own josies from the shared josies too, as their creator sees them", async () => {
    // Curators are readers of their own feeds (and everyone is, at the RealWorld peer's shape): their own
    // josies were read and presented from the database on every page (docs/performance.md).
    const curator = await buildUser(ctx, { role: 'curator' });
    const editor = await buildUser(ctx, { role: 'editor' });
    const fan = await buildUser(ctx);
    await follow(fan, curator);
    const [josie] = await buildJosies(ctx, { creator: curator, count: 3 });
    await buildReview(ctx, { josie: josie!, reviewedBy: editor, action: 'approved' });
    const { db, statements } = countingDb(ctx.database);
    const { feed } = createTestServices(ctx, { database: { ...ctx.database, db } });
    const read = async (viewer: TestUser, which: 'home' | 'curator') => {
      const answer =
        which === 'home'
          ? await feed.following(asActor(viewer), {})
          : await feed.curator(asActor(viewer), curator.user._id, {});
      return FeedResponse.parse(JSON.parse(answer.toString())).data.posts.find((p) => p._id === josie!.id)!;
    };
    // Once first: the home timeline is built, the josies enter the shared cache.
    await read(curator, 'home');
    for (const which of ['home', 'curator'] as const) {
      statements.length = 0;
      const mine = await read(curator, which);
      expect(statements, which).toHaveLength(1);
      expect(mine.abilities).toEqual({ edit: true, review: false, delete: true, seeReviews: true });
      expect(mine.reviews).toMatchObject([{ action: 'approved', reviewedBy: editor.user._id }]);
    }
    // The creator's view stays theirs: a follower reading right after sees a reader's.
    for (const which of ['home', 'curator'] as const) {
      const theirs = await read(fan, which);
      expect(theirs.abilities).toEqual({ edit: false, review: false, delete: false, seeReviews: false });
      expect(theirs.reviews).toEqual([]);
    }
    // An editor who curates is never answered from it: every josie's review history is theirs to see.
    expect((await read(editor, 'curator')).abilities).toMatchObject({ delete: false, seeReviews: true });
  });

  it('reads the first pages of readers who ask at once in one statement, each reader their own', async () => {
    // Three readers with feeds of their own (one curator each, and the third follows both) and likes that
    // must stay with their reader, plus one who follows nobody.
    const [a, b] = [await buildUser(ctx, { role: 'curator' }), await buildUser(ctx, { role: 'curator' })];
    const [first, second] = [
      await buildJosies(ctx, { creator: a, count: 3 }),
      await buildJosies(ctx, { creator: b, count: 25 }),
    ];
    const readers = [await buildUser(ctx), await buildUser(ctx), await buildUser(ctx), await buildUser(ctx)];
    await follow(readers[0]!, a);
    await follow(readers[1]!, b);
    await follow(readers[2]!, a);
    await follow(readers[2]!, b);
    for (const [reader, josie] of [
      [readers[0]!, first![0]!],
      [readers[2]!, second![1]!],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/josies/${josie.id}/like`,
        headers: reader.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const { db, statements } = countingDb(ctx.database);
    const { feed } = createTestServices(ctx, { database: { ...ctx.database, db } });
    const alone = [];
    // One at a time first: each reader's timeline is built on their first read.
    for (const reader of readers)
      alone.push(FeedResponse.parse(JSON.parse((await feed.following(asActor(reader), {})).toString())));
    statements.length = 0;
    // The first reader asks twice at once (two tabs): each answer is their page once.
    const together = (
      await Promise.all([...readers, readers[0]!].map((r) => feed.following(asActor(r), {})))
    ).map((answer) => FeedResponse.parse(JSON.parse(answer.toString())));
    expect(statements).toHaveLength(1);
    expect(together).toEqual([...alone, alone[0]]);
    const liked = (page: FeedResponse) => page.data.posts.filter((p) => p.likedByMe).map((p) => p._id);
    expect(together.slice(0, 4).map(liked)).toEqual([[first![0]!.id], [], [second![1]!.id], []]);
    expect(together.slice(0, 4).map((page) => [page.data.posts.length, page.data.hasMore])).toEqual([
      [3, false],
      [20, true],
      [20, true],
      [0, false],
    ]);
  });

  it('reads the first pages of curator feeds asked for at once in one statement, each with its viewer', async () => {
    const [a, b] = [await buildUser(ctx, { role: 'curator' }), await buildUser(ctx, { role: 'curator' })];
    const [ofA, ofB] = [
      await buildJosies(ctx, { creator: a, count: 22 }),
      await buildJosies(ctx, { creator: b, count: 2 }),
    ];
    const [x, y] = [await buildUser(ctx), await buildUser(ctx)];
    const like = await ctx.app.inject({
      method: 'POST',
      url: `/api/josies/${ofA![2]!.id}/like`,
      headers: x.auth,
    });
    expect(like.statusCode, like.body).toBe(200);
    // The same viewer asks for the same curator twice (two tabs): each answer is the page once.
    const asks = [
      [x, a.user._id],
      [y, a.user._id],
      [y, b.user._id],
      [x, crypto.randomUUID()],
      [x, a.user._id],
    ] as const;
    const { db, statements } = countingDb(ctx.database);
    const { feed } = createTestServices(ctx, { database: { ...ctx.database, db } });
    const read = ([viewer, curatorId]: (typeof asks)[number]) =>
      feed.curator(asActor(viewer), curatorId, {}).then(
        (answer) => FeedResponse.parse(JSON.parse(answer.toString())).data,
        (error: { statusCode?: number }) => error.statusCode,
      );
    const alone = [];
    for (const ask of asks) alone.push(await read(ask));
    statements.length = 0;
    const together = await Promise.all(asks.map(read));
    expect(statements).toHaveLength(1);
    expect(together).toEqual(alone);
    const pages = together.slice(0, 3) as FeedResponse['data'][];
    expect(pages.map((p) => [p.posts.length, p.hasMore])).toEqual([
      [20, true],
      [20, true],
      [2, false],
    ]);
    expect(pages.map((p) => p.posts.filter((post) => post.likedByMe).map((post) => post._id))).toEqual([
      [ofA![2]!.id],
      [],
      [],
    ]);
    expect(pages[2]!.posts.map((p) => p._id).sort()).toEqual(ofB!.map((j) => j.id).sort());
    expect(together[3]).toBe(404);
    expect(together[4]).toEqual(together[0]);
  });

  it('lists saved josies still published, most recently saved first, keyset paginated', async () => {
    const saver = await buildUser(ctx);
    const curator = await buildUser(ctx, { role: 'curator' });
    const rows = await buildJosies(ctx, { creator: curator, count: 24 });
    // Save them oldest-published first: the list follows the save time, not the publication time.
    for (const row of [...rows].reverse()) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/josies/${row.id}/save`,
        headers: saver.auth,
      });
      expect(res.json()).toEqual({ data: { saved: true } });
    }
    // Save times one millisecond apart at most could tie; make them distinct and known.
    await ctx.database.db.execute(sql`
      update ${josieSaves} s set created_at = now() - (interval '1 second' * (j.n))
      from (select id, row_number() over (order by published_at desc) as n from ${josies}
            where creator_id = ${curator.user._id}) j
      where s.josie_id = j.id and s.user_id = ${saver.user._id}`);
    await ctx.database.db.update(josies).set({ status: 'pending' }).where(eq(josies.id, rows[0]!.id));

    const seen = await readAll('/api/josies/saved', saver);
    expect(seen).toEqual(rows.slice(1).map((r) => r.id));
    const first = FeedResponse.parse((await get('/api/josies/saved', saver)).body).data;
    expect(first.posts).toHaveLength(20);
    expect(first.posts.every((p) => p.savedByMe)).toBe(true);
    expect((await get('/api/josies/saved', listener)).body.data.posts).toEqual([]);
  });

  it('costs the same number of queries whatever the page size', async () => {
    const reader = await buildUser(ctx);
    const curators = [await buildUser(ctx, { role: 'curator' }), await buildUser(ctx, { role: 'curator' })];
    for (const c of curators) {
      await follow(reader, c);
      const rows = await buildJosies(ctx, { creator: c, count: 30 });
      await ctx.database.db
        .insert(josieSaves)
        .values(rows.map((r) => ({ josieId: r.id, userId: reader.user._id })));
    }
    const { db, statements } = countingDb(ctx.database);
    const { feed } = createTestServices(ctx, { database: { ...ctx.database, db } });
    const counts: Record<string, number[]> = { following: [], curator: [], saved: [] };
    for (const size of [1, 5, 20, 50]) {
      for (const [name, call] of [
        ['following', () => feed.following(asActor(reader), {}, size)],
        ['curator', () => feed.curator(asActor(reader), curators[0]!.user._id, {}, size)],
        ['saved', () => feed.saved(asActor(reader), {}, size)],
      ] as const) {
        // Once first: the reader's home timeline is built on the first read, and the josies enter the
        // shared read cache.
        await call();
        statements.length = 0;
        const answer = await call();
        const page = (Buffer.isBuffer(answer) ? JSON.parse(answer.toString()) : answer) as FeedResponse;
        expect(page.data.posts).toHaveLength(Math.min(size, name === 'curator' ? 30 : 60));
        counts[name]!.push(statements.length);
      }
    }
    // One statement reads the page's rows and the reader's likes and saves, from the reader's timeline or
    // the curator's josies (with the curator's account, which answers the 404); the josies come from the
    // shared read cache; a reader sees no review history, so none is read.
    expect(counts).toEqual({ following: [1, 1, 1, 1], curator: [1, 1, 1, 1], saved: [1, 1, 1, 1] });
  });
});
