import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../test/harness.js';

describe('auth', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('signs up a listener with the spec defaults and a working token', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: '  Noa  ', email: 'Noa@Example.test', password: 'longenough' },
    });
    expect(res.statusCode).toBe(201);
    const { token, user } = res.json();
    expect(user).toMatchObject({
      name: 'Noa',
      email: 'noa@example.test',
      role: 'listener',
      activeProvider: 'spotify',
      notificationSettings: { allowPushNotifications: true, allowEmails: true },
      preferences: { theme: 'josie', genres: [], interests: [], myFont: '', myColor: '' },
      onboarding: { completed: false, step: 1 },
      following: [],
    });
    expect(user._id).toBe(user.id);
    expect(user.lastLogin).not.toBeNull();
    const me = await ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('noa@example.test');
  });

  it('refuses a duplicate email case-insensitively with 409', async () => {
    await createUser(ctx, { email: 'dup@example.test' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Dup', email: 'DUP@example.test', password: 'longenough' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'An account with this email already exists', code: 'EMAIL_TAKEN' });
  });

  it('refuses short passwords and missing fields with 400 {message, code}', async () => {
    const short = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'A', email: 'a@example.test', password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('VALIDATION_ERROR');
    expect(short.json().message).toContain('at least 8');
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  it('logs in with the right password only, and records lastLogin', async () => {
    const u = await createUser(ctx, { password: 'right-password' });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.user.email, password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'UNAUTHENTICATED' });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.test', password: 'whatever1' },
    });
    expect(unknown.statusCode).toBe(401);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.user.email.toUpperCase(), password: 'right-password' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.lastLogin).toBeTruthy();
  });

  it('logout revokes the session: the same token is then refused', async () => {
    const u = await createUser(ctx);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: u.auth });
    expect(out.statusCode).toBe(200);
    const me = await ctx.app.inject({ url: '/api/users/me', headers: u.auth });
    expect(me.statusCode).toBe(401);
  });

  it('answers 401 without a token and with a forged one', async () => {
    expect((await ctx.app.inject({ url: '/api/users/me' })).statusCode).toBe(401);
    const forged = await ctx.app.inject({
      url: '/api/users/me',
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('reports which sign-in providers are configured', async () => {
    const res = await ctx.app.inject({ url: '/api/auth/providers' });
    expect(res.json()).toEqual({ spotify: false, google: false });
  });
});

describe('auth rate limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_AUTH_MAX: '3' });
  });
  afterAll(() => ctx.close());

  it('limits login attempts per email across addresses (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `203.0.113.${i + 1}`,
        payload: { email: 'target@example.test', password: 'guess-guess' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses[3]).toBe(429);
    expect(statuses[4]).toBe(429);
  });

  it('limits sign-ups per address (429 with {message, code})', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) {
      results.push(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          remoteAddress: '198.51.100.7',
          payload: { name: 'X', email: `x${i}@example.test`, password: 'longenough' },
        }),
      );
    }
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 429]);
    expect(results[3]!.json().code).toBe('RATE_LIMITED');
  });
});
