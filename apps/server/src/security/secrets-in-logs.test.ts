/**
 * Secrets never logged (issue 10 item 3): the app runs with its real pino logger at `trace` (more than
 * production's `info`) writing into memory, through sign-up, sign-in (right and wrong), a password reset
 * (email to the outbox) and a multipart upload; no password, token, JWT or reset token may appear.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { josieForm, pngImage } from '../modules/josies/testing.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { appWithLogLines } from '../test/log-capture.js';

describe('secrets in logs', () => {
  let ctx: TestContext;
  let app: App;
  let lines: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    // A second app over the same database, with the production logger configuration at `trace`.
    ({ app, lines } = await appWithLogLines(ctx, 'trace'));
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
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
    secrets.push(signup.json().token);
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
    const curatorId = curatorSignup.json().user._id as string;
    await ctx.database.db.execute(sql`update users set role = 'curator' where id = ${curatorId}`);
    const curatorToken = curatorSignup.json().token as string;
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
    const outbox = join(ctx.dataDir, 'outbox');
    let files: string[] = [];
    for (let i = 0; i < 100 && files.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      files = (() => {
        try {
          return readdirSync(outbox).filter((f) => f.endsWith('.eml'));
        } catch {
          return [];
        }
      })();
    }
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(outbox, files[0]!), 'utf8').replace(/=\r?\n/g, '');
    const resetToken = /token(?:=3D|=)([A-Za-z0-9_-]{20,})/.exec(eml)?.[1];
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
