/**
 * Secrets never logged (docs/decisions/0005-security-and-reliability-checks.md): the app runs with its real
 * pino logger at `trace` (more than production's `info`) writing into memory, through sign-up, sign-in (right
 * and wrong), a password reset (email to the outbox) and a multipart upload; no password, token, JWT or reset
 * token may appear. The links that emails and redirects carry (a reset link, an unsubscribe link, the sign-in
 * callbacks) are taken from the emails and redirects themselves and opened: their query values never reach
 * the log.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import PostalMime, { type Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { josieForm, pngImage } from '../modules/josies/testing.js';
import { signInDance } from '../modules/oauth/testing.js';
import { buildUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { appWithLogLines } from '../test/log-capture.js';
import { TEST_TOKEN_ENCRYPTION_KEY } from '../test/standins/index.js';
import { type SpotifyStandin, startSpotifyStandin } from '../test/standins/spotify.js';

/** The emails in `dataDir`'s outbox, parsed, once at least `count` are there (waits up to 10 s). */
async function outbox(dataDir: string, count: number): Promise<Email[]> {
  const dir = join(dataDir, 'outbox');
  const list = () => {
    try {
      return readdirSync(dir).filter((f) => f.endsWith('.eml'));
    } catch {
      return [];
    }
  };
  for (let i = 0; i < 200 && list().length < count; i++) await new Promise((r) => setTimeout(r, 50));
  const files = list();
  if (files.length < count) throw new Error(`${files.length} emails in the outbox, expected ${count}`);
  return Promise.all(files.sort().map((f) => PostalMime.parse(readFileSync(join(dir, f)))));
}

/**
 * The first email to `address` in `dataDir`'s outbox that `matches`, once it is there (waits up to 10 s).
 * Waiting for a count instead raced: other emails (a sign-up's verification) arrive in no fixed order.
 */
