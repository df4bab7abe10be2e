import {
  INVITE_ALREADY_USED_MESSAGE,
  INVITE_INVALID_MESSAGE,
  type Invite,
  InviteLandingResponse,
  LIMITS,
} from '@josie/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { follows, invites, inviteUses, inviteVisits, users } from '../../db/schema.js';
import type { AuthUser } from '../../plugins/auth.js';
import { createEventBus, type DomainEvents } from '../../realtime/bus.js';
import { buildFollow, buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, createTestServices, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  // Many sign-ups from one address: lift the sign-up limit, which is not what these tests are about.
  ctx = await createTestContext({ RATE_LIMIT_AUTH_MAX: '10000' });
});
afterAll(() => ctx.close());

let address = 0;
/** A fresh client address per call, so the per-address limits of one test never spill into another. */
const ip = () => `198.51.100.${(address++ % 250) + 1}`;

async function createInvite(curator: TestUser, inviteText = 'Come listen with me'): Promise<Invite> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/invites',
    headers: curator.auth,
    payload: { inviteText },
  });
  expect(res.statusCode).toBe(201);
  return res.json().invite;
}

const landing = (code: string, user?: TestUser) =>
  ctx.app.inject({ url: `/api/invites/code/${code}`, headers: user?.auth, remoteAddress: ip() });

