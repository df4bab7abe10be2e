import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import {
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_INVALID_MESSAGE,
  PASSWORD_RESET_SENT_MESSAGE,
  PASSWORD_RESET_TTL_MINUTES,
} from '@josie/contract';
import { eq, sql } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../adapters/smtp-sink.testing.js';
import { passwordResets } from '../../db/schema.js';
import { buildUser, buildUserRow } from '../../test/factories.js';
import { createTestContext, createTestServices, type TestContext } from '../../test/harness.js';
import { createPasswordResetService } from './reset.service.js';

const PUBLIC_URL = 'https://josie.example.test';
const INITIATE = '/api/users/reset-password/initiate';
const COMPLETE = '/api/users/reset-password/complete';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const sent = { success: true, message: PASSWORD_RESET_SENT_MESSAGE };
const invalid = { message: PASSWORD_RESET_INVALID_MESSAGE, code: 'INVALID_RESET_TOKEN' };

let address = 0;
/** A fresh client address per request, so that the per-address limits stay out of these tests. */
const ip = () => `192.0.2.${(address++ % 250) + 1}`;

/** The reset link in a received email's plain text, parsed. */
function resetLink(text: string | undefined) {
  const match = text?.match(/https:\/\/\S+\/reset-password\?\S+/);
  if (!match) throw new Error(`no reset link in: ${text}`);
  const url = new URL(match[0]);
  return { url, email: url.searchParams.get('email')!, token: url.searchParams.get('token')! };
}

