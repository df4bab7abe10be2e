/**
 * Headers and sessions (docs/decisions/0005-security-and-reliability-checks.md): the Content-Security-Policy
 * and the other response headers, CORS closed, tokens that expire and are revoked (logout, password reset,
 * role change, deleted account), and the login back-off.
 */

import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessions } from '../db/schema.js';
import { insertPasswordReset } from '../modules/account/reset.queries.js';
import { hashResetToken } from '../modules/account/reset.service.js';
import { createLoginLockout, type LoginLockout } from '../modules/auth/lockout.js';
import { insertSession } from '../modules/auth/queries.js';
import { createTokenSigner } from '../modules/auth/tokens.js';
import { pngImage } from '../modules/josies/testing.js';
import { buildAuthHeaders, buildSession, buildUser, buildUserRow } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { expectCleanError } from './fixtures.js';

/**
 * The embed origins the CSP admits in frames: Spotify's and YouTube's players, and the players of the other
 * listening services (Apple Music, Deezer, TIDAL, SoundCloud; decision 0022, amendment of 2026-12-05),
 * nothing else.
 */
const EMBED_ORIGINS = [
  'https://open.spotify.com',
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://embed.music.apple.com',
  'https://widget.deezer.com',
  'https://embed.tidal.com',
  'https://w.soundcloud.com',
];

/**
 * The foreign scripts the CSP admits: YouTube's IFrame Player API and the widget script it loads
 * (docs/product/rules-and-limits.md#player, docs/product/routes-and-roles.md#api), by path, so no other
 * script of www.youtube.com runs here.
 */
const YOUTUBE_API_SCRIPTS = ['https://www.youtube.com/iframe_api', 'https://www.youtube.com/s/player/'];

/** `default-src 'self'; script-src ...` -> `{ 'default-src': ["'self'"], ... }`. */
function parseCsp(header: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name.toLowerCase()] = values;
  }
  return out;
}

