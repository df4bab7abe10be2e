/**
 * The read caches (docs/performance.md; `reads/read-caches.ts`): published josies, readers' marks and first
 * feed pages and the home strip answered from memory, and every write that changes what they show
 * dropping them: edit, approve, reject, delete, like, save, follow, unfollow, a new publication, a role
 * change, a user's deletion. Through the
 * HTTP API, so a missing invalidation shows as a stale answer; on PGlite or `TEST_DATABASE_URL`, and across
 * two app instances sharing one database through Redis pub/sub when `TEST_REDIS_URL` is set.
 */
import { ExploreResponse, FeedResponse, type Josie } from '@josie/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { josieLikes } from '../db/schema.js';
import { MARKS_CACHE_LIMIT } from '../reads/read-caches.js';
import {
  atCurrentVersion,
  buildJosie,
  buildJosies,
  buildUser,
  type FactoryContext,
  type TestUser,
} from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { countQueries } from '../test/queries.js';

type Inject = TestContext['app']['inject'];

/** The API calls the tests make, on one app instance; `db` tells an edit the josie's current version. */
function api(inject: Inject, db: FactoryContext) {
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    user?: TestUser,
    payload?: object,
  ) => {
    const res = await inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });
    return res;
  };
  const ok = async (method: 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser, payload?: object) => {
    const res = await call(method, url, user, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res;
  };
  return {
    read: (id: string, user?: TestUser) => call('GET', `/api/josies/${id}`, user),
    async josie(id: string, user?: TestUser): Promise<Josie> {
      const res = await call('GET', `/api/josies/${id}`, user);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async explore(user?: TestUser) {
      const res = await call('GET', '/api/explore', user);
      expect(res.statusCode, res.body).toBe(200);
      return ExploreResponse.parse(res.json()).data;
    },
    async feed(user: TestUser) {
      const res = await call('GET', '/api/josies/feed', user);
      expect(res.statusCode, res.body).toBe(200);
      return FeedResponse.parse(res.json()).data;
    },
    like: (id: string, user: TestUser) => ok('POST', `/api/josies/${id}/like`, user),
    save: (id: string, user: TestUser) => ok('POST', `/api/josies/${id}/save`, user),
    follow: (curator: TestUser, user: TestUser) => ok('POST', `/api/users/follow/${curator.user._id}`, user),
    unfollow: (curator: TestUser, user: TestUser) =>
      ok('POST', `/api/users/unfollow/${curator.user._id}`, user),
    edit: async (id: string, user: TestUser, title: string) =>
      ok(
        'PUT',
        `/api/josies/${id}`,
        user,
        await atCurrentVersion(db, id, {
          title,
          paragraphs: [{ type: 'text', content: `${title}, the text.` }],
        }),
      ),
    approve: (id: string, editor: TestUser) => ok('PUT', `/api/josies/${id}/approve`, editor),
    reject: (id: string, editor: TestUser) =>
      ok('PUT', `/api/josies/${id}/reject`, editor, { rejectionReason: 'Add a track' }),
    remove: (id: string, user: TestUser) => ok('DELETE', `/api/josies/${id}`, user),
    deleteUser: (id: string, admin: TestUser) => ok('DELETE', `/api/admin/users/${id}`, admin),
  };
}

/** The ids of a feed page's posts. */
const ids = (page: { posts: Josie[] }) => page.posts.map((p) => p._id);

describe('read caches on one instance', () => {
  let ctx: TestContext;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_AUTH_MAX: '10000', READ_CACHE_TTL_MS: '300000' });
    a = api(ctx.app.inject.bind(ctx.app), ctx);
  });
  afterAll(() => ctx.close());

  it('answers a repeated josie read from memory, with an ETag that follows likes', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const reader = await buildUser(ctx);
    const josie = await buildJosie(ctx, { creator: curator });
    const first = await a.read(josie.id, reader);
    await a.read(josie.id);
    expect(await countQueries(ctx, () => a.read(josie.id, reader))).toBe(0);
    expect(await countQueries(ctx, () => a.read(josie.id))).toBe(0);

    // The cached body has the uncached answer's fields in the same order (the creator's is read uncached).
    const cached = await a.read(josie.id, reader);
    expect(cached.body).toBe(first.body);
    expect(cached.headers.etag).toBe(first.headers.etag);
    expect(cached.headers['content-type']).toBe('application/json; charset=utf-8');
    const uncached = (await a.read(josie.id, curator)).json();
    expect(Object.keys(cached.json())).toEqual(Object.keys(uncached));
    expect(cached.json()).toEqual({
      ...uncached,
      reviews: [],
      rejectionReason: null,
      abilities: { edit: false, review: false, delete: false, seeReviews: false },
    });
    const etag = String(first.headers.etag);
    const again = await ctx.app.inject({
      url: `/api/josies/${josie.id}`,
      headers: { ...reader.auth, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    await a.like(josie.id, reader);
    const liked = await a.read(josie.id, reader);
    expect(liked.json()).toMatchObject({ likeCount: 1, likedByMe: true, savedByMe: false });
    expect(liked.headers.etag).not.toBe(etag);
    expect(await a.josie(josie.id)).toMatchObject({ likeCount: 1, likedByMe: false });
    await a.save(josie.id, reader);
    expect(await a.josie(josie.id, reader)).toMatchObject({ likedByMe: true, savedByMe: true });
    await a.like(josie.id, reader);
    expect(await a.josie(josie.id, reader)).toMatchObject({
      likeCount: 0,
      likedByMe: false,
      savedByMe: true,
    });
  });

  it('shows an edit, an approval, a rejection and a delete at once', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const editor = await buildUser(ctx, { role: 'editor' });
    const reader = await buildUser(ctx);
    const josie = await buildJosie(ctx, { creator: curator, title: 'First words' });
    expect((await a.josie(josie.id, reader)).title).toBe('First words');

    // The creator's edit sends it back to review: readers no longer see it.
    await a.edit(josie.id, curator, 'Second words');
    expect((await a.read(josie.id, reader)).statusCode).toBe(404);
    expect((await a.read(josie.id)).statusCode).toBe(404);
    await a.approve(josie.id, editor);
    expect((await a.josie(josie.id, reader)).title).toBe('Second words');

    await a.edit(josie.id, curator, 'Third words');
    await a.reject(josie.id, editor);
    expect((await a.read(josie.id, reader)).statusCode).toBe(404);

    const other = await buildJosie(ctx, { creator: curator });
    await a.josie(other.id, reader);
    await a.remove(other.id, curator);
    expect((await a.read(other.id, reader)).statusCode).toBe(404);
  });

  it('serves the creator and reviewers uncached, with the review history', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const editor = await buildUser(ctx, { role: 'editor' });
    const reader = await buildUser(ctx);
    const josie = await buildJosie(ctx, { creator: curator, status: 'pending', publishedAt: null });
    await a.approve(josie.id, editor);
    expect((await a.josie(josie.id, reader)).reviews).toEqual([]);
    for (const user of [curator, editor]) {
      expect((await a.josie(josie.id, user)).reviews).toEqual([
        expect.objectContaining({ action: 'approved' }),
      ]);
      expect(await countQueries(ctx, () => a.read(josie.id, user))).toBeGreaterThan(0);
    }
  });

  it("answers a reader's feed in one statement (timeline rows; josies from the shared cache), current after follows, publications, likes, saves and deletes", async () => {
    const reader = await buildUser(ctx);
    const liker = await buildUser(ctx);
    const editor = await buildUser(ctx, { role: 'editor' });
    const c1 = await buildUser(ctx, { role: 'curator' });
    const c2 = await buildUser(ctx, { role: 'curator' });
    const base = new Date(Date.now() - 3_600_000);
    const old1 = await buildJosies(ctx, { creator: c1, count: 3, newest: base });
    const old2 = await buildJosies(ctx, { creator: c2, count: 2, newest: new Date(base.getTime() - 60_000) });
    await a.follow(c1, reader);
    expect(ids(await a.feed(reader))).toEqual(old1.map((j) => j.id));
    expect(await countQueries(ctx, () => a.feed(reader))).toBe(1);

    // Follow -> the new curator's josies join the page; unfollow -> they leave it.
    await a.follow(c2, reader);
    expect(ids(await a.feed(reader))).toEqual([...old1, ...old2].map((j) => j.id));
    await a.unfollow(c2, reader);
    expect(ids(await a.feed(reader))).toEqual(old1.map((j) => j.id));

    // A new publication of a followed curator (approved through the API) comes first.
    const fresh = await buildJosie(ctx, { creator: c1, status: 'pending', publishedAt: null });
    await a.approve(fresh.id, editor);
    expect(ids(await a.feed(reader))[0]).toBe(fresh.id);

    // likeCount: someone else's like shows at once (the rule: never older than the last like committed).
    await a.like(old1[0]!.id, liker);
    expect((await a.feed(reader)).posts.find((p) => p._id === old1[0]!.id)).toMatchObject({
      likeCount: 1,
      likedByMe: false,
    });
    // The reader's own like and save.
    await a.like(old1[1]!.id, reader);
    await a.save(old1[2]!.id, reader);
    const marked = (await a.feed(reader)).posts;
    expect(marked.find((p) => p._id === old1[1]!.id)).toMatchObject({ likeCount: 1, likedByMe: true });
    expect(marked.find((p) => p._id === old1[2]!.id)).toMatchObject({ savedByMe: true });

    // The creator's edit (back to review) and a delete take josies off the page.
    await a.edit(old1[0]!.id, c1, 'Edited');
    await a.remove(old1[1]!.id, c1);
    expect(ids(await a.feed(reader))).toEqual([fresh.id, old1[2]!.id]);
    expect(await countQueries(ctx, () => a.feed(reader))).toBe(1);
  });

  it("answers a curator's own josies on their feed from memory, as theirs, current after likes, edits, approvals and deletes", async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const editor = await buildUser(ctx, { role: 'editor' });
    const liker = await buildUser(ctx);
    const [newest, older] = await buildJosies(ctx, { creator: curator, count: 2 });
    const own = async () => (await a.feed(curator)).posts;
    expect((await own()).map((p) => p._id)).toEqual([newest!.id, older!.id]);
    expect(await countQueries(ctx, () => a.feed(curator))).toBe(1);
    expect((await own())[0]).toMatchObject({
      abilities: { edit: true, review: false, delete: true, seeReviews: true },
      likeCount: 0,
    });

    await a.like(newest!.id, liker);
    expect((await own())[0]).toMatchObject({ likeCount: 1, likedByMe: false });
    // The edit sends it back to review; the approval brings it back with its review, to its creator only.
    await a.edit(newest!.id, curator, 'Edited');
    expect(ids({ posts: await own() })).toEqual([older!.id]);
    await a.approve(newest!.id, editor);
    const back = (await own()).find((p) => p._id === newest!.id)!;
    expect(back).toMatchObject({
      title: 'Edited',
      reviews: [expect.objectContaining({ action: 'approved' })],
    });
    expect((await a.josie(newest!.id, liker)).reviews).toEqual([]);
    await a.remove(older!.id, curator);
    expect(ids({ posts: await own() })).toEqual([newest!.id]);
  });

  it("shows a curator's new name, avatar, colour and font on their cached josies at once", async () => {
    const curator = await buildUser(ctx, { role: 'curator', name: 'Before' });
    const reader = await buildUser(ctx);
    const josie = await buildJosie(ctx, { creator: curator });
    await a.follow(curator, reader);
    const seen = async () => {
      const [fromRead, fromFeed] = [
        (await a.josie(josie.id, reader)).creator,
        (await a.feed(reader)).posts[0]!.creator,
      ];
      expect(fromFeed).toEqual(fromRead);
      return fromRead;
    };
    expect(await seen()).toMatchObject({ name: 'Before', avatar: null });
    expect(await countQueries(ctx, () => a.josie(josie.id, reader))).toBe(0);

    const put = async (url: string, payload: object) => {
      const res = await ctx.app.inject({ method: 'PUT', url, headers: curator.auth, payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    await put('/api/users/me/profile', { bio: '', name: 'After' });
    expect((await seen()).name).toBe('After');
    await put('/api/users/me/preferences', {
      genres: [],
      interests: [],
      myColor: 'Pink',
      myFont: 'Anton',
    });
    expect((await seen()).preferences).toEqual({ myColor: '#FF3D8E', myFont: 'Anton' });
    const picture = new FormData();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff3d8e' } })
      .png()
      .toBuffer();
    picture.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      headers: curator.auth,
      payload: picture,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect((await seen()).avatar).toBe(upload.json().avatar);
  });

  it("drops a deleted curator's josies and pages, and the likes they gave", async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const reader = await buildUser(ctx);
    const gone = await buildUser(ctx, { role: 'curator' });
    const stays = await buildUser(ctx, { role: 'curator' });
    const theirs = await buildJosie(ctx, { creator: gone });
    const kept = await buildJosie(ctx, { creator: stays });
    await a.follow(gone, reader);
    await a.follow(stays, reader);
    await a.like(kept.id, gone);
    expect(ids(await a.feed(reader))).toContain(theirs.id);
    expect((await a.josie(kept.id, reader)).likeCount).toBe(1);
    await a.josie(theirs.id, reader);

    await a.deleteUser(gone.user._id, admin);
    expect((await a.read(theirs.id, reader)).statusCode).toBe(404);
    expect(ids(await a.feed(reader))).toEqual([kept.id]);
    expect((await a.josie(kept.id, reader)).likeCount).toBe(0);
  });

  it("keeps everyone else's cached reads when one user's sessions are revoked (role change, reset)", async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const reader = await buildUser(ctx);
    const curator = await buildUser(ctx, { role: 'curator' });
    const promoted = await buildUser(ctx);
    const josie = await buildJosie(ctx, { creator: curator });
    await a.josie(josie.id, reader);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${promoted.user._id}`,
      headers: admin.auth,
      payload: { role: 'curator' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The josie and the reader's marks are still in memory: the read sends no statement at all.
    expect(await countQueries(ctx, () => a.read(josie.id, reader))).toBe(0);
  });

  it('answers the home strip from memory, and drops it when someone becomes a curator, stops being one or is deleted', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const demoted = await buildUser(ctx, { role: 'curator' });
    const deleted = await buildUser(ctx, { role: 'curator' });
    const promoted = await buildUser(ctx);
    const strip = async (): Promise<string[]> =>
      (await ctx.app.inject({ url: '/api/users/curators/feed' }))
        .json()
        .curators.map((card: { id: string }) => card.id);
    const setRole = async (user: TestUser, role: string) => {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${user.user._id}`,
        headers: admin.auth,
        payload: { role },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    expect(await strip()).toEqual(expect.arrayContaining([demoted.user._id, deleted.user._id]));
    expect(await countQueries(ctx, () => strip())).toBe(0);

    await setRole(promoted, 'curator');
    expect(await strip()).toContain(promoted.user._id);
    await setRole(demoted, 'listener');
    expect(await strip()).not.toContain(demoted.user._id);
    await a.deleteUser(deleted.user._id, admin);
    expect(await strip()).not.toContain(deleted.user._id);
    // Other sessions' revocations (a password reset, an editor made admin) leave it cached.
    await setRole(await buildUser(ctx, { role: 'editor' }), 'admin');
    expect(await countQueries(ctx, () => strip())).toBe(0);
  });

  it(`reads the marks of a reader with more than ${MARKS_CACHE_LIMIT} likes per request`, async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const prolific = await buildUser(ctx);
    const josie = await buildJosie(ctx, { creator: curator });
    await ctx.database.db.execute(sql`
      insert into josies (creator_id, title, paragraphs, status, published_at)
      select ${curator.user._id}, 'bulk ' || g, '[]'::jsonb, 'published', now() - g * interval '1 second'
      from generate_series(1, ${MARKS_CACHE_LIMIT + 1}) g`);
    await ctx.database.db.execute(sql`
      insert into josie_likes (josie_id, user_id)
      select id, ${prolific.user._id} from josies where title like 'bulk %'`);
    expect(await a.josie(josie.id, prolific)).toMatchObject({ likedByMe: false });
    await a.like(josie.id, prolific);
    expect(await a.josie(josie.id, prolific)).toMatchObject({ likedByMe: true, likeCount: 1 });
    // The josie is cached; the marks are one statement, not the reader's 5,000 likes.
    expect(await countQueries(ctx, () => a.read(josie.id, prolific))).toBe(1);
    const likes = await ctx.database.db.$count(josieLikes);
    expect(likes).toBeGreaterThan(MARKS_CACHE_LIMIT);
  });
});