const register = (code: string, user: TestUser, payload?: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/invites/code/${code}/register`,
    headers: user.auth,
    remoteAddress: ip(),
    ...(payload ? { payload } : {}),
  });

async function myInvites(curator: TestUser): Promise<Invite[]> {
  const res = await ctx.app.inject({ url: '/api/invites/my-invites', headers: curator.auth });
  expect(res.statusCode).toBe(200);
  return res.json().invites;
}

const expireInvite = (id: string) =>
  ctx.database.db
    .update(invites)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(invites.id, id));

describe('creating invites (POST /api/invites)', () => {
  it('gives a curator an active invite with an unguessable code that expires after 30 days', async () => {
    const curator = await buildUser(ctx, { role: 'curator', name: 'Dana' });
    const invite = await createInvite(curator, '  Join my jazz nights  ');
    expect(invite).toMatchObject({
      inviteText: 'Join my jazz nights',
      isActive: true,
      usedBy: { count: 0, users: [] },
      stats: { pageVisits: 0 },
      creator: { _id: curator.user._id, name: 'Dana', avatar: null },
    });
    // 128 random bits in base64url are 22 URL-safe characters.
    expect(invite.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const lifetime = Date.parse(invite.expiresAt) - Date.parse(invite.createdAt);
    expect(lifetime).toBe(LIMITS.inviteLifetimeDays * 24 * 60 * 60 * 1000);
    expect(Math.abs(Date.parse(invite.createdAt) - Date.now())).toBeLessThan(60_000);
  });

  it('draws a different code every time', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const codes = new Set<string>();
    for (let i = 0; i < 10; i++) codes.add((await createInvite(curator)).code);
    expect(codes.size).toBe(10);
  });

  it('requires a message: missing, blank and overlong texts are 400', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    for (const payload of [{}, { inviteText: '   ' }, { inviteText: 'x'.repeat(501) }, { inviteText: 42 }]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/invites',
        headers: curator.auth,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const blank = await ctx.app.inject({
      method: 'POST',
      url: '/api/invites',
      headers: curator.auth,
      payload: { inviteText: '  ' },
    });
    expect(blank.json().message).toContain('Invite message is required');
    expect(await myInvites(curator)).toEqual([]);
  });

  it('is for curators only: visitors 401; listeners, editors and admins 403', async () => {
    const visitor = await ctx.app.inject({
      method: 'POST',
      url: '/api/invites',
      payload: { inviteText: 'hi' },
    });
    expect(visitor.statusCode).toBe(401);
    for (const role of ['listener', 'editor', 'admin'] as const) {
      const user = await buildUser(ctx, { role });
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/invites',
        headers: user.auth,
        payload: { inviteText: 'hi' },
      });
      expect(res.statusCode, role).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    // No invite belongs to anyone but a curator.
    const byOthers = await ctx.database.db
      .select({ id: invites.id })
      .from(invites)
      .innerJoin(users, eq(users.id, invites.creatorId))
      .where(ne(users.role, 'curator'));
    expect(byOthers).toEqual([]);
  });
});

describe('listing own invites (GET /api/invites/my-invites)', () => {
  it('answers only the curator’s own invites, newest first', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const other = await buildUser(ctx, { role: 'curator' });
    const first = await createInvite(curator, 'first');
    await createInvite(other, 'not mine');
    const second = await createInvite(curator, 'second');
    const list = await myInvites(curator);
    expect(list.map((i) => i._id)).toEqual([second._id, first._id]);
    expect(list.every((i) => i.creator._id === curator.user._id)).toBe(true);
  });

  it('is for curators only', async () => {
    expect((await ctx.app.inject({ url: '/api/invites/my-invites' })).statusCode).toBe(401);
    for (const role of ['listener', 'editor', 'admin'] as const) {
      const user = await buildUser(ctx, { role });
      const res = await ctx.app.inject({ url: '/api/invites/my-invites', headers: user.auth });
      expect(res.statusCode, role).toBe(403);
    }
  });

  it('uses a fixed number of queries whatever the number of invites and uses', async () => {
    const db = ctx.database.db;
    const count = async (curator: TestUser) => {
      // Joining by invite queues notification jobs; let them finish so only this request is counted.
      await ctx.app.jobs.idle();
      // Once before counting, so both counts find the curator's session in the session cache.
      await myInvites(curator);
      const spies = [vi.spyOn(db, 'select'), vi.spyOn(db, 'execute'), vi.spyOn(db, 'selectDistinct')];
      const list = await myInvites(curator);
      const calls = spies.reduce((n, s) => n + s.mock.calls.length, 0);
      for (const s of spies) s.mockRestore();
      return { calls, list };
    };

    const small = await buildUser(ctx, { role: 'curator' });
    await createInvite(small);
    const one = await count(small);
    expect(one.list).toHaveLength(1);

    const big = await buildUser(ctx, { role: 'curator' });
    const listeners = await Promise.all([1, 2, 3].map(() => buildUser(ctx)));
    for (let i = 0; i < 6; i++) {
      const invite = await createInvite(big, `invite ${i}`);
      for (const l of listeners.slice(0, i % 4))
        expect((await register(invite.code, l)).statusCode).toBe(200);
      await landing(invite.code);
    }
    const six = await count(big);
    expect(six.list).toHaveLength(6);
    expect(six.list.some((i) => i.usedBy.count === 3)).toBe(true);
    expect(one.calls).toBeGreaterThan(0);
    expect(six.calls).toBe(one.calls);
  });
});

describe('the landing read (GET /api/invites/code/:code)', () => {
  it('is public and answers the invite with its curator, without who used it', async () => {
    const curator = await buildUser(ctx, { role: 'curator', name: 'Yael' });
    const invite = await createInvite(curator, 'Hear what I hear');
    const res = await landing(invite.code);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(InviteLandingResponse.strict().safeParse(body).success).toBe(true);
    expect(body.invite).toEqual({
      _id: invite._id,
      inviteText: 'Hear what I hear',
      code: invite.code,
      isActive: true,
      createdAt: invite.createdAt,
      expiresAt: invite.expiresAt,
      creator: { _id: curator.user._id, name: 'Yael', avatar: null },
    });
    expect(body.invite).not.toHaveProperty('usedBy');
    expect(body.invite).not.toHaveProperty('stats');
  });

  it('counts each view as a page visit, except the curator’s own', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const listener = await buildUser(ctx);
    const invite = await createInvite(curator);
    expect((await landing(invite.code)).statusCode).toBe(200);
    expect((await landing(invite.code, listener)).statusCode).toBe(200);
    expect((await landing(invite.code, curator)).statusCode).toBe(200);
    const [mine] = await myInvites(curator);
    expect(mine!.stats.pageVisits).toBe(2);
    const rows = await ctx.database.db
      .select()
      .from(inviteVisits)
      .where(eq(inviteVisits.inviteId, invite._id));
    expect(rows).toHaveLength(2);
  });

  it('answers 404 for an unknown or malformed code and 410 once disabled or expired, with one message', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    for (const code of ['AAAAAAAAAAAAAAAAAAAAAA', 'not a code', '%27%20or%201%3D1--']) {
      const res = await landing(code);
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toEqual({ message: INVITE_INVALID_MESSAGE, code: 'NOT_FOUND' });
    }

    const disabled = await createInvite(curator);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/invites/${disabled._id}/disable`,
      headers: curator.auth,
    });
    const gone = await landing(disabled.code);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ message: INVITE_INVALID_MESSAGE, code: 'GONE' });

    const expired = await createInvite(curator);
    await expireInvite(expired._id);
    const late = await landing(expired.code);
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(INVITE_INVALID_MESSAGE);

    // Refused reads are not visits.
    const list = await myInvites(curator);
    expect(list.map((i) => [i.isActive, i.stats.pageVisits])).toEqual([
      [false, 0],
      [false, 0],
    ]);
  });

  it('answers a code of 101 to 128 characters as an unknown one, not "Route not found", and 129 as invalid', async () => {
    const user = await buildUser(ctx);
    for (const code of ['A'.repeat(101), 'A'.repeat(128), encodeURIComponent('א'.repeat(128))]) {
      const res = await landing(code);
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toEqual({ message: INVITE_INVALID_MESSAGE, code: 'NOT_FOUND' });
      const accept = await ctx.app.inject({
        method: 'POST',
        url: `/api/invites/code/${code}/register`,
        headers: user.auth,
        payload: {},
      });
      expect(accept.statusCode, code).toBe(404);
      expect(accept.json()).toEqual({ message: INVITE_INVALID_MESSAGE, code: 'NOT_FOUND' });
    }
    const long = await landing('A'.repeat(129));
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('VALIDATION_ERROR');
  });

  it('limits reads per client address (429)', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const invite = await createInvite(curator);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await ctx.app.inject({
        url: `/api/invites/code/${invite.code}`,
        remoteAddress: '203.0.113.99',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe('accepting an invite (POST /api/invites/code/:code/register)', () => {
  it('registers the user on the invite and follows the curator', async () => {
    const curator = await buildUser(ctx, { role: 'curator', name: 'Mira' });
    const listener = await buildUser(ctx);
    const invite = await createInvite(curator);
    const res = await register(invite.code, listener);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      curator: { _id: curator.user._id, name: 'Mira' },
      following: [curator.user._id],
    });

    const me = await ctx.app.inject({ url: '/api/users/me', headers: listener.auth });
    expect(me.json().following).toEqual([curator.user._id]);
    const used = await ctx.database.db.select().from(inviteUses).where(eq(inviteUses.inviteId, invite._id));
    expect(used.map((u) => u.userId)).toEqual([listener.user._id]);

    const [mine] = await myInvites(curator);
    expect(mine!.usedBy).toEqual({
      count: 1,
      users: [{ _id: listener.user._id, name: listener.user.name, avatar: null }],
    });
  });

  it('refuses a second use by the same user with 409 and the exact message', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const listener = await buildUser(ctx);
    const invite = await createInvite(curator);
    expect((await register(invite.code, listener)).statusCode).toBe(200);
    const again = await register(invite.code, listener);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: INVITE_ALREADY_USED_MESSAGE, code: 'INVITE_ALREADY_USED' });
    expect((await myInvites(curator))[0]!.usedBy.count).toBe(1);
  });

  it('lets concurrent double submissions through once', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const listener = await buildUser(ctx);
    const invite = await createInvite(curator);
    const results = await Promise.all([register(invite.code, listener), register(invite.code, listener)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await myInvites(curator))[0]!.usedBy.count).toBe(1);
  });

  it('counts every user who used an invite and lists the latest 20, newest first', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const invite = await createInvite(curator);
    const db = ctx.database.db;
    const people = await db
      .insert(users)
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          name: `Fan ${i}`,
          email: `fan${i}-${invite._id}@example.test`,
        })),
      )
      .returning({ id: users.id });
    const base = Date.now() - 60 * 60 * 1000;
    await db
      .insert(inviteUses)
      .values(
        people.map((p, i) => ({ inviteId: invite._id, userId: p.id, usedAt: new Date(base + i * 1000) })),
      );
    const [mine] = await myInvites(curator);
    expect(mine!.usedBy.count).toBe(23);
    expect(mine!.usedBy.users.map((u) => u.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Fan ${22 - i}`),
    );
  });

  it('refuses a disabled or an expired invite with 410 and records nothing', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const listener = await buildUser(ctx);
    const disabled = await createInvite(curator);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/invites/${disabled._id}/disable`,
      headers: curator.auth,
    });
    const expired = await createInvite(curator);
    await expireInvite(expired._id);
    for (const invite of [disabled, expired]) {
      const res = await register(invite.code, listener);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ message: INVITE_INVALID_MESSAGE, code: 'GONE' });
    }
    const rows = await ctx.database.db
      .select()
      .from(follows)
      .where(eq(follows.followerId, listener.user._id));
    expect(rows).toEqual([]);
    expect((await myInvites(curator)).every((i) => i.usedBy.count === 0 && !i.isActive)).toBe(true);
  });

  it('refuses an invite whose creator is no longer a curator (410): only curators can be followed', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const listener = await buildUser(ctx);
    const invite = await createInvite(curator);
    await ctx.database.db.update(users).set({ role: 'listener' }).where(eq(users.id, curator.user._id));
    expect((await landing(invite.code)).statusCode).toBe(410);
    const res = await register(invite.code, listener);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(INVITE_INVALID_MESSAGE);
  });

  it('refuses unknown codes (404), visitors (401) and the curator’s own invite (400)', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const listener = await buildUser(ctx);
    const invite = await createInvite(curator);
    const unknown = await register('AAAAAAAAAAAAAAAAAAAAAA', listener);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(INVITE_INVALID_MESSAGE);
    const visitor = await ctx.app.inject({
      method: 'POST',
      url: `/api/invites/code/${invite.code}/register`,
    });
    expect(visitor.statusCode).toBe(401);
    const own = await register(invite.code, curator);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: 'You cannot accept your own invite', code: 'OWN_INVITE' });
    expect((await myInvites(curator))[0]!.usedBy.count).toBe(0);
  });

  it('acts for the signed-in user only: a userId naming someone else is 403, one’s own id is fine', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const listener = await buildUser(ctx);
    const victim = await buildUser(ctx);
    const invite = await createInvite(curator);
    const forged = await register(invite.code, listener, { userId: victim.user._id });
    expect(forged.statusCode).toBe(403);
    const ok = await register(invite.code, listener, { userId: listener.user._id });
    expect(ok.statusCode).toBe(200);
    const used = await ctx.database.db.select().from(inviteUses).where(eq(inviteUses.inviteId, invite._id));
    expect(used.map((u) => u.userId)).toEqual([listener.user._id]);
  });

  it('any signed-in role may accept; an existing follow is kept as it is', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const invite = await createInvite(curator);
    for (const role of ['curator', 'editor', 'admin'] as const) {
      const user = await buildUser(ctx, { role });
      expect((await register(invite.code, user)).statusCode, role).toBe(200);
    }
    const fan = await buildUser(ctx);
    await buildFollow(ctx, { follower: fan, curator });
    const res = await register(invite.code, fan);
    expect(res.statusCode).toBe(200);
    expect(res.json().following).toEqual([curator.user._id]);
    expect((await myInvites(curator))[0]!.usedBy.count).toBe(4);
  });

  it('writes the use and the follow in one transaction: a failing follow leaves no use behind', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const listener = await buildUser(ctx);
    const invite = await createInvite(curator);
    const db = ctx.database.db;
    await db.execute(
      sql.raw(`create function refuse_follow() returns trigger language plpgsql as $$
        begin raise exception 'follow refused for the test'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_follow before insert on follows for each row
        when (new.curator_id = '${curator.user._id}') execute function refuse_follow()`),
    );
    try {
      const res = await register(invite.code, listener);
      expect(res.statusCode).toBe(500);
      const used = await db.select().from(inviteUses).where(eq(inviteUses.inviteId, invite._id));
      expect(used).toEqual([]);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_follow on follows'));
      await db.execute(sql.raw('drop function refuse_follow()'));
    }
    expect((await register(invite.code, listener)).statusCode).toBe(200);
  });
});

