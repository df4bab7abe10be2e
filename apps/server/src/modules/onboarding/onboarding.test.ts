import { OnboardingResponse } from '@josie/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows } from '../../db/schema.js';
import type { DomainEvents } from '../../realtime/bus.js';
import { buildFollow, buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('onboarding', () => {
  let ctx: TestContext;
  const events: DomainEvents['follow.changed'][] = [];

  const put = async (user: TestUser | null, payload: unknown) => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/onboarding',
      headers: user ? user.auth : {},
      payload: payload as object,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const get = async (user: TestUser | null) => {
    const res = await ctx.app.inject({ url: '/api/users/me/onboarding', headers: user ? user.auth : {} });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    ctx.app.bus.subscribe('follow.changed', (e) => void events.push(e));
  });
  afterAll(() => ctx.close());

  it('starts at step 1, not completed, and stores progress', async () => {
    const user = await buildUser(ctx);
    expect(OnboardingResponse.parse((await get(user)).body)).toEqual({
      onboarding: { completed: false, step: 1 },
    });
    expect((await put(user, { completed: false, step: 2 })).body).toEqual({
      onboarding: { completed: false, step: 2 },
    });
    expect((await get(user)).body).toEqual({ onboarding: { completed: false, step: 2 } });
  });

  it('completes with the followed curators followed in the same call, skipping non-curators', async () => {
    const user = await buildUser(ctx);
    const [a, b, skipped] = await Promise.all([
      buildUser(ctx, { role: 'curator' }),
      buildUser(ctx, { role: 'curator' }),
      buildUser(ctx, { role: 'curator' }),
    ]);
    const listener = await buildUser(ctx);
    await buildFollow(ctx, { follower: user, curator: a! });
    events.length = 0;
    const res = await put(user, {
      completed: true,
      step: 3,
      followed: [a!.user._id, b!.user._id, listener.user._id, user.user._id, crypto.randomUUID()],
      skipped: [skipped!.user._id],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ onboarding: { completed: true, step: 3 } });
    const rows = await ctx.database.db.select().from(follows).where(eq(follows.followerId, user.user._id));
    expect(rows.map((r) => r.curatorId).sort()).toEqual([a!.user._id, b!.user._id].sort());
    await new Promise((resolve) => setImmediate(resolve));
    // Only the new follow is announced to the sockets.
    expect(events).toEqual([{ followerId: user.user._id, curatorId: b!.user._id, following: true }]);
    const me = await ctx.app.inject({ url: '/api/users/me', headers: user.auth });
    expect(me.json().onboarding).toEqual({ completed: true, step: 3 });
  });

  it('validates the body (400) and refuses visitors (401)', async () => {
    const user = await buildUser(ctx);
    for (const payload of [
      {},
      { completed: true },
      { completed: 'yes', step: 3 },
      { completed: true, step: 4 },
      { completed: true, step: 0 },
      { completed: true, step: 1.5 },
      { completed: true, step: 3, followed: ['not-an-id'] },
      { completed: true, step: 3, skipped: 'x' },
    ]) {
      const res = await put(user, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    expect((await get(user)).body).toEqual({ onboarding: { completed: false, step: 1 } });
    expect((await get(null)).status).toBe(401);
    expect((await put(null, { completed: true, step: 3 })).status).toBe(401);
  });
});