describe('password reset by email (SMTP)', () => {
  let ctx: TestContext;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await createTestContext({ SMTP_URL: sink.url, PUBLIC_URL, RATE_LIMIT_AUTH_MAX: '10000' });
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
  });

  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, remoteAddress: ip() });
  /** A reset email to `email` (a sign-up also mails a verification link to the same address). */
  const isResetTo = (email: string) => (m: { recipients: string[]; email: { text?: string } }) =>
    m.recipients.includes(email) && (m.email.text?.includes('/reset-password?') ?? false);
  const mailTo = (email: string) => sink.waitFor(isResetTo(email));

  it('emails a one-time link that sets the new password and revokes every session', async () => {
    const user = await buildUser(ctx, { name: 'Noa', password: 'old-password-1' });
    const login = await post('/api/auth/login', { email: user.user.email, password: 'old-password-1' });
    const secondSession = { authorization: `Bearer ${login.json().token}` };

    const res = await post(INITIATE, { email: `  ${user.user.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(sent);

    const mail = await mailTo(user.user.email);
    expect(mail.email.subject).toBe('Reset your Josie password');
    expect(mail.email.text).toContain('Hi \u2068Noa\u2069,');
    const link = resetLink(mail.email.text);
    expect(`${link.url.origin}${link.url.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
    expect(link.email).toBe(user.user.email);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.email.html).toContain(`href="${link.url.toString().replaceAll('&', '&amp;')}"`);
    expect(mail.email.html).toContain('dir="ltr"');

    // Only the hash is stored, valid for one hour.
    const rows = await ctx.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(link.token));
    expect(JSON.stringify(rows)).not.toContain(link.token);
    const ttl = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(Math.abs(ttl - PASSWORD_RESET_TTL_MINUTES * 60_000)).toBeLessThan(5000);

    const done = await post(COMPLETE, {
      email: link.email,
      token: link.token,
      newPassword: 'new-password-2',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, message: PASSWORD_RESET_DONE_MESSAGE });

    for (const auth of [user.auth, secondSession]) {
      expect((await ctx.app.inject({ url: '/api/users/me', headers: auth })).statusCode).toBe(401);
    }
    const oldLogin = await post('/api/auth/login', { email: user.user.email, password: 'old-password-1' });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await post('/api/auth/login', { email: user.user.email, password: 'new-password-2' });
    expect(newLogin.statusCode).toBe(200);

    // The link works once.
    const again = await post(COMPLETE, {
      email: link.email,
      token: link.token,
      newPassword: 'third-password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalid);
    const [used] = await ctx.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.user._id));
    expect(used!.usedAt).not.toBeNull();
  });

  it('answers an unknown email exactly like a known one, and sends nothing', async () => {
    const known = await buildUser(ctx);
    const unknownEmail = `nobody-${crypto.randomUUID()}@example.test`;
    const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(passwordResets);
    const unknown = await post(INITIATE, { email: unknownEmail });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(sent);
    const after = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(passwordResets);
    expect(after[0]!.n).toBe(before[0]!.n);

    const knownRes = await post(INITIATE, { email: known.user.email });
    expect(knownRes.body).toBe(unknown.body);
    expect(knownRes.headers['content-length']).toBe(unknown.headers['content-length']);
    // Mail goes out in request order; once the known user's arrived, none went to the unknown address.
    await mailTo(known.user.email);
    expect(sink.messages.some((m) => m.recipients.includes(unknownEmail))).toBe(false);
  });

  it('sends the email in Hebrew, right to left, to a Hebrew-preferring user', async () => {
    const email = `hebrew-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const signup = await post('/api/auth/signup', {
      name: 'נועה',
      email,
      password: 'long-enough-1',
      preferredLanguage: 'he',
    });
    expect(signup.statusCode).toBe(201);
    expect((await post(INITIATE, { email })).json()).toEqual(sent);
    const mail = await mailTo(email);
    expect(mail.email.subject).toBe('איפוס הסיסמה שלכם ב-Josie');
    expect(mail.email.text).toContain('שלום \u2068נועה\u2069,');
    expect(mail.email.html).toContain('<html lang="he" dir="rtl">');
    const link = resetLink(mail.email.text);
    const done = await post(COMPLETE, { email, token: link.token, newPassword: 'hebrew-password' });
    expect(done.statusCode).toBe(200);
  });

  it('refuses an expired token, a wrong token and another account’s email', async () => {
    const user = await buildUser(ctx);
    const other = await buildUser(ctx);
    await post(INITIATE, { email: user.user.email });
    const { token } = resetLink((await mailTo(user.user.email)).email.text);

    const wrong = await post(COMPLETE, {
      email: user.user.email,
      token: `${token}x`,
      newPassword: 'whatever-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(invalid);
    const mismatched = await post(COMPLETE, { email: other.user.email, token, newPassword: 'whatever-1' });
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json()).toEqual(invalid);
    // Neither refusal touched the other account or its sessions.
    expect((await ctx.app.inject({ url: '/api/users/me', headers: other.auth })).statusCode).toBe(200);

    await ctx.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.tokenHash, sha256(token)));
    const expired = await post(COMPLETE, { email: user.user.email, token, newPassword: 'whatever-1' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(invalid);
    expect((await ctx.app.inject({ url: '/api/users/me', headers: user.auth })).statusCode).toBe(200);
    const login = await post('/api/auth/login', { email: user.user.email, password: user.password });
    expect(login.statusCode).toBe(200);
  });

  it('closes every other outstanding link of the account once one is used', async () => {
    const user = await buildUser(ctx);
    await post(INITIATE, { email: user.user.email });
    const first = resetLink((await mailTo(user.user.email)).email.text);
    await post(INITIATE, { email: user.user.email });
    const second = await sink.waitFor(
      (m) => isResetTo(user.user.email)(m) && resetLink(m.email.text).token !== first.token,
    );
    const secondLink = resetLink(second.email.text);
    const done = await post(COMPLETE, {
      email: user.user.email,
      token: secondLink.token,
      newPassword: 'fresh-pass-1',
    });
    expect(done.statusCode).toBe(200);
    const stale = await post(COMPLETE, {
      email: user.user.email,
      token: first.token,
      newPassword: 'stale-pass-1',
    });
    expect(stale.statusCode).toBe(400);
  });

  it('validates input: email with @, token present, password of at least 8 characters', async () => {
    for (const payload of [{}, { email: '' }, { email: 'no-at-sign' }]) {
      const res = await post(INITIATE, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const short = await post(COMPLETE, { email: 'a@example.test', token: 'abc', newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('at least 8');
    const noToken = await post(COMPLETE, { email: 'a@example.test', newPassword: 'long-enough' });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('password reset when the mail cannot be sent', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    ctx = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(() => ctx.close());

  it('answers the same and leaves the token unused', async () => {
    const user = await buildUser(ctx);
    const res = await ctx.app.inject({ method: 'POST', url: INITIATE, payload: { email: user.user.email } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(sent);
    // The row is written after answering, then the mail fails.
    const rows = () =>
      ctx.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.user._id));
    await expect.poll(rows).toHaveLength(1);
    expect((await rows())[0]!.usedAt).toBeNull();
  });

  it('logs the failure without the token', async () => {
    const user = await buildUser(ctx);
    const logged: unknown[][] = [];
    const services = createTestServices(ctx);
    const service = createPasswordResetService({
      db: ctx.database.db,
      mailer: { send: () => Promise.reject(new Error('mail server on fire')) },
      publicUrl: PUBLIC_URL,
      log: { error: (...args: unknown[]) => void logged.push(args) },
      users: services.users,
      sessions: services.auth,
    });
    expect(await service.initiate({ email: user.user.email })).toEqual(sent);
    await service.drain();
    expect(logged).toHaveLength(1);
    expect(logged[0]![0]).toMatchObject({ userId: user.user._id, err: { message: 'mail server on fire' } });
    const [row] = await ctx.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.user._id));
    expect(JSON.stringify(logged)).not.toContain(row!.tokenHash);
  });
});

describe('password reset without SMTP_URL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL });
  });
  afterAll(() => ctx.close());

  it('writes the email into DATA_DIR/outbox, and its link works', async () => {
    // Made without a sign-up, whose verification email would land in the outbox too.
    const row = await buildUserRow(ctx);
    const user = { user: { email: row.email } };
    await ctx.app.inject({ method: 'POST', url: INITIATE, payload: { email: user.user.email } });
    const outbox = join(ctx.dataDir, 'outbox');
    let files: string[] = [];
    for (let i = 0; i < 100 && files.length === 0; i++) {
      files = (() => {
        try {
          return readdirSync(outbox).filter((f) => f.endsWith('.eml'));
        } catch {
          return [];
        }
      })();
      if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(files).toHaveLength(1);
    const email = await PostalMime.parse(readFileSync(join(outbox, files[0]!)));
    expect(email.to?.[0]).toMatchObject({ address: user.user.email });
    const { token } = resetLink(email.text);
    const done = await ctx.app.inject({
      method: 'POST',
      url: COMPLETE,
      payload: { email: user.user.email, token, newPassword: 'from-outbox-1' },
    });
    expect(done.statusCode).toBe(200);
  });
});

describe('password reset rate limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_AUTH_MAX: '3' });
  });
  afterAll(() => ctx.close());

  it('limits requests for one email across addresses (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: INITIATE,
        remoteAddress: `203.0.113.${i + 1}`,
        payload: { email: 'target@example.test' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('limits each call per address (429 with {message, code})', async () => {
    const initiate = [];
    const complete = [];
    for (let i = 0; i < 4; i++) {
      initiate.push(
        await ctx.app.inject({
          method: 'POST',
          url: INITIATE,
          remoteAddress: '198.51.100.20',
          payload: { email: `someone${i}@example.test` },
        }),
      );
      complete.push(
        await ctx.app.inject({
          method: 'POST',
          url: COMPLETE,
          remoteAddress: '198.51.100.21',
          payload: { email: 'a@example.test', token: `guess${i}`, newPassword: 'long-enough' },
        }),
      );
    }
    expect(initiate.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(complete.map((r) => r.statusCode)).toEqual([400, 400, 400, 429]);
    expect(complete[3]!.json().code).toBe('RATE_LIMITED');
  });
});
