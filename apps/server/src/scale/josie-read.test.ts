/**
 * The josie read, the most frequent request (docs/performance.md): one SQL statement for a reader, and an
 * ETag so a browser revalidates instead of downloading again; the tag changes with anything the answer shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJosie, buildReview, buildUser, type TestUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { countQueries } from '../test/queries.js';

let ctx: TestContext;
beforeAll(async () => {
  // The database path (a josie not yet cached, or a reader served uncached): the read cache is off here;
  // `read-caches.test.ts` covers it.
  ctx = await createTestContext({ RATE_LIMIT_AUTH_MAX: '10000', READ_CACHE_TTL_MS: '0' });
});
afterAll(async () => {
  await ctx.close();
});

const read = (id: string, user?: TestUser, etag?: string) =>
  ctx.app.inject({
    url: `/api/josies/${id}`,
    headers: { ...(user ? user.auth : {}), ...(etag ? { 'if-none-match': etag } : {}) },
  });

describe('GET /api/josies/:id', () => {
  it('answers with a private ETag, and 304 without a body while it still holds', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const reader = await buildUser(ctx);
    const josie = await buildJosie(ctx, { creator: curator });

    const first = await read(josie.id, reader);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toContain('authorization');

    const again = await read(josie.id, reader, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await read(josie.id, reader, `W/"other", ${etag}`)).statusCode).toBe(304);

    // A like changes likeCount and likedByMe: the old tag no longer holds.
    const liked = await ctx.app.inject({
      method: 'POST',
      url: `/api/josies/${josie.id}/like`,
      headers: reader.auth,
    });
    expect(liked.statusCode).toBe(200);
    const after = await read(josie.id, reader, etag);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ likeCount: 1, likedByMe: true });
    expect(after.headers.etag).not.toBe(etag);

    // A visitor's answer (likedByMe false) has a tag of its own.
    const visitor = await read(josie.id);
    expect(visitor.json()).toMatchObject({ likeCount: 1, likedByMe: false });
    expect(visitor.headers.etag).not.toBe(after.headers.etag);
    expect((await read(josie.id, undefined, String(after.headers.etag))).statusCode).toBe(200);
  });

  it('costs one statement for a reader; the creator also gets the review history', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const editor = await buildUser(ctx, { role: 'editor' });
    const reader = await buildUser(ctx);
    const josie = await buildJosie(ctx, { creator: curator });
    await buildReview(ctx, { josie, reviewedBy: editor, action: 'approved' });
    for (const user of [reader, curator]) await read(josie.id, user);

    expect(await countQueries(ctx, () => read(josie.id, reader))).toBe(1);
    expect(await countQueries(ctx, () => read(josie.id))).toBe(1);
    expect(await countQueries(ctx, () => read(josie.id, curator))).toBe(2);
    expect((await read(josie.id, reader)).json().reviews).toEqual([]);
    expect((await read(josie.id, curator)).json().reviews).toEqual([
      expect.objectContaining({ action: 'approved', reviewedBy: editor.user._id }),
    ]);
  });
});
