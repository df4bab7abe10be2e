import { PublicProfile } from '@josie/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { buildFollow, buildJosie, buildJosies, buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('GET /api/users/:id (public and curator profile)', () => {
  let ctx: TestContext;
  let viewer: TestUser;
  let curator: TestUser;

  const profile = async (id: string, user: TestUser | null = viewer) => {
    const res = await ctx.app.inject({ url: `/api/users/${id}`, headers: user ? user.auth : {} });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    viewer = await buildUser(ctx);
    curator = await buildUser(ctx, { role: 'curator', name: 'Dana' });
    await ctx.database.db
      .update(users)
      .set({
        bio: 'Late-night jazz.',
        avatarUrl: '/media/a.webp',
        headerImageUrl: '/media/h.webp',
        preferences: { myFont: 'Anton', myColor: 'Yellow', genres: ['Jazz'] },
      })
      .where(eq(users.id, curator.user._id));
  });
  afterAll(() => ctx.close());

  it('answers the profile with its counts and whether the viewer follows', async () => {
    await buildJosies(ctx, { creator: curator, count: 3 });
    await buildJosie(ctx, { creator: curator, status: 'pending' });
    const fans = [viewer, await buildUser(ctx), await buildUser(ctx)];
    for (const fan of fans) await buildFollow(ctx, { follower: fan, curator });
    // A deleted follower no longer counts.
    await ctx.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, fans[2]!.user._id));
    const followedByCurator = await buildUser(ctx, { role: 'curator' });
    await buildFollow(ctx, { follower: curator, curator: followedByCurator });

    const res = await profile(curator.user._id);
    expect(res.status).toBe(200);
    expect(PublicProfile.parse(res.body)).toEqual({
      _id: curator.user._id,
      id: curator.user._id,
      name: 'Dana',
      avatar: '/media/a.webp',
      headerImage: '/media/h.webp',
      bio: 'Late-night jazz.',
      role: 'curator',
      preferences: { myFont: 'Anton', myColor: '#F4FF5E' },
      postsCount: 3,
      followersCount: 2,
      followingCount: 1,
      isFollowing: true,
      isBlocked: false,
    });
    expect(res.body).not.toHaveProperty('email');
    const stranger = await buildUser(ctx);
    expect((await profile(curator.user._id, stranger)).body.isFollowing).toBe(false);
  });

  it("answers a listener's profile with default colour and zero counts", async () => {
    const res = await profile(viewer.user._id, curator);
    expect(res.body).toMatchObject({
      role: 'listener',
      preferences: { myFont: '', myColor: '#ff69b4' },
      postsCount: 0,
      followersCount: 0,
      followingCount: 1,
      isFollowing: false,
    });
  });

  it('404s unknown, deleted and malformed ids', async () => {
    const gone = await buildUser(ctx);
    await ctx.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.user._id));
    for (const id of [crypto.randomUUID(), gone.user._id, 'not-an-id', 'curators']) {
      const res = await profile(id);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: 'User not found', code: 'NOT_FOUND' });
    }
  });

  it("shows a visitor a curator's profile, never a listener's or an editor's (decision 0045)", async () => {
    const res = await profile(curator.user._id, null);
    expect(res.status).toBe(200);
    expect(PublicProfile.parse(res.body)).toMatchObject({
      name: 'Dana',
      role: 'curator',
      isFollowing: false,
    });
    expect(res.body).not.toHaveProperty('email');
    const editor = await buildUser(ctx, { role: 'editor' });
    for (const someone of [viewer, editor]) {
      const refused = await profile(someone.user._id, null);
      expect(refused.status, someone.user.role).toBe(404);
      expect(refused.body).toEqual({ message: 'User not found', code: 'NOT_FOUND' });
    }
  });

  it('leaves /api/users/me and /api/users/curators/feed unshadowed', async () => {
    const me = await ctx.app.inject({ url: '/api/users/me', headers: viewer.auth });
    expect(me.json().email).toBe(viewer.user.email);
    const strip = await ctx.app.inject({ url: '/api/users/curators/feed' });
    expect(strip.statusCode).toBe(200);
    expect(strip.json()).toHaveProperty('curators');
  });
});
