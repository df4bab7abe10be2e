/**
 * Guessable passwords are refused wherever a password is chosen (decision 0011): sign-up, password reset
 * and the first admin (`create-admin`, `ADMIN_PASSWORD`).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { hashResetToken } from '../account/reset.service.js';
import { ensureAdmin } from './admin.js';
import { assertStrongPassword } from './password-policy.js';

const weak = {
  message: 'This password is too common or too easy to guess. Please choose a longer, less predictable one.',
  code: 'WEAK_PASSWORD',
};

describe('password policy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_AUTH_MAX: '1000' });
  });
  afterAll(() => ctx.close());

  let count = 0;
  const signup = (password: string, name = 'Noa Levi') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name, email: `policy${++count}@example.test`, password },
    });

  it('refuses common and guessable passwords at sign-up with 400 {message, code}', async () => {
    const guessable = [
      'password',
      '12345678',
      'Password1',
      'p@ssw0rd',
      'qwertyuiop',
      'iloveyou',
      'letmein123',
    ];
    for (const password of guessable) {
      const res = await signup(password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual(weak);
    }
    // A password made of the user's own name is guessable for whoever knows them.
    expect((await signup('noalevinoalevi', 'Noa Levi')).json()).toEqual(weak);
  });

  it('checks a long password promptly (the check runs on the request thread)', () => {
    const user = { email: 'someone@example.test' };
    assertStrongPassword('warm-up-the-dictionaries', user);
    const random = Array.from(crypto.getRandomValues(new Uint8Array(200)), (b) =>
      String.fromCharCode(33 + (b % 90)),
    ).join('');
    const started = performance.now();
    expect(() => assertStrongPassword(random, user)).not.toThrow();
    expect(() => assertStrongPassword('1234567890'.repeat(20), user)).toThrow(weak.message);
    // With the library's defaults these took seconds each (measured on a loaded machine: 6 s).
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('accepts passphrases, and the demo accounts keep their documented password', async () => {
    for (const password of ['correct-horse-battery', 'long-enough-1', 'demo-password']) {
      expect((await signup(password)).statusCode, password).toBe(201);
    }
  });

  it('refuses a guessable new password at reset, and leaves the link usable', async () => {
    expect((await signup('a-good-passphrase')).statusCode).toBe(201);
    // A sign-up answers no session (decision 0037): the account is read by signing in.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `policy${count}@example.test`, password: 'a-good-passphrase' },
    });
    const { user } = login.json() as { user: { _id: string; email: string } };
    const token = 'policy-reset-token-known-to-this-test-only-01';
    await ctx.database.db.insert(passwordResets).values({
      userId: user._id,
      tokenHash: hashResetToken(token),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const complete = (newPassword: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/users/reset-password/complete',
        payload: { email: user.email, token, newPassword },
      });
    const refused = await complete('12345678');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(weak);
    expect((await complete('another-good-passphrase')).statusCode).toBe(200);
  });

  it('refuses a guessable password for the first admin, and creates none', async () => {
    const email = 'first-admin@example.test';
    await expect(ensureAdmin(ctx.database.db, { email, password: 'password' })).rejects.toMatchObject({
      statusCode: 400,
      ...weak,
    });
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    await expect(ensureAdmin(ctx.database.db, { email, password: 'admin-on-a-long-night' })).resolves.toBe(
      true,
    );
  });
});
