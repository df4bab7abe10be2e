import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../adapters/mailer.js';
import { emailLinks, passwordResets, securityEvents, sessions, users } from '../../db/schema.js';
import { buildJosie, buildUser, buildUserRow, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { ensureAdmin } from '../auth/index.js';

const PUBLIC_URL = 'https://josie.example.test';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

let address = 0;
/** A fresh client address per request, so that the per-address limits stay out of these tests. */
const ip = () => `198.51.100.${(address++ % 250) + 1}`;

describe('account security: verification, password and email changes, sessions, security log', () => {
  let ctx: TestContext;
  const outbox: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      outbox.push(message);
    },
  };

  beforeAll(async () => {
    ctx = await createTestContext(
      { PUBLIC_URL, RATE_LIMIT_AUTH_MAX: '10000', RATE_LIMIT_VERIFICATION_MAX: '3' },
      { mailer },
    );
  });
  afterAll(() => ctx.close());

  /** The first mail to `to` whose text has a link to `path`, once sent (mails go out after the answer). */
  async function linkMailed(
    to: string,
    path: string,
    after = 0,
  ): Promise<{ mail: MailMessage; token: string }> {
    for (let i = 0; i < 200; i++) {
      const mail = outbox
        .slice(after)
        .find((m) => m.to === to && new RegExp(`${PUBLIC_URL}${path}(\\?|\\s|$)`).test(m.text));
      if (mail) {
        const url = new URL(mail.text.match(new RegExp(`${PUBLIC_URL}${path}(\\?\\S+)?`))![0]);
        return { mail, token: url.searchParams.get('token')! };
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no mail to ${to} with ${path}`);
  }

  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts: { user?: TestUser | { auth: object }; payload?: object; ua?: string } = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: ip(),
      headers: { ...(opts.user?.auth ?? {}), ...(opts.ua ? { 'user-agent': opts.ua } : {}) },
      ...(opts.payload ? { payload: opts.payload } : {}),
    });

  const login = async (email: string, password: string, ua?: string) => {
    const res = await request('POST', '/api/auth/login', {
      payload: { email, password },
      ...(ua ? { ua } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return { token: res.json().token as string, auth: { authorization: `Bearer ${res.json().token}` } };
  };

  const eventsOf = async (userId: string) =>
    (
      await ctx.database.db
        .select({ kind: securityEvents.kind, ip: securityEvents.ip, userAgent: securityEvents.userAgent })
        .from(securityEvents)
        .where(eq(securityEvents.userId, userId))
        .orderBy(securityEvents.createdAt)
    ).map((e) => e.kind);

  describe('email verification', () => {
    it('mails a hashed, single-use 24-hour link at sign-up, and following it verifies the address', async () => {
      const user = await buildUser(ctx, { role: 'curator', verified: false, name: 'Dana' });
      expect(user.user.emailVerified).toBe(false);
      const { mail, token } = await linkMailed(user.user.email, '/verify-email');
      expect(mail.subject).toBe('Verify your Josie email address');
      expect(mail.text).toContain('Hi \u2068Dana\u2069,');
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The page opens in the language of the mail.
      expect(mail.text).toMatch(/\/verify-email\?token=[A-Za-z0-9_-]{43}&lng=en/);

      const [row] = await ctx.database.db
        .select()
        .from(emailLinks)
        .where(eq(emailLinks.userId, user.user._id));
      expect(row).toMatchObject({ purpose: 'verify-email', tokenHash: sha256(token), usedAt: null });
      const hours = (row!.expiresAt.getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);

      const verified = await request('POST', '/api/users/verify-email', { payload: { token } });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toEqual({ success: true, message: 'Your email address is verified.' });
      const me = await request('GET', '/api/users/me', { user });
      expect(me.json().emailVerified).toBe(true);

      // Single use: a second click says the address is already verified, and changes nothing.
      const again = await request('POST', '/api/users/verify-email', { payload: { token } });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ALREADY_VERIFIED');
      expect(await eventsOf(user.user._id)).toEqual(['verification-sent', 'email-verified']);
    });

    it('refuses an expired link, a wrong one, and a link of another purpose', async () => {
      const user = await buildUser(ctx, { verified: false });
      const { token } = await linkMailed(user.user.email, '/verify-email');
      await ctx.database.db
        .update(emailLinks)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailLinks.tokenHash, sha256(token)));
      for (const t of [token, 'not-a-token', `${token.slice(0, -1)}A`]) {
        const res = await request('POST', '/api/users/verify-email', { payload: { token: t } });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'INVALID_EMAIL_LINK' });
      }
      // A verification token is no email-change confirmation.
      const other = await buildUser(ctx, { verified: false });
      const second = await linkMailed(other.user.email, '/verify-email');
      const res = await request('POST', '/api/users/confirm-email', { payload: { token: second.token } });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_EMAIL_LINK');
      expect((await request('GET', '/api/users/me', { user })).json().emailVerified).toBe(false);
    });

    it('answers ALREADY_VERIFIED to an older link once a newer one verified the address, in Hebrew links too', async () => {
      const user = await buildUser(ctx, { verified: false });
      await ctx.database.db.update(users).set({ preferredLanguage: 'he' }).where(eq(users.id, user.user._id));
      const first = await linkMailed(user.user.email, '/verify-email');
      const after = outbox.length;
      expect((await request('POST', '/api/users/me/verify-email/resend', { user })).statusCode).toBe(200);
      const second = await linkMailed(user.user.email, '/verify-email', after);
      expect(second.mail.text).toContain('&lng=he');
      // Before the newer link is followed, the older one is merely spent.
      const early = await request('POST', '/api/users/verify-email', { payload: { token: first.token } });
      expect(early.json().code).toBe('INVALID_EMAIL_LINK');
      expect(
        (await request('POST', '/api/users/verify-email', { payload: { token: second.token } })).statusCode,
      ).toBe(200);
      const late = await request('POST', '/api/users/verify-email', { payload: { token: first.token } });
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('ALREADY_VERIFIED');
    });

    it('refuses publishing and inviting with 403 EMAIL_NOT_VERIFIED until verified', async () => {
      const curator = await buildUser(ctx, { role: 'curator', verified: false });
      const josie = { title: 'Unverified', paragraphs: [{ type: 'text', content: 'Hello' }] };
      const created = await request('POST', '/api/josies', { user: curator, payload: josie });
      expect(created.statusCode).toBe(403);
      expect(created.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
      expect(created.json().message).toMatch(/verify your email/i);
      const invite = await request('POST', '/api/invites', {
        user: curator,
        payload: { inviteText: 'Join me' },
      });
      expect(invite.statusCode).toBe(403);
      expect(invite.json().code).toBe('EMAIL_NOT_VERIFIED');

      // Sending one's own josie back to review is publishing too.
      const own = await buildJosie(ctx, { creator: curator, status: 'rejected' });
      const edited = await request('PUT', `/api/josies/${own.id}`, {
        user: curator,
        payload: { ...josie, baseVersion: 1 },
      });
      expect(edited.statusCode).toBe(403);
      expect(edited.json().code).toBe('EMAIL_NOT_VERIFIED');

      const { token } = await linkMailed(curator.user.email, '/verify-email');
      expect((await request('POST', '/api/users/verify-email', { payload: { token } })).statusCode).toBe(200);
      expect((await request('POST', '/api/josies', { user: curator, payload: josie })).statusCode).toBe(201);
      expect(
        (await request('POST', '/api/invites', { user: curator, payload: { inviteText: 'Join me' } }))
          .statusCode,
      ).toBe(201);
    });

    it('resends a new link (the older one stops working), limited per account, and not once verified', async () => {
      const user = await buildUser(ctx, { verified: false });
      const first = await linkMailed(user.user.email, '/verify-email');
      const before = outbox.length;
      const resent = await request('POST', '/api/users/me/verify-email/resend', { user });
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json().message).toMatch(/new verification link/);
      const second = await linkMailed(user.user.email, '/verify-email', before);
      expect(second.token).not.toBe(first.token);
      const stale = await request('POST', '/api/users/verify-email', { payload: { token: first.token } });
      expect(stale.statusCode).toBe(400);

      // RATE_LIMIT_VERIFICATION_MAX is 3 here: two more, then 429.
      for (let i = 0; i < 2; i++) {
        expect((await request('POST', '/api/users/me/verify-email/resend', { user })).statusCode).toBe(200);
      }
      const limited = await request('POST', '/api/users/me/verify-email/resend', { user });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');

      // Another account has its own allowance.
      const other = await buildUser(ctx, { verified: false });
      expect((await request('POST', '/api/users/me/verify-email/resend', { user: other })).statusCode).toBe(
        200,
      );
      const done = await buildUser(ctx);
      const nothing = await request('POST', '/api/users/me/verify-email/resend', { user: done });
      expect(nothing.json().message).toBe('Your email address is already verified.');
    });

    it('starts create-admin accounts verified, and verifies an existing one it promotes', async () => {
      const email = `admin-${crypto.randomUUID().slice(0, 8)}@example.test`;
      await ensureAdmin(ctx.database.db, { email, password: 'a-long-admin-password-1' });
      const unverified = await buildUserRow(ctx, { verified: false });
      await ensureAdmin(ctx.database.db, { email: unverified.email, password: 'a-long-admin-password-1' });
      for (const address of [email, unverified.email]) {
        const [row] = await ctx.database.db.select().from(users).where(eq(users.email, address));
        expect(row!.emailVerifiedAt).not.toBeNull();
      }
    });
  });

  describe('password change', () => {
    it('refuses a wrong current password (400, logged), a weak or unchanged new one', async () => {
      const user = await buildUser(ctx, { password: 'first-password-1' });
      const wrong = await request('POST', '/api/users/me/password', {
        user,
        payload: { currentPassword: 'not-it-at-all', newPassword: 'second-password-2' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('WRONG_PASSWORD');
      const weak = await request('POST', '/api/users/me/password', {
        user,
        payload: { currentPassword: 'first-password-1', newPassword: 'password123' },
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().code).toBe('WEAK_PASSWORD');
      const same = await request('POST', '/api/users/me/password', {
        user,
        payload: { currentPassword: 'first-password-1', newPassword: 'first-password-1' },
      });
      expect(same.statusCode).toBe(400);
      expect(await eventsOf(user.user._id)).toContain('password-change-failed');
      expect(await eventsOf(user.user._id)).not.toContain('password-changed');
      // Still the old password.
      await login(user.user.email, 'first-password-1');
    });

    it('sets the new password and signs out every other session, keeping the caller’s', async () => {
      const user = await buildUser(ctx, { password: 'first-password-1' });
      const other = await login(user.user.email, 'first-password-1');
      expect((await request('GET', '/api/users/me', { user: other })).statusCode).toBe(200);
      const res = await request('POST', '/api/users/me/password', {
        user,
        payload: { currentPassword: 'first-password-1', newPassword: 'second-password-2' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await request('GET', '/api/users/me', { user: other })).statusCode).toBe(401);
      expect((await request('GET', '/api/users/me', { user })).statusCode).toBe(200);
      await login(user.user.email, 'second-password-2');
      const old = await request('POST', '/api/auth/login', {
        payload: { email: user.user.email, password: 'first-password-1' },
      });
      expect(old.statusCode).toBe(401);
      expect(await eventsOf(user.user._id)).toContain('password-changed');
    });

    it('mails "your password was changed" after a change and after a reset, in the account\'s language', async () => {
      const user = await buildUser(ctx, { name: 'Noa', password: 'first-password-1' });
      const before = outbox.length;
      const res = await request('POST', '/api/users/me/password', {
        user,
        payload: { currentPassword: 'first-password-1', newPassword: 'second-password-2' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { mail } = await linkMailed(user.user.email, '/reset-password', before);
      expect(mail.subject).toBe('Your Josie password was changed');
      expect(mail.text).toContain('Hi \u2068Noa\u2069,');
      expect(mail.text).toContain('changed from the Security tab, and every other device was signed out');
      expect(mail.text).toContain(`${PUBLIC_URL}/reset-password`);

      // A reset, for a Hebrew reader.
      await ctx.database.db.update(users).set({ preferredLanguage: 'he' }).where(eq(users.id, user.user._id));
      const token = 'a-reset-token-known-to-this-test-only-9876543';
      await ctx.database.db.insert(passwordResets).values({
        userId: user.user._id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + 60_000),
      });
      const afterChange = outbox.length;
      const reset = await request('POST', '/api/users/reset-password/complete', {
        payload: { email: user.user.email, token, newPassword: 'third-password-3' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const { mail: hebrew } = await linkMailed(user.user.email, '/reset-password', afterChange);
      expect(hebrew.subject).toBe('הסיסמה שלכם ב-Josie שונתה');
      expect(hebrew.text).toContain('שלום \u2068Noa\u2069,');
      expect(hebrew.text).toContain('אופסה בקישור ששלחנו במייל, וכל המכשירים נותקו');
    });

    it('answers NO_PASSWORD to a provider account, which sets a first one through the reset link', async () => {
      const user = await buildUser(ctx);
      await ctx.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.user._id));
      const res = await request('POST', '/api/users/me/password', {
        user,
        payload: { currentPassword: 'anything', newPassword: 'first-password-1' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('NO_PASSWORD');
      const email = await request('POST', '/api/users/me/email', {
        user,
        payload: { newEmail: `moved-${user.user._id}@example.test`, currentPassword: 'anything' },
      });
      expect(email.json().code).toBe('NO_PASSWORD');

      const before = outbox.length;
      const initiated = await request('POST', '/api/users/reset-password/initiate', {
        payload: { email: user.user.email },
      });
      expect(initiated.statusCode).toBe(200);
      const { token } = await linkMailed(user.user.email, '/reset-password', before);
      const completed = await request('POST', '/api/users/reset-password/complete', {
        payload: { email: user.user.email, token, newPassword: 'first-password-1' },
      });
      expect(completed.statusCode, completed.body).toBe(200);
      await login(user.user.email, 'first-password-1');
    });
  });

  describe('email change', () => {
    it('mails a confirmation to the new address and a notice to the old; the link makes the change once', async () => {
      const user = await buildUser(ctx, { password: 'first-password-1', name: 'Lior' });
      const oldEmail = user.user.email;
      const newEmail = `new-${user.user._id}@example.test`;
      const res = await request('POST', '/api/users/me/email', {
        user,
        payload: { newEmail: `  ${newEmail.toUpperCase()} `, currentPassword: 'first-password-1' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { mail, token } = await linkMailed(newEmail, '/confirm-email');
      expect(mail.text).toMatch(/\/confirm-email\?token=[A-Za-z0-9_-]{43}&lng=en/);
      expect(mail.subject).toBe('Confirm your new Josie email address');
      const notice = await (async () => {
        for (let i = 0; i < 200; i++) {
          const found = outbox.find((m) => m.to === oldEmail && m.subject.includes('about to change'));
          if (found) return found;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        throw new Error('no notice');
      })();
      expect(notice.text).toContain(newEmail);
      expect(notice.text).toContain(`${PUBLIC_URL}/account?tab=security`);
      expect(notice.text).not.toContain(token);

      // Nothing changes until the link is followed.
      expect((await request('GET', '/api/users/me', { user })).json().email).toBe(oldEmail);
      const confirmed = await request('POST', '/api/users/confirm-email', { payload: { token } });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const me = (await request('GET', '/api/users/me', { user })).json();
      expect(me).toMatchObject({ email: newEmail, emailVerified: true });
      await login(newEmail, 'first-password-1');

      const again = await request('POST', '/api/users/confirm-email', { payload: { token } });
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('INVALID_EMAIL_LINK');
      expect(await eventsOf(user.user._id)).toEqual(
        expect.arrayContaining(['email-change-requested', 'email-changed']),
      );
    });

    it('refuses a wrong password, a taken address, the current one, and an expired link', async () => {
      const user = await buildUser(ctx, { password: 'first-password-1' });
      const taken = await buildUser(ctx);
      const change = (newEmail: string, currentPassword = 'first-password-1') =>
        request('POST', '/api/users/me/email', { user, payload: { newEmail, currentPassword } });
      const wrong = await change(`x-${user.user._id}@example.test`, 'wrong-password-9');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('WRONG_PASSWORD');
      const conflict = await change(taken.user.email);
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json().code).toBe('EMAIL_TAKEN');
      expect((await change(user.user.email)).statusCode).toBe(400);

      // A fourth request from the account passes RATE_LIMIT_VERIFICATION_MAX (3 here), failed ones included.
      const limited = await change(`y-${user.user._id}@example.test`);
      expect(limited.statusCode).toBe(429);

      const late = await buildUser(ctx, { password: 'first-password-1' });
      const newEmail = `late-${late.user._id}@example.test`;
      const asked = await request('POST', '/api/users/me/email', {
        user: late,
        payload: { newEmail, currentPassword: 'first-password-1' },
      });
      expect(asked.statusCode).toBe(200);
      const { token } = await linkMailed(newEmail, '/confirm-email');
      await ctx.database.db
        .update(emailLinks)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailLinks.tokenHash, sha256(token)));
      const expired = await request('POST', '/api/users/confirm-email', { payload: { token } });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().code).toBe('INVALID_EMAIL_LINK');
      expect((await request('GET', '/api/users/me', { user: late })).json().email).toBe(late.user.email);
    });

    it('answers 409 at confirmation when another account took the address meanwhile', async () => {
      const user = await buildUser(ctx, { password: 'first-password-1' });
      const newEmail = `race-${user.user._id}@example.test`;
      const asked = await request('POST', '/api/users/me/email', {
        user,
        payload: { newEmail, currentPassword: 'first-password-1' },
      });
      expect(asked.statusCode).toBe(200);
      const { token } = await linkMailed(newEmail, '/confirm-email');
      await buildUserRow(ctx, { email: newEmail });
      const res = await request('POST', '/api/users/confirm-email', { payload: { token } });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('EMAIL_TAKEN');
      expect((await request('GET', '/api/users/me', { user })).json().email).toBe(user.user.email);
    });
  });

  describe('pending links after the fix the notice recommends', () => {
    /** Starts an email change, a deletion link and a password reset, as an intruder with the password would. */
    async function startPending(user: TestUser, password: string) {
      const before = outbox.length;
      const moved = `intruder-${user.user._id}@example.test`;
      const change = await request('POST', '/api/users/me/email', {
        user,
        payload: { newEmail: moved, currentPassword: password },
      });
      expect(change.statusCode, change.body).toBe(200);
      const { token: changeToken } = await linkMailed(moved, '/confirm-email', before);
      await ctx.database.db.insert(emailLinks).values({
        userId: user.user._id,
        purpose: 'delete-account',
        tokenHash: sha256(`delete-${user.user._id}`),
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      const reset = await request('POST', '/api/users/reset-password/initiate', {
        payload: { email: user.user.email },
      });
      expect(reset.statusCode).toBe(200);
      const { token: resetToken } = await linkMailed(user.user.email, '/reset-password', before);
      return { changeToken, resetToken, email: user.user.email };
    }

    async function expectAllSpent(userId: string, pending: Awaited<ReturnType<typeof startPending>>) {
      const unused = await ctx.database.db
        .select({ purpose: emailLinks.purpose })
        .from(emailLinks)
        .where(and(eq(emailLinks.userId, userId), sql`${emailLinks.usedAt} is null`));
      expect(unused.filter((l) => l.purpose !== 'verify-email')).toEqual([]);
      const confirm = await request('POST', '/api/users/confirm-email', {
        payload: { token: pending.changeToken },
      });
      expect(confirm.statusCode).toBe(400);
      expect(confirm.json().code).toBe('INVALID_EMAIL_LINK');
      const reset = await request('POST', '/api/users/reset-password/complete', {
        payload: { email: pending.email, token: pending.resetToken, newPassword: 'intruder-password-7' },
      });
      expect(reset.statusCode).toBe(400);
    }

    it('a password change spends pending change-email and delete-account links and reset tokens', async () => {
      const user = await buildUser(ctx, { password: 'first-password-1' });
      const pending = await startPending(user, 'first-password-1');
      const res = await request('POST', '/api/users/me/password', {
        user,
        payload: { currentPassword: 'first-password-1', newPassword: 'second-password-2' },
      });
      expect(res.statusCode, res.body).toBe(200);
      await expectAllSpent(user.user._id, pending);
    });

    it('signing out everywhere else spends them too', async () => {
      const user = await buildUser(ctx, { password: 'first-password-1' });
      const pending = await startPending(user, 'first-password-1');
      const res = await request('DELETE', '/api/users/me/sessions', { user });
      expect(res.statusCode, res.body).toBe(200);
      await expectAllSpent(user.user._id, pending);
    });

    it('a confirmed email change spends reset tokens mailed to the old address', async () => {
      const user = await buildUser(ctx, { password: 'first-password-1' });
      const before = outbox.length;
      const oldEmail = user.user.email;
      await request('POST', '/api/users/reset-password/initiate', { payload: { email: oldEmail } });
      const { token: resetToken } = await linkMailed(oldEmail, '/reset-password', before);
      const newEmail = `moved-on-${user.user._id}@example.test`;
      await request('POST', '/api/users/me/email', {
        user,
        payload: { newEmail, currentPassword: 'first-password-1' },
      });
      const { token } = await linkMailed(newEmail, '/confirm-email', before);
      expect((await request('POST', '/api/users/confirm-email', { payload: { token } })).statusCode).toBe(
        200,
      );
      const reset = await request('POST', '/api/users/reset-password/complete', {
        payload: { email: newEmail, token: resetToken, newPassword: 'intruder-password-7' },
      });
      expect(reset.statusCode).toBe(400);
      await login(newEmail, 'first-password-1');
    });
  });

  describe('sessions', () => {
    it('lists the live sessions with browser and OS, the caller’s first and marked current', async () => {
      const user = await buildUser(ctx, { password: 'first-password-1' });
      const phone = await login(user.user.email, 'first-password-1', CHROME_ANDROID);
      const laptop = await login(user.user.email, 'first-password-1', FIREFOX_WINDOWS);
      const res = await request('GET', '/api/users/me/sessions', { user: phone });
      expect(res.statusCode).toBe(200);
      const list = res.json().sessions as { _id: string; browser: string; os: string; current: boolean }[];
      expect(list).toHaveLength(3);
      expect(list[0]).toMatchObject({ current: true, browser: 'Chrome 131', os: 'Android 14' });
      expect(list.filter((s) => s.current)).toHaveLength(1);
      expect(list).toContainEqual(expect.objectContaining({ browser: 'Firefox 133', os: 'Windows 10' }));
      // The sign-up's session has no user agent in these requests.
      expect(list).toContainEqual(expect.objectContaining({ browser: null, os: null, current: false }));
      expect((await request('GET', '/api/users/me', { user: laptop })).statusCode).toBe(200);
    });

    it('revokes one session by id; another user’s, a revoked, or an unknown id answers 404', async () => {
      const user = await buildUser(ctx, { password: 'first-password-1' });
      const other = await login(user.user.email, 'first-password-1', FIREFOX_WINDOWS);
      const list = (await request('GET', '/api/users/me/sessions', { user })).json().sessions as {
        _id: string;
        current: boolean;
      }[];
      const otherId = list.find((s) => !s.current)!._id;

      const stranger = await buildUser(ctx);
      const theirs = await request('DELETE', `/api/users/me/sessions/${otherId}`, { user: stranger });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().message).toBe('Session not found');
      expect((await request('GET', '/api/users/me', { user: other })).statusCode).toBe(200);
      const unknown = await request('DELETE', `/api/users/me/sessions/${crypto.randomUUID()}`, { user });
      expect(unknown.statusCode).toBe(404);

      const revoked = await request('DELETE', `/api/users/me/sessions/${otherId}`, { user });
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect((await request('GET', '/api/users/me', { user: other })).statusCode).toBe(401);
      expect((await request('DELETE', `/api/users/me/sessions/${otherId}`, { user })).statusCode).toBe(404);
      expect(await eventsOf(user.user._id)).toContain('session-revoked');
      expect(await eventsOf(stranger.user._id)).not.toContain('session-revoked');
    });

    it('signs out everywhere else, keeping the caller’s session and other accounts’', async () => {
      const user = await buildUser(ctx, { password: 'first-password-1' });
      const a = await login(user.user.email, 'first-password-1');
      const b = await login(user.user.email, 'first-password-1');
      const stranger = await buildUser(ctx);
      const res = await request('DELETE', '/api/users/me/sessions', { user });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, revoked: 2 });
      for (const s of [a, b])
        expect((await request('GET', '/api/users/me', { user: s })).statusCode).toBe(401);
      expect((await request('GET', '/api/users/me', { user })).statusCode).toBe(200);
      expect((await request('GET', '/api/users/me', { user: stranger })).statusCode).toBe(200);
      const list = (await request('GET', '/api/users/me/sessions', { user })).json().sessions;
      expect(list).toHaveLength(1);
      expect(await eventsOf(user.user._id)).toContain('other-sessions-revoked');
    });

    it('records the last use at most every 5 minutes, with no write per request', async () => {
      const user = await buildUser(ctx);
      const sessionOf = async () =>
        (await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.user._id)))[0]!;
      const long = new Date(Date.now() - 10 * 60_000);
      await ctx.database.db
        .update(sessions)
        .set({ lastSeenAt: long })
        .where(eq(sessions.userId, user.user._id));
      await request('GET', '/api/users/me', { user });
      const seen = (await sessionOf()).lastSeenAt;
      expect(Date.now() - seen.getTime()).toBeLessThan(60_000);

      const recent = new Date(Date.now() - 2 * 60_000);
      await ctx.database.db
        .update(sessions)
        .set({ lastSeenAt: recent })
        .where(eq(sessions.userId, user.user._id));
      await request('GET', '/api/users/me', { user });
      expect((await sessionOf()).lastSeenAt.getTime()).toBe(recent.getTime());
    });
  });

  describe('security log for admins', () => {
    it('lists events newest first with browser and OS, no secrets, per user and by pages; admins only', async () => {
      const admin = await buildUser(ctx, { role: 'admin' });
      const user = await buildUser(ctx, { verified: false, name: 'Logged' });
      await request('POST', '/api/users/me/verify-email/resend', { user, ua: CHROME_ANDROID });
      const res = await request('GET', `/api/admin/security-events?userId=${user.user._id}`, { user: admin });
      expect(res.statusCode, res.body).toBe(200);
      const { events, hasMore, nextCursor } = res.json().data;
      expect(hasMore).toBe(false);
      expect(nextCursor).toBeNull();
      expect(events.map((e: { kind: string }) => e.kind)).toEqual(['verification-sent', 'verification-sent']);
      expect(events[0]).toMatchObject({
        userId: user.user._id,
        userName: 'Logged',
        browser: 'Chrome 131',
        os: 'Android 14',
      });
      expect(events[0].ip).toMatch(/^198\.51\.100\./);
      expect(JSON.stringify(res.json())).not.toMatch(/token|password/i);

      const listener = await buildUser(ctx);
      expect((await request('GET', '/api/admin/security-events', { user: listener })).statusCode).toBe(403);
      expect((await request('GET', '/api/admin/security-events')).statusCode).toBe(401);
      const bad = await request('GET', '/api/admin/security-events?cursor=nonsense', { user: admin });
      expect(bad.statusCode).toBe(400);
    });

    it('pages through more than 50 events without repeating one', async () => {
      const admin = await buildUser(ctx, { role: 'admin' });
      const user = await buildUserRow(ctx);
      await ctx.database.db.insert(securityEvents).values(
        Array.from({ length: 55 }, (_, i) => ({
          userId: user.id,
          kind: 'session-revoked' as const,
          createdAt: new Date(Date.now() - i * 1000),
        })),
      );
      const first = (
        await request('GET', `/api/admin/security-events?userId=${user.id}`, { user: admin })
      ).json().data;
      expect(first.events).toHaveLength(50);
      expect(first.hasMore).toBe(true);
      const second = (
        await request(
          'GET',
          `/api/admin/security-events?userId=${user.id}&cursor=${encodeURIComponent(first.nextCursor)}`,
          { user: admin },
        )
      ).json().data;
      expect(second.events).toHaveLength(5);
      expect(second.hasMore).toBe(false);
      const ids = new Set([...first.events, ...second.events].map((e: { _id: string }) => e._id));
      expect(ids.size).toBe(55);
      const count = await ctx.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(securityEvents)
        .where(and(eq(securityEvents.userId, user.id)));
      expect(count[0]!.n).toBe(55);
    });
  });
});
