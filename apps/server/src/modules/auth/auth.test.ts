import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Mailer, MailMessage } from '../../adapters/mailer.js';
import { buildUser, buildUserRow, FIXTURE_PASSWORD } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('auth', () => {
  let ctx: TestContext;
  const outbox: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      outbox.push(message);
    },
  };
  beforeAll(async () => {
    ctx = await createTestContext({}, { mailer });
  });
  afterAll(() => ctx.close());

  const signup = (payload: object, remoteAddress?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const mailsTo = (address: string) => outbox.filter((m) => m.to === address);

  it('signs up a listener with the spec defaults, who then signs in', async () => {
    const res = await signup({ name: '  Noa  ', email: 'Noa@Example.test', password: 'long-enough-1' });
    expect(res.statusCode).toBe(201);
    // No session: the answer is the one an address with an account gets too (decision 0037).
    expect(res.json()).toEqual({
      success: true,
      message: 'Check your email to finish signing up, then sign in.',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'noa@example.test', password: 'long-enough-1' },
    });
    expect(login.statusCode).toBe(200);
    const { token, user } = login.json();
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
    await vi.waitFor(() => expect(mailsTo('noa@example.test')[0]?.text).toContain('/verify-email?'));
  });

  it('answers 201 for a created account when the verification link cannot be stored or sent', async () => {
    // The verification step fails after the account committed: the user can ask for a new link.
    await ctx.database.db.execute(
      sql.raw(`create or replace function refuse_verify_link() returns trigger as $$
        begin raise exception 'mail store down'; end $$ language plpgsql`),
    );
    await ctx.database.db.execute(
      sql.raw(`create trigger refuse_verify_link before insert on email_links
        for each row when (new.purpose = 'verify-email') execute function refuse_verify_link()`),
    );
    try {
      const res = await signup({ name: 'Ori', email: 'ori-nomail@example.test', password: 'long-enough-1' });
      expect(res.statusCode, res.body).toBe(201);
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'ori-nomail@example.test', password: 'long-enough-1' },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().user.email).toBe('ori-nomail@example.test');
    } finally {
      await ctx.database.db.execute(sql.raw('drop trigger refuse_verify_link on email_links'));
    }
  });

  it('answers a registered address as a new one, makes nothing and mails its owner instead', async () => {
    const owner = await buildUser(ctx, { email: 'dup@example.test', password: 'owner-password-1' });
    const before = outbox.length;
    const taken = await signup({ name: 'Dup', email: 'DUP@example.test', password: 'long-enough-1' });
    const fresh = await signup({ name: 'New', email: 'brand-new@example.test', password: 'long-enough-1' });
    expect(taken.statusCode).toBe(201);
    expect(taken.json()).toEqual(fresh.json());
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    // The owner's account and password are unchanged; the sign-up's password opens nothing.
    const intruder = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'dup@example.test', password: 'long-enough-1' },
    });
    expect(intruder.statusCode).toBe(401);
    await vi.waitFor(() => {
      const mail = outbox.slice(before).find((m) => m.to === 'dup@example.test');
      expect(mail?.subject).toBe('Someone tried to sign up to Josie with your email address');
      expect(mail?.text).toContain(`Hi \u2068${owner.user.name}\u2069,`);
      expect(mail?.text).toContain('/reset-password');
      expect(mail?.text).toContain('/login');
    });
    expect(outbox.slice(before).filter((m) => m.to === 'dup@example.test')).toHaveLength(1);
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
    const u = await buildUser(ctx, { password: 'right-password' });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.user.email, password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
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
    const u = await buildUser(ctx);
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

  const login = (remoteAddress: string, email: string, password = FIXTURE_PASSWORD) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });

  it('lets every successful sign-in from one address through (an office behind one address)', async () => {
    const users = await Promise.all([
      buildUserRow(ctx, { role: 'listener' }),
      buildUserRow(ctx, { role: 'curator' }),
    ]);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await login('203.0.113.50', users[i % 2]!.email)).statusCode);
    expect(statuses).toEqual(Array(25).fill(200));
  });

  it('blocks an address after RATE_LIMIT_AUTH_MAX failures across accounts, successes not counted', async () => {
    const user = await buildUserRow(ctx, { role: 'listener' });
    const address = '203.0.113.70';
    // Successes first: they count for nothing.
    for (let i = 0; i < 5; i++) expect((await login(address, user.email)).statusCode).toBe(200);
    const failures = [];
    for (let i = 0; i < 3; i++)
      failures.push((await login(address, `guess${i}@example.test`, 'guess-guess')).statusCode);
    expect(failures).toEqual([401, 401, 401]);
    // The address is blocked, for every account, the right password included.
    const blocked = await login(address, user.email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: 'Too many failed sign-in attempts from your network. Please try again in 15 minutes.',
      code: 'RATE_LIMITED',
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another address is not.
    expect((await login('203.0.113.71', user.email)).statusCode).toBe(200);
  });

  it("lets a browser that signed in before through a blocked address, by its own device's limit", async () => {
    const owner = await buildUserRow(ctx, { role: 'listener' });
    const other = await buildUserRow(ctx, { role: 'listener' });
    const address = '203.0.113.90';
    const signIn = (email: string, password = FIXTURE_PASSWORD, device?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: address,
        payload: { email, password },
        cookies: device ? { josie_device: device } : {},
      });
    const deviceOf = (res: Awaited<ReturnType<typeof signIn>>) =>
      res.cookies.find((c) => c.name === 'josie_device');
    const first = await signIn(owner.email);
    expect(first.statusCode).toBe(200);
    const cookie = deviceOf(first);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    const otherDevice = deviceOf(await signIn(other.email))!.value;
    // Someone on the same network guesses: the address is blocked for everyone else.
    for (let i = 0; i < 3; i++) await signIn(`guess${i}@example.test`, 'guess-guess');
    expect((await signIn(owner.email)).statusCode).toBe(429);
    // The owner's browser is let through; another account's device cookie or a forged one is not.
    expect((await signIn(owner.email, FIXTURE_PASSWORD, cookie!.value)).statusCode).toBe(200);
    expect((await signIn(owner.email, FIXTURE_PASSWORD, otherDevice)).statusCode).toBe(429);
    expect((await signIn(owner.email, FIXTURE_PASSWORD, `${cookie!.value}x`)).statusCode).toBe(429);
    // The device has a failure limit of its own (10 per window), counted for it alone.
    const wrong = [];
    for (let i = 0; i < 10; i++)
      wrong.push((await signIn(owner.email, 'wrong-pass', cookie!.value)).statusCode);
    expect(wrong).toEqual(Array(10).fill(401));
    const spent = await signIn(owner.email, FIXTURE_PASSWORD, cookie!.value);
    expect(spent.statusCode).toBe(429);
    expect(spent.json().code).toBe('RATE_LIMITED');
    // The other account's browser on the same network still gets in.
    expect((await signIn(other.email, FIXTURE_PASSWORD, otherDevice)).statusCode).toBe(200);
  });

  it('limits sign-ups per address (429 with {message, code})', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) {
      results.push(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          remoteAddress: '198.51.100.7',
          payload: { name: 'X', email: `x${i}@example.test`, password: 'long-enough-1' },
        }),
      );
    }
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 429]);
    expect(results[3]!.json().code).toBe('RATE_LIMITED');
  });
});

describe('login lockout per account and address', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const login = (remoteAddress: string, email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });

  it("locks (email, attacker's address) but lets the owner in from another address", async () => {
    const owner = await buildUserRow(ctx, { role: 'listener' });
    const attacker = '203.0.113.66';
    for (let i = 0; i < 5; i++)
      expect((await login(attacker, owner.email, `wrong-${i}-pass`)).statusCode).toBe(401);
    const locked = await login(attacker, owner.email, FIXTURE_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      message: 'Too many failed sign-in attempts. Please try again in 1 minute.',
      code: 'RATE_LIMITED',
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The owner, elsewhere, is not locked out, now or after more failures from the attacker.
    expect((await login('198.51.100.20', owner.email, FIXTURE_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await login(attacker, owner.email, 'another-guess')).statusCode).toBe(429);
    expect((await login('198.51.100.20', owner.email, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });
});
