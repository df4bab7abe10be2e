import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../test/harness.js';
import { SESSION_COOKIE } from './session-cookie.js';

/** The `Set-Cookie` header of the session cookie in `res`, if any. */
function sessionSetCookie(res: LightMyRequestResponse): string | undefined {
  const headers = res.headers['set-cookie'];
  const all = Array.isArray(headers) ? headers : headers ? [headers] : [];
  return all.find((header) => header.startsWith(`${SESSION_COOKIE}=`));
}

describe('the session cookie (decision 0008)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://josie.example', SESSION_TTL_DAYS: '30' });
  });
  afterAll(() => ctx.close());

  const credentials = { email: 'cookie@example.test', password: 'correct-horse-battery' };

  it('is set by sign-up and sign-in to the session token: HTTP-only, Lax, Secure behind https, a session long', async () => {
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Cookie Monster', ...credentials },
    });
    expect(signup.statusCode).toBe(201);
    expect(sessionSetCookie(signup)).toBe(
      `${SESSION_COOKIE}=${signup.json().token}; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax`,
    );

    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: credentials });
    expect(login.statusCode).toBe(200);
    expect(sessionSetCookie(login)).toContain(`${SESSION_COOKIE}=${login.json().token};`);
  });

  it('is not set by a refused sign-in', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { ...credentials, password: 'wrong-password-here' },
    });
    expect(res.statusCode).toBe(401);
    expect(sessionSetCookie(res)).toBeUndefined();
  });

  it('is cleared by logout', async () => {
    const user = await createUser(ctx);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(sessionSetCookie(res)).toMatch(new RegExp(`^${SESSION_COOKIE}=; Max-Age=0; Path=/; Expires=`));
  });

  it('is written back by GET /api/users/me when the browser lacks it, and left alone when it has it', async () => {
    const user = await createUser(ctx);
    const without = await ctx.app.inject({ url: '/api/users/me', headers: user.auth });
    expect(without.statusCode).toBe(200);
    expect(sessionSetCookie(without)).toContain(`${SESSION_COOKIE}=${user.token};`);

    const withIt = await ctx.app.inject({
      url: '/api/users/me',
      headers: { ...user.auth, cookie: `${SESSION_COOKIE}=${user.token}` },
    });
    expect(sessionSetCookie(withIt)).toBeUndefined();
  });

  it('authenticates no API call: the bearer header stays the only credential (no CSRF surface)', async () => {
    const user = await createUser(ctx);
    const cookie = `${SESSION_COOKIE}=${user.token}`;
    const me = await ctx.app.inject({ url: '/api/users/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(401);
    // The session is still alive: the cookie revoked nothing.
    expect((await ctx.app.inject({ url: '/api/users/me', headers: user.auth })).statusCode).toBe(200);
  });
});
