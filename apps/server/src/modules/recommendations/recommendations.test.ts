import { RecommendationsResponse } from '@josie/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, users } from '../../db/schema.js';
import { buildBlock, buildJosie, buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('GET /api/recommendations/curators', () => {
  let ctx: TestContext;
  let me: TestUser;
  const byName = new Map<string, TestUser>();

  const recommend = async (query: string, user: TestUser | null = me) => {
    const res = await ctx.app.inject({
      url: `/api/recommendations/curators${query}`,
      headers: user ? user.auth : {},
    });
    return { status: res.statusCode, body: res.json() };
  };
  const names = (body: unknown) => RecommendationsResponse.parse(body).recommendations.map((r) => r.name);
  const setGenres = (user: TestUser, genres: string[]) =>
    ctx.database.db.update(users).set({ preferences: { genres } }).where(eq(users.id, user.user._id));

  beforeAll(async () => {
    ctx = await createTestContext();
    me = await buildUser(ctx, { role: 'curator', name: 'Me' });
    // Followers: Popular 3, Middle 2, Jazzy 1, the rest 0.
    for (const name of ['Popular', 'Middle', 'Jazzy', 'JazzFolk', 'Quiet', 'Followed']) {
      byName.set(name, await buildUser(ctx, { role: 'curator', name }));
    }
    const fans = await Promise.all([buildUser(ctx), buildUser(ctx), buildUser(ctx)]);
    const id = (name: string) => byName.get(name)!.user._id;
    await ctx.database.db
      .insert(follows)
      .values([
        ...fans.map((f) => ({ followerId: f.user._id, curatorId: id('Popular') })),
        ...fans.slice(0, 2).map((f) => ({ followerId: f.user._id, curatorId: id('Middle') })),
        { followerId: fans[0]!.user._id, curatorId: id('Jazzy') },
        { followerId: me.user._id, curatorId: id('Followed') },
      ]);
    // Taste is what a curator publishes: Jazzy publishes jazz; JazzFolk jazz and folk (in another case);
    // Middle only says it likes jazz and folk, and its jazz josie waits for review; Followed publishes both.
    const publish = (
      name: string,
      genres: string[],
      status: 'published' | 'pending' | 'rejected' = 'published',
    ) => buildJosie(ctx, { creator: byName.get(name)!.user._id, genres, status });
    await publish('Jazzy', ['Jazz', 'Rock']);
    await publish('Jazzy', ['Jazz']);
    await publish('JazzFolk', ['jazz']);
    await publish('JazzFolk', ['Folk', 'Pop']);
    await setGenres(byName.get('Middle')!, ['Jazz', 'Folk']);
    await publish('Middle', ['Jazz', 'Folk'], 'pending');
    await publish('Middle', ['Rock'], 'rejected');
    await publish('Followed', ['Jazz', 'Folk']);
    await buildUser(ctx, { role: 'editor', name: 'Editor' });
    const gone = await buildUser(ctx, { role: 'curator', name: 'Gone' });
    await ctx.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.user._id));
  });
  afterAll(() => ctx.close());

  it('picks 3 random curators by default: never me, a followed one, a deleted one or a non-curator', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const res = await recommend('');
      expect(res.status).toBe(200);
      const picked = names(res.body);
      expect(picked).toHaveLength(3);
      for (const n of picked) seen.add(n);
    }
    expect([...seen].sort()).toEqual(['JazzFolk', 'Jazzy', 'Middle', 'Popular', 'Quiet']);
  });

  it('orders popular by followers then name and answers card fields', async () => {
    const res = await recommend('?strategy=popular&limit=5');
    expect(names(res.body)).toEqual(['Popular', 'Middle', 'Jazzy', 'JazzFolk', 'Quiet']);
    expect(res.body.recommendations[0]).toEqual({
      _id: byName.get('Popular')!.user._id,
      id: byName.get('Popular')!.user._id,
      name: 'Popular',
      avatar: null,
      bio: '',
      font: '',
      color: '#ff69b4',
      followersCount: 3,
    });
  });

  it('puts curators whose published josies share more of my genres first, topped up at random', async () => {
    await setGenres(me, ['JAZZ', 'folk']);
    const rest = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const picked = names((await recommend('?strategy=genre&limit=5')).body);
      // JazzFolk publishes both (in any case), Jazzy one: their own preferences and unpublished josies
      // (Middle's) count for nothing, nor do followers.
      expect(picked.slice(0, 2)).toEqual(['JazzFolk', 'Jazzy']);
      expect(picked.slice(2).sort()).toEqual(['Middle', 'Popular', 'Quiet']);
      const third = await recommend('?strategy=genre&limit=3');
      rest.add(names(third.body)[2]!);
    }
    // The top-up is random, not by followers.
    expect(rest.size).toBeGreaterThan(1);
    // One genre each: the curator with more published josies in it comes first (Jazzy 2, JazzFolk 1).
    await setGenres(me, ['Jazz']);
    for (let i = 0; i < 6; i++) {
      expect(names((await recommend('?strategy=genre&limit=2')).body)).toEqual(['Jazzy', 'JazzFolk']);
    }
    await setGenres(me, []);
    const none = new Set<string>();
    for (let i = 0; i < 12; i++) none.add(names((await recommend('?strategy=genre&limit=1')).body)[0]!);
    expect(none.size).toBeGreaterThan(1);
  });

  it('leaves out excluded ids', async () => {
    const exclude = [byName.get('Popular')!.user._id, byName.get('Quiet')!.user._id].join(',');
    expect(names((await recommend(`?strategy=popular&limit=20&exclude=${exclude}`)).body)).toEqual([
      'Middle',
      'Jazzy',
      'JazzFolk',
    ]);
    expect((await recommend('?exclude=')).status).toBe(200);
  });

  it('validates limit, strategy and exclude (400)', async () => {
    for (const query of [
      '?limit=0',
      '?limit=21',
      '?strategy=best',
      '?exclude=abc',
      `?exclude=${'x,'.repeat(3)}`,
    ]) {
      const res = await recommend(query);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('draws for a visitor without follows or genres: any live curator but the excluded (decision 0045)', async () => {
    const popular = await recommend('?strategy=popular&limit=20', null);
    expect(popular.status).toBe(200);
    // Me and Followed are curators too: nobody is "me" or followed for a visitor.
    expect(names(popular.body)).toEqual([
      'Popular',
      'Middle',
      'Followed',
      'Jazzy',
      'JazzFolk',
      'Me',
      'Quiet',
    ]);
    const picked = names((await recommend(`?limit=20&exclude=${byName.get('Quiet')!.user._id}`, null)).body);
    expect(picked.sort()).toEqual(['Followed', 'JazzFolk', 'Jazzy', 'Me', 'Middle', 'Popular']);
    expect((await recommend('?strategy=genre&limit=2', null)).status).toBe(200);
  });

  it('never suggests an account the reader blocked or that blocked the reader (decision 0048)', async () => {
    const reader = await buildUser(ctx);
    await buildBlock(ctx, { blocker: reader.user._id, blocked: byName.get('Popular')!.user._id });
    await buildBlock(ctx, { blocker: byName.get('Quiet')!.user._id, blocked: reader.user._id });
    await setGenres(reader, ['Jazz']);
    // Every strategy: the profile's random draw, the popular list and onboarding's by taste.
    for (const strategy of ['random', 'popular', 'genre']) {
      const picked = names((await recommend(`?strategy=${strategy}&limit=20`, reader)).body);
      expect(picked.sort(), strategy).toEqual(['Followed', 'JazzFolk', 'Jazzy', 'Me', 'Middle']);
    }
    // Blocks are the reader's, not everyone's: another reader is still offered both.
    const other = names((await recommend('?strategy=popular&limit=20')).body);
    expect(other).toEqual(expect.arrayContaining(['Popular', 'Quiet']));
  });
});