async function mailTo(dataDir: string, address: string, matches: (mail: Email) => boolean): Promise<Email> {
  for (let i = 0; i < 200; i++) {
    const found = (await outbox(dataDir, 0)).find(
      (m) => m.to?.some((to) => to.address === address) && matches(m),
    );
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no matching email to ${address} in the outbox`);
}

describe('secrets in logs', () => {
  let ctx: TestContext;
  let app: App;
  let spotify: SpotifyStandin;
  let lines: string[] = [];

  beforeAll(async () => {
    spotify = await startSpotifyStandin();
    ctx = await createTestContext({
      ...spotify.env,
      TOKEN_ENCRYPTION_KEY: TEST_TOKEN_ENCRYPTION_KEY,
      RATE_LIMIT_AUTH_MAX: '1000',
    });
    // A second app over the same database, with the production logger configuration at `trace`.
    ({ app, lines } = await appWithLogLines(ctx, 'trace'));
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
    await spotify.close();
  });

  it('logs requests but none of the secrets they carry', async () => {
    const email = 'secret-keeper@example.test';
    const password = 'Pa55word-that-must-not-leak';
    const newPassword = 'An0ther-password-not-to-leak';
    const secrets: string[] = [password, newPassword, ctx.config.jwtSecret!];

    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Secret Keeper', email, password },
    });
    expect(signup.statusCode).toBe(201);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Wr0ng-password-not-to-leak' },
    });
    expect(wrong.statusCode).toBe(401);
    secrets.push('Wr0ng-password-not-to-leak');
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(login.statusCode).toBe(200);
    const token = login.json().token as string;
    secrets.push(token);

    // A multipart upload (the josie form of a curator) with the bearer token.
    const curatorSignup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Curator', email: 'curator-logs@example.test', password },
    });
    expect(curatorSignup.statusCode).toBe(201);
    const curatorLogin = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'curator-logs@example.test', password },
    });
    const curatorId = curatorLogin.json().user._id as string;
    // Verified as well: publishing needs a verified address (docs/decisions/0025-account-and-data.md).
    await ctx.database.db.execute(
      sql`update users set role = 'curator', email_verified_at = now() where id = ${curatorId}`,
    );
    const curatorToken = curatorLogin.json().token as string;
    secrets.push(curatorToken);
    const upload = await app.inject({
      method: 'POST',
      url: '/api/josies',
      headers: { authorization: `Bearer ${curatorToken}` },
      payload: josieForm({ title: 'Logged', paragraphs: [] }, { bytes: await pngImage() }),
    });
    expect(upload.statusCode).toBe(201);

    // A password reset: the token exists only in the email written to the outbox.
    const initiate = await app.inject({
      method: 'POST',
      url: '/api/users/reset-password/initiate',
      payload: { email },
    });
    expect(initiate.statusCode).toBe(200);
    // The outbox also holds the two sign-ups' verification emails, whose tokens must not leak either.
    const mails = await outbox(ctx.dataDir, 3);
    const verifyTokens = mails.flatMap((m) => {
      const link = m.text?.match(/\S+\/verify-email\?\S+/)?.[0];
      return link ? [new URL(link).searchParams.get('token')!] : [];
    });
    expect(verifyTokens).toHaveLength(2);
    secrets.push(...verifyTokens);
    const resetLink = mails.map((m) => m.text?.match(/\S+\/reset-password\?\S+/)?.[0]).find(Boolean);
    const resetToken = resetLink ? new URL(resetLink).searchParams.get('token') : undefined;
    expect(resetToken).toBeDefined();
    secrets.push(resetToken!);
    const complete = await app.inject({
      method: 'POST',
      url: '/api/users/reset-password/complete',
      payload: { email, token: resetToken, newPassword },
    });
    expect(complete.statusCode).toBe(200);

    const log = lines.join('');
    // The logger did run, at trace, for these requests.
    expect(log).toContain('/api/auth/login');
    expect(log).toContain('mail written to the outbox');
    for (const secret of secrets) {
      if (log.includes(secret)) console.log(lines.filter((l) => l.includes(secret)).join('\n'));
      expect(log.includes(secret), `a secret of ${secret.length} characters is in the log`).toBe(false);
    }
    // A JWT's signature alone identifies it too.
    for (const jwt of [token, curatorToken]) expect(log).not.toContain(jwt.split('.')[2]);
    expect(log).not.toMatch(/Bearer\s+ey/);
  });

  it('logs the links of emails and redirects without their query values', async () => {
    const from = lines.length;
    const secrets: string[] = [];
    const publicPath = (link: string) => {
      const url = new URL(link);
      expect(url.origin).toBe(ctx.config.publicUrl);
      return `${url.pathname}${url.search}`;
    };

    // The reset link of a password-reset email, opened as the web page it is.
    const reader = await buildUser({ ...ctx, app });
    await app.inject({
      method: 'POST',
      url: '/api/users/reset-password/initiate',
      payload: { email: reader.user.email },
    });
    const resetMail = await mailTo(ctx.dataDir, reader.user.email, (m) =>
      /\/reset-password\?/.test(m.text ?? ''),
    );
    const resetLink = resetMail.text?.match(/\S+\/reset-password\?\S+/)?.[0];
    expect(resetLink).toBeDefined();
    secrets.push(new URL(resetLink!).searchParams.get('token')!);
    await app.inject({ url: publicPath(resetLink!) });

    // The one-click unsubscribe link of a notification email (a review decision), opened.
    const curator = await buildUser({ ...ctx, app }, { role: 'curator' });
    const editor = await buildUser({ ...ctx, app }, { role: 'editor' });
    const created = await app.inject({
      method: 'POST',
      url: '/api/josies',
      headers: curator.auth,
      payload: josieForm({ title: 'Turned down', paragraphs: [] }, { bytes: await pngImage() }),
    });
    expect(created.statusCode).toBe(201);
    const rejected = await app.inject({
      method: 'PUT',
      url: `/api/josies/${created.json()._id}/reject`,
      headers: editor.auth,
      payload: { rejectionReason: 'Needs more tracks' },
    });
    expect(rejected.statusCode).toBe(200);
    const reviewMail = await mailTo(ctx.dataDir, curator.user.email, (m) =>
      m.headers.some((h) => h.key === 'list-unsubscribe'),
    );
    const unsubscribeHeader = reviewMail.headers.find((h) => h.key === 'list-unsubscribe')?.value;
    const unsubscribeLink = unsubscribeHeader?.match(/<([^>]+)>/)?.[1];
    expect(unsubscribeLink).toBeDefined();
    secrets.push(...new URL(unsubscribeLink!).searchParams.values());
    await app.inject({ url: publicPath(unsubscribeLink!) });

    // A sign-in through a provider: its callback (the provider's code and state) and the page the
    // callback redirects to (the one-time exchange code), opened as the browser does.
    const dance = await signInDance({ ...ctx, app }, 'spotify');
    const exchangeCode = dance.landing.searchParams.get('data');
    expect(exchangeCode).toBeTruthy();
    secrets.push(...dance.consent.callbackUrl.searchParams.values(), exchangeCode!);
    await app.inject({ url: `${dance.landing.pathname}${dance.landing.search}` });

    const log = lines.slice(from).join('');
    // Each link was logged, without its values.
    expect(log).toContain('"/reset-password?email=[redacted]&token=[redacted]"');
    expect(log).toContain('"/api/notifications/unsubscribe?token=[redacted]"');
    expect(log).toMatch(
      /"\/api\/auth\/spotify\/callback\?(code|state)=\[redacted\]&(code|state)=\[redacted\]"/,
    );
    expect(log).toContain('"/auth/callback?data=[redacted]"');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      const leaking = lines
        .slice(from)
        .filter((l) => l.includes(secret) || l.includes(encodeURIComponent(secret)));
      expect(leaking, `a secret of ${secret.length} characters is in the log`).toEqual([]);
    }
  });

  // Drizzle's error for a failed statement carries its parameters (`params`, and in its message and
  // stack): a password hash, an invite code, an email, a push subscription's secret.
  it('logs a failed query without the values it was sent', async () => {
    await ctx.database.db.execute(
      sql.raw(`create function josie_refuse_insert() returns trigger language plpgsql as $$
               begin raise exception 'insert refused by the test'; end $$`),
    );
    await ctx.database.db.execute(
      sql.raw(`create trigger josie_refuse_insert before insert on users
               for each row execute function josie_refuse_insert()`),
    );
    const from = lines.length;
    const email = 'query-params@example.test';
    const name = 'Parameter Person';
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name, email, password: 'Pa55word-in-a-failed-query' },
    });
    await ctx.database.db.execute(sql.raw('drop trigger josie_refuse_insert on users'));
    expect(res.statusCode).toBe(500);

    const log = lines.slice(from).join('');
    // The failure is logged, with the statement and the database's own message.
    expect(log).toContain('unhandled error');
    expect(log).toMatch(/insert into \\"users\\"/);
    expect(log).toContain('insert refused by the test');
    expect(log).toContain('[redacted]');
    for (const value of ['$argon2', email, name]) {
      expect(log.includes(value), `${value} is in the log`).toBe(false);
    }
  });
});
