import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, inviteUses, inviteVisits, josieReviews, josies, users } from '../db/schema.js';
import {
  buildAuthHeaders,
  buildFollow,
  buildInvite,
  buildJosie,
  buildJosies,
  buildLike,
  buildMedia,
  buildReview,
  buildUser,
  buildUserRow,
  FIXTURE_PASSWORD,
} from './factories.js';
import { createTestContext, type TestContext } from './harness.js';

describe('test factories', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const roleOf = async (id: string) =>
    (await ctx.database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

  it('signs a user up through the API, with a working token and the role asked for', async () => {
    const editor = await buildUser(ctx, { role: 'editor' });
    expect(editor.user.role).toBe('editor');
    expect(await roleOf(editor.user._id)).toBe('editor');
    const me = await ctx.app.inject({ url: '/api/users/me', headers: editor.auth });
    expect(me.statusCode, me.body).toBe(200);
  });

  it('inserts a user row that signs in with the fixture password, and mints sessions for it', async () => {
    const row = await buildUserRow(ctx, { role: 'curator' });
    expect(await roleOf(row.id)).toBe('curator');
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: row.email, password: FIXTURE_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const me = await ctx.app.inject({ url: '/api/users/me', headers: await buildAuthHeaders(ctx, row) });
    expect(me.statusCode, me.body).toBe(200);
  });

  it('makes the parents it is not given', async () => {
    const josie = await buildJosie(ctx);
    expect(josie.status).toBe('published');
    expect(josie.publishedAt).toBeInstanceOf(Date);
    expect(await roleOf(josie.creatorId)).toBe('curator');

    const like = await buildLike(ctx);
    const [liked] = await ctx.database.db.select().from(josies).where(eq(josies.id, like.josieId));
    expect(liked!.likeCount).toBe(1);

    const follow = await buildFollow(ctx);
    expect(await roleOf(follow.curatorId)).toBe('curator');
    expect(
      await ctx.database.db.select().from(follows).where(eq(follows.followerId, follow.followerId)),
    ).toHaveLength(1);

    const review = await buildReview(ctx, { action: 'rejected' });
    const [stored] = await ctx.database.db.select().from(josieReviews).where(eq(josieReviews.id, review.id));
    expect(stored).toMatchObject({ action: 'rejected', rejectionReason: 'Not a fit', reviewedBy: null });

    const media = await buildMedia(ctx);
    expect(media.storageKey).toMatch(/^avatars\//);
    expect(await roleOf(String(media.ownerId))).toBe('curator');
  });

  it('builds pending josies unpublished, and series one second apart, newest first', async () => {
    const pending = await buildJosie(ctx, { status: 'pending' });
    expect(pending.publishedAt).toBeNull();
    const newest = new Date('2026-03-01T12:00:00Z');
    const series = await buildJosies(ctx, { count: 3, newest });
    expect(series.map((j) => j.title)).toEqual(['Josie 0', 'Josie 1', 'Josie 2']);
    expect(series.map((j) => j.publishedAt!.getTime())).toEqual(
      [0, 1000, 2000].map((d) => newest.getTime() - d),
    );
    expect(new Set(series.map((j) => j.creatorId)).size).toBe(1);
  });

  it('records the uses and visits of an invite', async () => {
    const fans = [await buildUserRow(ctx), await buildUserRow(ctx)];
    const invite = await buildInvite(ctx, { usedBy: fans, visits: 3 });
    const db = ctx.database.db;
    expect(await db.select().from(inviteUses).where(eq(inviteUses.inviteId, invite.id))).toHaveLength(2);
    expect(await db.select().from(inviteVisits).where(eq(inviteVisits.inviteId, invite.id))).toHaveLength(3);
  });
});
