import { LikeResponse } from '@josie/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { josieLikes, josies } from '../../db/schema.js';
import type { AuthUser } from '../../plugins/auth.js';
import { buildJosie, buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, createTestServices, type TestContext } from '../../test/harness.js';
import { countingDb } from '../../test/queries.js';
import { createLikesService } from './service.js';

describe('likes and saves', () => {
  let ctx: TestContext;
  let reader: TestUser;
  let curator: TestUser;

  const toggle = async (what: 'like' | 'save', id: string, user: TestUser | null = reader) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/josies/${id}/${what}`,
      headers: user ? user.auth : {},
    });
    return { status: res.statusCode, body: res.json() };
  };
  const stored = async (josieId: string) => {
    const [row] = await ctx.database.db
      .select({ likeCount: josies.likeCount })
      .from(josies)
      .where(eq(josies.id, josieId));
    const [likes] = await ctx.database.db
      .select({ n: count() })
      .from(josieLikes)
      .where(eq(josieLikes.josieId, josieId));
    return { likeCount: row!.likeCount, rows: likes!.n };
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    reader = await buildUser(ctx);
    curator = await buildUser(ctx, { role: 'curator' });
  });
  afterAll(() => ctx.close());

  it('toggles a like and keeps the count in step', async () => {
    const josie = await buildJosie(ctx, { creator: curator });
    const other = await buildUser(ctx);
    const first = await toggle('like', josie.id);
    expect(first.status).toBe(200);
    expect(LikeResponse.parse(first.body)).toEqual({ data: { liked: true, likeCount: 1 } });
    expect((await toggle('like', josie.id, other)).body).toEqual({ data: { liked: true, likeCount: 2 } });
    expect((await toggle('like', josie.id)).body).toEqual({ data: { liked: false, likeCount: 1 } });
    expect((await toggle('like', josie.id)).body).toEqual({ data: { liked: true, likeCount: 2 } });
    expect(await stored(josie.id)).toEqual({ likeCount: 2, rows: 2 });

    const feed = await ctx.app.inject({
      url: `/api/josies/curator/${curator.user._id}/feed`,
      headers: reader.auth,
    });
    expect(feed.json().data.posts[0]).toMatchObject({ _id: josie.id, likeCount: 2, likedByMe: true });
  });

  it('keeps like_count equal to the likes under concurrent toggles', async () => {
    const josie = await buildJosie(ctx, { creator: curator });
    const users = await Promise.all(Array.from({ length: 6 }, () => buildUser(ctx)));
    // Every user toggles three times at once (ends liked), and one user toggles four times (ends not liked).
    const calls = [...users.flatMap((u) => [u, u, u]), ...Array.from({ length: 4 }, () => reader)].map((u) =>
      toggle('like', josie.id, u),
    );
    const results = await Promise.all(calls);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await stored(josie.id)).toEqual({ likeCount: 6, rows: 6 });
    const counts = results.map((r) => r.body.data.likeCount as number);
    expect(Math.max(...counts)).toBeLessThanOrEqual(7);
  });

  it('a like is one statement, with no transaction around it, and so is an unlike; a like raises like.added', async () => {
    const josie = await buildJosie(ctx, { creator: curator });
    const liker = await buildUser(ctx);
    // The service alone on a recording connection: the notification read that like.added starts is the
    // notifications module's, after the like (decision 0034).
    const { db, statements } = countingDb(ctx.database);
    const raised: unknown[] = [];
    const likes = createLikesService({
      db,
      reads: { liked: async () => undefined, saved: async () => undefined },
      josies: createTestServices(ctx).josies,
      bus: { publish: (event, payload) => void raised.push({ event, payload }) },
    });
    const actor = { id: liker.user._id, role: 'listener' } as AuthUser;
    expect(await likes.toggleLike(actor, josie.id)).toEqual({ data: { liked: true, likeCount: 1 } });
    expect(statements).toHaveLength(1);
    expect(raised).toEqual([{ event: 'like.added', payload: { josieId: josie.id, userId: liker.user._id } }]);
    expect(await likes.toggleLike(actor, josie.id)).toEqual({ data: { liked: false, likeCount: 0 } });
    expect(statements).toHaveLength(2);
    // An unlike tells nobody.
    expect(raised).toHaveLength(1);
    expect(statements.every((text) => !/^\s*(begin|commit)/i.test(text))).toBe(true);
    expect(await stored(josie.id)).toEqual({ likeCount: 0, rows: 0 });
    // The route answers the same through the whole app.
    expect((await toggle('like', josie.id, liker)).body).toEqual({ data: { liked: true, likeCount: 1 } });
  });

  it('answers 404 for josies that are not published, unknown or malformed; 401 for visitors', async () => {
    const pending = await buildJosie(ctx, { creator: curator, status: 'pending' });
    const rejected = await buildJosie(ctx, { creator: curator, status: 'rejected' });
    for (const what of ['like', 'save'] as const) {
      for (const id of [pending.id, rejected.id, crypto.randomUUID(), 'nope']) {
        const res = await toggle(what, id);
        expect(res.status, `${what} ${id}`).toBe(404);
        expect(res.body).toEqual({ message: 'Josie not found', code: 'NOT_FOUND' });
      }
      const published = await buildJosie(ctx, { creator: curator });
      expect((await toggle(what, published.id, null)).status).toBe(401);
    }
    expect(await stored(pending.id)).toEqual({ likeCount: 0, rows: 0 });
  });

  it('toggles a save, shown as savedByMe', async () => {
    const josie = await buildJosie(ctx, { creator: curator });
    expect((await toggle('save', josie.id)).body).toEqual({ data: { saved: true } });
    const saved = await ctx.app.inject({ url: '/api/josies/saved', headers: reader.auth });
    expect(saved.json().data.posts.map((p: { _id: string }) => p._id)).toContain(josie.id);
    expect((await toggle('save', josie.id)).body).toEqual({ data: { saved: false } });
    const after = await ctx.app.inject({ url: '/api/josies/saved', headers: reader.auth });
    expect(after.json().data.posts.map((p: { _id: string }) => p._id)).not.toContain(josie.id);
  });
});