describe('response headers and CORS', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('sends a CSP without inline scripts that frames only the Spotify and YouTube players', async () => {
    for (const url of ['/api/config/flags', '/api/no-such-route', '/healthz']) {
      const res = await ctx.app.inject({ url });
      const header = res.headers['content-security-policy'];
      expect(typeof header, url).toBe('string');
      const csp = parseCsp(String(header));
      expect(csp['default-src']).toEqual(["'self'"]);
      for (const directive of ['script-src', 'script-src-attr', 'script-src-elem']) {
        for (const forbidden of [
          "'unsafe-inline'",
          "'unsafe-eval'",
          "'unsafe-hashes'",
          '*',
          'data:',
          'http:',
          'https:',
        ]) {
          expect(csp[directive] ?? [], `${directive} ${forbidden}`).not.toContain(forbidden);
        }
      }
      expect(csp['script-src']).toEqual(["'self'", ...YOUTUBE_API_SCRIPTS]);
      // helmet's default: no inline event handlers (`onerror=`) either.
      expect(csp['script-src-attr']).toEqual(["'none'"]);
      expect([...(csp['frame-src'] ?? [])].sort()).toEqual([...EMBED_ORIGINS].sort());
      // No page may be framed but a josie's embed page (docs/decisions/0043-embeds.md).
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['form-action']).toEqual(["'self'"]);
      // Scripts talk to this origin only: its API and its socket.io WebSocket (`ws:` for an http origin).
      expect(csp['connect-src']).toEqual(["'self'", 'ws://localhost:3000']);
    }
  });

  it("limits connect-src to PUBLIC_URL's own origin and its wss: WebSocket", async () => {
    const https = await createTestContext({ PUBLIC_URL: 'https://josie.example.test/' });
    try {
      const res = await https.app.inject({ url: '/healthz' });
      const csp = parseCsp(String(res.headers['content-security-policy']));
      expect(csp['connect-src']).toEqual(["'self'", 'wss://josie.example.test']);
    } finally {
      await https.close();
    }
  });

  it('sends HSTS, nosniff, a referrer policy and a frame option that refuses every frame', async () => {
    const res = await ctx.app.inject({ url: '/api/config/flags' });
    const hsts = String(res.headers['strict-transport-security']);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toContain('includeSubDomains');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('serves uploaded media as images that browsers may not sniff into documents', async () => {
    const user = await buildUser(ctx);
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(await pngImage(40, 40))], { type: 'image/png' }), 'a.png');
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      headers: user.auth,
      payload: form,
    });
    expect(upload.statusCode).toBe(200);
    const file = await ctx.app.inject({ url: upload.json().avatarUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBeDefined();
  });

  it('keeps CORS closed: a cross-origin preflight or read gets no allow-origin', async () => {
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, authorization',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
    const read = await ctx.app.inject({
      url: '/api/config/flags',
      headers: { origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('session tokens', () => {
  let ctx: TestContext;
  let signer: ReturnType<typeof createTokenSigner>;
  const me = (token: string) =>
    ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    ctx = await createTestContext();
    signer = createTokenSigner(ctx.config.jwtSecret!);
  });
  afterAll(() => ctx.close());

  it('refuses a token signed with a past expiry, even over a live session', async () => {
    const user = await buildUserRow(ctx, { role: 'listener' });
    const session = await insertSession(ctx.database.db, user.id, new Date(Date.now() + 3_600_000));
    const live = await signer.sign(session.id, user.id, new Date(Date.now() + 3_600_000));
    const expired = await signer.sign(session.id, user.id, new Date(Date.now() - 1_000));
    expect((await me(live)).statusCode).toBe(200);
    const res = await me(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      message: 'Your session has expired. Please sign in again.',
      code: 'UNAUTHENTICATED',
    });
  });

  it('refuses a valid token whose session has expired on the server', async () => {
    const user = await buildUserRow(ctx, { role: 'listener' });
    const token = await buildSession(ctx, user.id);
    // Expired before its first use: no session cache (docs/performance.md) can have remembered it as live.
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.userId, user.id));
    expect((await me(token)).statusCode).toBe(401);
    // A live session of the same user still works: the refusal is about that session's expiry.
    expect((await me(await buildSession(ctx, user.id))).statusCode).toBe(200);
  });

  it('refuses tokens signed with another secret, with alg none, or naming another user', async () => {
    const user = await buildUserRow(ctx, { role: 'admin' });
    const other = await buildUserRow(ctx, { role: 'listener' });
    const session = await insertSession(ctx.database.db, other.id, new Date(Date.now() + 3_600_000));
    const expiresAt = new Date(Date.now() + 3_600_000);
    const foreign = await createTokenSigner('another-secret-another-secret-another-1').sign(
      session.id,
      other.id,
      expiresAt,
    );
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const exp = Math.floor(expiresAt.getTime() / 1000);
    const none = `${b64({ alg: 'none' })}.${b64({ sid: session.id, sub: other.id, iss: 'josie', exp })}.`;
    // A real session of one user presented under another user's id (privilege escalation to admin).
    const swapped = await signer.sign(session.id, user.id, expiresAt);
    for (const token of [foreign, none, swapped, 'not-a-jwt', '']) {
      const res = await ctx.app.inject({
        url: '/api/admin/stats',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, token).toBe(401);
      expectCleanError(res);
    }
  });

  it('revokes the token on logout', async () => {
    const user = await buildUserRow(ctx, { role: 'listener' });
    const token = await buildSession(ctx, user.id);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('revokes every session on a password reset', async () => {
    const user = await buildUserRow(ctx, { role: 'curator' });
    const tokens = [await buildSession(ctx, user.id), await buildSession(ctx, user.id)];
    const resetToken = 'a-reset-token-that-is-long-enough-0123456789';
    await insertPasswordReset(
      ctx.database.db,
      user.id,
      hashResetToken(resetToken),
      new Date(Date.now() + 600_000),
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/reset-password/complete',
      payload: { email: user.email, token: resetToken, newPassword: 'brand-new-password' },
    });
    expect(res.statusCode).toBe(200);
    for (const token of tokens) expect((await me(token)).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'brand-new-password' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('revokes the sessions of a user whose role changes, and of a deleted user', async () => {
    const admin = await buildUserRow(ctx, { role: 'admin' });
    const editor = await buildUserRow(ctx, { role: 'editor' });
    const token = await buildSession(ctx, editor.id);
    const pending = await ctx.app.inject({
      url: '/api/josies/pending',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pending.statusCode).toBe(200);
    const demote = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${editor.id}`,
      headers: await buildAuthHeaders(ctx, admin.id),
      payload: { role: 'listener' },
    });
    expect(demote.statusCode).toBe(200);
    // The old editor token must not keep the editor's powers, nor any session at all.
    expect(
      (await ctx.app.inject({ url: '/api/josies/pending', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(401);

    const doomed = await buildUserRow(ctx, { role: 'listener' });
    const doomedToken = await buildSession(ctx, doomed.id);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${doomed.id}`,
      headers: await buildAuthHeaders(ctx, admin.id),
    });
    expect(removed.statusCode).toBe(200);
    expect((await me(doomedToken)).statusCode).toBe(401);
  });
});

describe('login lockout (unit)', () => {
  // The library's in-memory store reads Date.now() and expires keys with timers: both follow the fake clock.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  /** One client address: the lock is per (email, address). */
  const address = '203.0.113.30';
  /** The 429 refusing `email` from `from`, or null when an attempt may go on. */
  const refusal = (lockout: LoginLockout, email: string, from = address) =>
    lockout.assertAllowed(email, from).then(
      () => null,
      (err: unknown) => err as { statusCode: number; message: string },
    );

  it('locks after 5 failures for 1, 2, 4 ... minutes, capped, and clears on success', async () => {
    const lockout = createLoginLockout();
    const email = 'target@example.test';
    for (let i = 0; i < 4; i++) await lockout.recordFailure(email, address);
    expect(await refusal(lockout, email)).toBeNull();
    await lockout.recordFailure(email, address);
    expect(await refusal(lockout, email)).toMatchObject({
      statusCode: 429,
      message: 'Too many failed sign-in attempts. Please try again in 1 minute.',
    });
    // Other accounts are unaffected, and so is this one from another address (its owner).
    expect(await refusal(lockout, 'someone-else@example.test')).toBeNull();
    expect(await refusal(lockout, email, '198.51.100.30')).toBeNull();

    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      const start = Date.now();
      while (await refusal(lockout, email)) vi.advanceTimersByTime(1_000);
      delays.push(Math.round((Date.now() - start) / 60_000));
      await lockout.recordFailure(email, address);
    }
    // The 5th failure locked for 1 minute; each later failure doubles the lock, up to 15 minutes.
    expect(delays).toEqual([1, 2, 4, 8, 15, 15]);
    expect((await refusal(lockout, email))?.message).toContain('15 minutes.');

    vi.advanceTimersByTime(15 * 60_000);
    await lockout.recordSuccess(email, address);
    // The success cleared the count (11 failures so far): four new failures do not lock.
    for (let i = 0; i < 4; i++) await lockout.recordFailure(email, address);
    expect(await refusal(lockout, email)).toBeNull();
  });

  it('forgets a count after forgetAfterMs and keeps at most maxEntries pairs, but never a running lock', async () => {
    const lockout = createLoginLockout({
      maxEntries: 3,
      forgetAfterMs: 60 * 60_000,
      maxFailuresPerAddress: 1000,
    });
    for (let i = 0; i < 4; i++) await lockout.recordFailure('counted@example.test', address);
    for (const e of ['a', 'b']) await lockout.recordFailure(`${e}@example.test`, address);
    // A fourth email evicts the least recently failed one's count: its next failure is a first again.
    await lockout.recordFailure('c@example.test', address);
    await lockout.recordFailure('counted@example.test', address);
    expect(await refusal(lockout, 'counted@example.test')).toBeNull();

    // A spray of made-up emails does not unlock the account under attack.
    for (let i = 0; i < 5; i++) await lockout.recordFailure('locked@example.test', address);
    for (const e of ['d', 'e', 'f', 'g']) await lockout.recordFailure(`${e}@example.test`, address);
    await Promise.resolve();
    expect(await refusal(lockout, 'locked@example.test')).not.toBeNull();

    for (let i = 0; i < 4; i++) await lockout.recordFailure('quiet@example.test', address);
    vi.advanceTimersByTime(2 * 60 * 60_000);
    await lockout.recordFailure('quiet@example.test', address);
    // A count older than forgetAfterMs starts again from zero: a fifth failure does not lock.
    expect(await refusal(lockout, 'quiet@example.test')).toBeNull();
  });
});

describe('login lockout (API)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_AUTH_MAX: '1000' });
  });
  afterAll(() => ctx.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Every attempt from one address: the lock is per (email, address) (auth.test.ts: another address). */
  const login = (email: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '198.18.0.1',
      payload: { email, password },
    });

  it('refuses the right password too while locked, then lets it in after the delay and resets', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
    const user = await buildUser(ctx, { password: 'the-right-password' });
    const email = user.user.email;
    for (let i = 0; i < 5; i++) expect((await login(email, `wrong-${i}-password`)).statusCode).toBe(401);
    const locked = await login(email, 'the-right-password');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      message: 'Too many failed sign-in attempts. Please try again in 1 minute.',
      code: 'RATE_LIMITED',
    });

    vi.setSystemTime(Date.now() + 61_000);
    expect((await login(email, 'wrong-again-password')).statusCode).toBe(401);
    // The failure after a lock doubles it.
    expect((await login(email, 'the-right-password')).json().message).toContain('2 minutes');

    vi.setSystemTime(Date.now() + 2 * 60_000 + 1_000);
    expect((await login(email, 'the-right-password')).statusCode).toBe(200);
    // The success cleared the count: four new failures do not lock.
    for (let i = 0; i < 4; i++) expect((await login(email, `wrong-${i}-password`)).statusCode).toBe(401);
    expect((await login(email, 'the-right-password')).statusCode).toBe(200);
  });

  it('locks an unknown email the same way, so a lock tells nothing about accounts', async () => {
    const email = `nobody-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(email, 'whatever-password')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
