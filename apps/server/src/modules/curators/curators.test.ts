import { CuratorsFeedResponse } from '@josie/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { buildFollow, buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('GET /api/users/curators/feed (home strip)', () => {
  let ctx: TestContext;
  const curators: TestUser[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const name of ['Carmel', 'Avi', 'Bella'])
      curators.push(await buildUser(ctx, { role: 'curator', name }));
    const [carmel, avi, bella] = curators as [TestUser, TestUser, TestUser];
    await ctx.database.db
      .update(users)
      .set({ preferences: { myFont: 'Permanent Marker', myColor: 'Light Blue' }, avatarUrl: '/media/c.webp' })
      .where(eq(users.id, carmel.user._id));
    const fans = [await buildUser(ctx), await buildUser(ctx)];
    await buildFollow(ctx, { follower: fans[0]!, curator: carmel });
    await buildFollow(ctx, { follower: fans[1]!, curator: carmel });
    await buildFollow(ctx, { follower: fans[0]!, curator: bella });
    await buildUser(ctx, { role: 'editor', name: 'Not a curator' });
    const gone = await buildUser(ctx, { role: 'curator', name: 'Gone' });
    await ctx.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.user._id));
    void avi;
  });
  afterAll(() => ctx.close());

  it('answers live curators by followers then name, with font and hex colour, to visitors too', async () => {
    const res = await ctx.app.inject({ url: '/api/users/curators/feed' });
    expect(res.statusCode).toBe(200);
    const { curators: cards } = CuratorsFeedResponse.parse(res.json());
    expect(cards.map((c) => c.name)).toEqual(['Carmel', 'Bella', 'Avi']);
    expect(cards[0]).toEqual({
      _id: curators[0]!.user._id,
      id: curators[0]!.user._id,
      name: 'Carmel',
      avatar: '/media/c.webp',
      font: 'Permanent Marker',
      color: '#B8FFE8',
    });
    expect(cards[2]).toMatchObject({ avatar: null, font: '', color: '#ff69b4' });
  });

  it('honours limit and refuses a bad one (400)', async () => {
    const res = await ctx.app.inject({ url: '/api/users/curators/feed?limit=2' });
    expect(res.json().curators).toHaveLength(2);
    for (const limit of ['0', '101', 'many']) {
      const bad = await ctx.app.inject({ url: `/api/users/curators/feed?limit=${limit}` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('works with a token as well', async () => {
    const user = await buildUser(ctx);
    const res = await ctx.app.inject({ url: '/api/users/curators/feed', headers: user.auth });
    expect(res.json().curators).toHaveLength(3);
  });
});