describe('read caches with the per-reader caches off (READER_CACHE_TTL_MS=0)', () => {
  let ctx: TestContext;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    ctx = await createTestContext({ READ_CACHE_TTL_MS: '300000', READER_CACHE_TTL_MS: '0' });
    a = api(ctx.app.inject.bind(ctx.app), ctx);
  });
  afterAll(() => ctx.close());

  it("answers a josie read with the reader's own marks, read per request, each reader their own", async () => {
    const josie = await buildJosie(ctx, {});
    const [reader, other] = [await buildUser(ctx), await buildUser(ctx)];
    expect(await a.josie(josie.id, reader)).toMatchObject({ likedByMe: false, savedByMe: false });
    await a.like(josie.id, reader);
    expect(await a.josie(josie.id, reader)).toMatchObject({
      likeCount: 1,
      likedByMe: true,
      savedByMe: false,
    });
    await a.save(josie.id, reader);
    expect(await a.josie(josie.id, reader)).toMatchObject({ likedByMe: true, savedByMe: true });
    expect(await a.josie(josie.id, other)).toMatchObject({
      likeCount: 1,
      likedByMe: false,
      savedByMe: false,
    });
    // The josie from memory, the marks in one statement.
    expect(await countQueries(ctx, () => a.josie(josie.id, other))).toBe(1);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('read caches across two instances (Redis pub/sub)', () => {
  let ctx: TestContext;
  let other: TestContext['app'];
  let a: ReturnType<typeof api>;
  let b: ReturnType<typeof api>;
  beforeAll(async () => {
    ctx = await createTestContext({
      RATE_LIMIT_AUTH_MAX: '10000',
      READ_CACHE_TTL_MS: '300000',
      REDIS_URL: redisUrl!,
    });
    // A second instance on the same database and Redis channel (the same REDIS_PREFIX).
    const { buildApp } = await import('../app.js');
    other = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    await other.ready();
    a = api(ctx.app.inject.bind(ctx.app), ctx);
    b = api(other.inject.bind(other), ctx);
  });
  afterAll(async () => {
    await other?.close();
    await ctx?.close();
  });

  it("drops B's cached josie and feed page for writes made on A", async () => {
    const reader = await buildUser(ctx);
    const liker = await buildUser(ctx);
    const editor = await buildUser(ctx, { role: 'editor' });
    const curator = await buildUser(ctx, { role: 'curator' });
    const later = await buildUser(ctx, { role: 'curator' });
    const josie = await buildJosie(ctx, { creator: curator, title: 'Before' });
    const laterJosie = await buildJosie(ctx, {
      creator: later,
      publishedAt: new Date(Date.now() - 3_600_000),
    });
    await a.follow(curator, reader);
    // Let B's subscription be confirmed before it caches anything.
    await new Promise((r) => setTimeout(r, 200));
    expect(ids(await b.feed(reader))).toEqual([josie.id]);
    expect(await b.josie(josie.id, reader)).toMatchObject({ title: 'Before', likeCount: 0 });

    await a.like(josie.id, liker);
    await expect.poll(async () => (await b.josie(josie.id, reader)).likeCount).toBe(1);
    await expect.poll(async () => (await b.feed(reader)).posts[0]?.likeCount).toBe(1);
    await a.like(josie.id, reader);
    await expect.poll(async () => (await b.josie(josie.id, reader)).likedByMe).toBe(true);

    await a.follow(later, reader);
    await expect.poll(async () => ids(await b.feed(reader))).toEqual([josie.id, laterJosie.id]);

    await a.edit(josie.id, curator, 'After');
    await expect.poll(async () => (await b.read(josie.id, reader)).statusCode).toBe(404);
    await expect.poll(async () => ids(await b.feed(reader))).toEqual([laterJosie.id]);
    await a.approve(josie.id, editor);
    await expect.poll(async () => (await b.josie(josie.id, reader)).title).toBe('After');
    await expect.poll(async () => ids(await b.feed(reader))).toEqual([josie.id, laterJosie.id]);
  });

  it("drops B's cached josies of a curator's own feed, and their creator's old name, for writes made on A", async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const liker = await buildUser(ctx);
    const josie = await buildJosie(ctx, { creator: curator, title: 'Mine' });
    await new Promise((r) => setTimeout(r, 200));
    expect((await b.feed(curator)).posts[0]).toMatchObject({ _id: josie.id, likeCount: 0 });
    await a.like(josie.id, liker);
    await expect.poll(async () => (await b.feed(curator)).posts[0]?.likeCount).toBe(1);
    // A new name, given on A, reaches B's cached josie (read by someone else) and the creator's own.
    expect((await b.josie(josie.id, liker)).creator.name).not.toBe('Renamed');
    const rename = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/profile',
      headers: curator.auth,
      payload: { bio: '', name: 'Renamed' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    await expect.poll(async () => (await b.josie(josie.id, liker)).creator.name).toBe('Renamed');
    await expect.poll(async () => (await b.feed(curator)).posts[0]?.creator.name).toBe('Renamed');
    await a.edit(josie.id, curator, 'Mine, edited');
    await expect.poll(async () => ids(await b.feed(curator))).toEqual([]);
  });

  it("drops B's explore lists when a josie is unpublished or approved on A", async () => {
    const reader = await buildUser(ctx);
    const editor = await buildUser(ctx, { role: 'editor' });
    const curator = await buildUser(ctx, { role: 'curator' });
    const josie = await buildJosie(ctx, { creator: curator, title: 'Explored', genres: ['Techno'] });
    await new Promise((r) => setTimeout(r, 200));
    const techno = async () =>
      (await b.explore(reader)).genres.find((g) => g.name === 'Techno')?.posts.map((p) => p.title) ?? [];
    expect(await techno()).toContain('Explored');
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/josies/${josie.id}`,
      headers: curator.auth,
      payload: {
        title: 'Explored again',
        paragraphs: [{ type: 'text', content: 'Again.' }],
        genres: ['Techno'],
        baseVersion: 1,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await expect.poll(techno).not.toContain('Explored');
    await a.approve(josie.id, editor);
    await expect.poll(techno).toContain('Explored again');
  });
});