describe('disabling an invite (POST /api/invites/:id/disable)', () => {
  it('is one way and repeatable by its creator', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const invite = await createInvite(curator);
    const url = `/api/invites/${invite._id}/disable`;
    const first = await ctx.app.inject({ method: 'POST', url, headers: curator.auth });
    expect(first.statusCode).toBe(200);
    expect(first.json().invite).toMatchObject({ _id: invite._id, code: invite.code, isActive: false });
    const again = await ctx.app.inject({ method: 'POST', url, headers: curator.auth });
    expect(again.statusCode).toBe(200);
    expect(again.json().invite.isActive).toBe(false);
    const [row] = await ctx.database.db.select().from(invites).where(eq(invites.id, invite._id));
    expect(row!.isActive).toBe(false);
  });

  it('refuses anyone but the creator (403), unknown ids (404), bad ids (400) and visitors (401)', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const invite = await createInvite(curator);
    const url = `/api/invites/${invite._id}/disable`;
    for (const role of ['curator', 'listener', 'editor', 'admin'] as const) {
      const other = await buildUser(ctx, { role });
      const res = await ctx.app.inject({ method: 'POST', url, headers: other.auth });
      expect(res.statusCode, role).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: `/api/invites/${crypto.randomUUID()}/disable`,
      headers: curator.auth,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/invites/nope/disable',
      headers: curator.auth,
    });
    expect(bad.statusCode).toBe(400);
    const [row] = await ctx.database.db
      .select()
      .from(invites)
      .where(and(eq(invites.id, invite._id), eq(invites.isActive, true)));
    expect(row).toBeDefined();
  });
});

describe('invites service events', () => {
  it('publishes follow.changed after commit, only when the follow is new', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const invite = await createInvite(curator);
    const second = await createInvite(curator);
    const listener = await buildUser(ctx);
    const bus = createEventBus((err) => {
      throw err;
    });
    const seen: DomainEvents['follow.changed'][] = [];
    bus.subscribe('follow.changed', (payload) => {
      seen.push(payload);
    });
    const service = createTestServices(ctx, { bus }).invites;
    const actor: AuthUser = { ...listener.user, id: listener.user._id, sessionId: 'n/a' };
    await service.register(actor, invite.code);
    await service.register(actor, second.code);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([{ followerId: listener.user._id, curatorId: curator.user._id, following: true }]);
    await expect(service.register(actor, invite.code)).rejects.toMatchObject({ statusCode: 409 });
  });
});
