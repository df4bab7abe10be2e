import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { SESSION_COOKIE } from './session-cookie.js';

/** The `Set-Cookie` header of the session cookie in `res`, if any. */
function sessionSetCookie(res: LightMyRequestResponse): string | undefined {
  const headers = res.headers['set-cookie'];
  const all = Array.isArray(headers) ? headers : headers ? [headers] : [];
  return all.find((header) => header.startsWith(`${SESSION_COOKIE}=`));
}

/** The value the session cookie is set to in `res`. */
const cookieValue = (res: LightMyRequestResponse) => /^[^=]+=([^;]*)/.exec(sessionSetCookie(res) ?? '')?.[1];

describe('the session cookie (decision 0008)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://josie.example', SESSION_TTL_DAYS: '30' });
  });
  afterAll(() => ctx.close());

  const credentials = { email: 'cookie@example.test', password: 'correct-horse-battery' };

  it('is set by sign-in (never by sign-up) to a page token of the session: Lax, Secure behind https, a session long', async () => {
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Cookie Monster', ...credentials },
    });
    expect(signup.statusCode).toBe(201);
    // A sign-up opens no session (decision 0037).
    expect(sessionSetCookie(signup)).toBeUndefined();
    const first = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: credentials });
    const pageToken = cookieValue(first);
    expect(pageToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // Not the bearer token; not HTTP-only, so the app can delete it with its stored session, offline too.
    expect(pageToken).not.toBe(first.json().token);
    expect(sessionSetCookie(first)).toBe(
      `${SESSION_COOKIE}=${pageToken}; Max-Age=2592000; Path=/; Secure; SameSite=Lax`,
    );

    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: credentials });
    expect(login.statusCode).toBe(200);
    expect(cookieValue(login)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(cookieValue(login)).not.toBe(pageToken);
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
    const user = await buildUser(ctx);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(sessionSetCookie(res)).toMatch(new RegExp(`^${SESSION_COOKIE}=; Max-Age=0; Path=/; Expires=`));
  });

  it('is given back by GET /api/users/me when the browser lacks it or holds another session', async () => {
    const user = await buildUser(ctx);
    const without = await ctx.app.inject({ url: '/api/users/me', headers: user.auth });
    expect(without.statusCode).toBe(200);
    expect(cookieValue(without)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const withIt = await ctx.app.inject({
      url: '/api/users/me',
      headers: { ...user.auth, cookie: user.cookie },
    });
    expect(sessionSetCookie(withIt)).toBeUndefined();

    // The cookie of another session (another sign-in of the same user, or another user's).
    const other = await buildUser(ctx);
    const mixed = await ctx.app.inject({
      url: '/api/users/me',
      headers: { ...user.auth, cookie: other.cookie },
    });
    expect(cookieValue(mixed)).toBeDefined();
    expect(`${SESSION_COOKIE}=${cookieValue(mixed)}`).not.toBe(other.cookie);
  });

  it('authenticates no API call, and is no bearer token: the two kinds of token do not mix', async () => {
    const user = await buildUser(ctx);
    const pageToken = user.cookie.split('=')[1] ?? '';
    const me = await ctx.app.inject({ url: '/api/users/me', headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(401);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: user.cookie },
    });
    expect(logout.statusCode).toBe(401);
    const asBearer = await ctx.app.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${pageToken}` },
    });
    expect(asBearer.statusCode).toBe(401);
    // The session is still alive: nothing above revoked it.
    expect((await ctx.app.inject({ url: '/api/users/me', headers: user.auth })).statusCode).toBe(200);
  });
});
