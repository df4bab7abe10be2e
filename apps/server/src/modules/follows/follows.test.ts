import { FollowResponse, User } from '@josie/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, users } from '../../db/schema.js';
import type { DomainEvents } from '../../realtime/bus.js';
import { buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('follow and unfollow', () => {
  let ctx: TestContext;
  let listener: TestUser;
  let curator: TestUser;
  const events: DomainEvents['follow.changed'][] = [];

  const call = async (action: 'follow' | 'unfollow', id: string, user: TestUser | null = listener) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${action}/${id}`,
      headers: user ? user.auth : {},
    });
    return { status: res.statusCode, body: res.json() };
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  beforeAll(async () => {
    ctx = await createTestContext();
    ctx.app.bus.subscribe('follow.changed', (e) => void events.push(e));
    listener = await buildUser(ctx);
    curator = await buildUser(ctx, { role: 'curator' });
  });
  afterAll(() => ctx.close());

  it('follows a curator, answers the following list and announces it once', async () => {
    events.length = 0;
    const res = await call('follow', curator.user._id);
    expect(res.status).toBe(200);
    expect(FollowResponse.parse(res.body)).toEqual({ success: true, following: [curator.user._id] });
    const again = await call('follow', curator.user._id);
    expect(again.body).toEqual({ success: true, following: [curator.user._id] });
    await settle();
    expect(events).toEqual([{ followerId: listener.user._id, curatorId: curator.user._id, following: true }]);

    const me = User.parse((await ctx.app.inject({ url: '/api/users/me', headers: listener.auth })).json());
    expect(me.following).toEqual([curator.user._id]);
  });

  it('unfollows idempotently and announces only the change', async () => {
    events.length = 0;
    const res = await call('unfollow', curator.user._id);
    expect(res.body).toEqual({ success: true, following: [] });
    expect((await call('unfollow', curator.user._id)).body).toEqual({ success: true, following: [] });
    await settle();
    expect(events).toEqual([
      { followerId: listener.user._id, curatorId: curator.user._id, following: false },
    ]);
  });

  it('keeps the following list oldest follow first', async () => {
    const reader = await buildUser(ctx);
    const a = await buildUser(ctx, { role: 'curator' });
    const b = await buildUser(ctx, { role: 'curator' });
    await call('follow', a.user._id, reader);
    const res = await call('follow', b.user._id, reader);
    expect(res.body.following).toEqual([a.user._id, b.user._id]);
  });

  it('lets curators follow other curators', async () => {
    const other = await buildUser(ctx, { role: 'curator' });
    expect((await call('follow', curator.user._id, other)).status).toBe(200);
  });

  it('refuses non-curators (400), oneself (400), unknown and malformed ids (404), visitors (401)', async () => {
    const plain = await buildUser(ctx);
    const editor = await buildUser(ctx, { role: 'editor' });
    for (const target of [plain, editor]) {
      const res = await call('follow', target.user._id);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Only curators can be followed', code: 'NOT_A_CURATOR' });
    }
    for (const action of ['follow', 'unfollow'] as const) {
      const self = await call(action, curator.user._id, curator);
      expect(self.status).toBe(400);
      expect(self.body).toEqual({ message: 'You cannot follow yourself', code: 'SELF_FOLLOW' });
      for (const id of [crypto.randomUUID(), 'nope', '1']) {
        const res = await call(action, id);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: 'Curator not found', code: 'NOT_FOUND' });
      }
      expect((await call(action, curator.user._id, null)).status).toBe(401);
    }
    const rows = await ctx.database.db
      .select()
      .from(follows)
      .where(eq(follows.followerId, listener.user._id));
    expect(rows).toEqual([]);
  });

  it('refuses a deleted curator, yet lets a demoted one be unfollowed', async () => {
    const gone = await buildUser(ctx, { role: 'curator' });
    await ctx.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.user._id));
    expect((await call('follow', gone.user._id)).status).toBe(404);

    const demoted = await buildUser(ctx, { role: 'curator' });
    await call('follow', demoted.user._id);
    await ctx.database.db.update(users).set({ role: 'listener' }).where(eq(users.id, demoted.user._id));
    const res = await call('unfollow', demoted.user._id);
    expect(res.status).toBe(200);
    expect(res.body.following).not.toContain(demoted.user._id);
  });

  it('stays consistent under concurrent follows and unfollows', async () => {
    const reader = await buildUser(ctx);
    const target = await buildUser(ctx, { role: 'curator' });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(i % 3 === 2 ? 'unfollow' : 'follow', target.user._id, reader),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const rows = await ctx.database.db.select().from(follows).where(eq(follows.followerId, reader.user._id));
    expect(rows.length).toBeLessThanOrEqual(1);
  });
});
