/**
 * The login lockout on many instances (decisions 0005 and 0011): two apps sharing one Redis
 * (the same `REDIS_URL` and `REDIS_PREFIX`, as instances of one deployment) count the failed sign-ins of
 * an (email, address) pair together, so an attacker spreading guesses over N instances gets no more
 * attempts than on one. Each app has its own database holding the same account. Runs when
 * `TEST_REDIS_URL` is set.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';

const redisUrl = process.env.TEST_REDIS_URL;
const PASSWORD = 'the-right-password';

describe.skipIf(!redisUrl)('login lockout on two instances sharing one Redis', () => {
  const prefix = `josie-test-${crypto.randomUUID().slice(0, 8)}:`;
  let a: TestContext;
  let b: TestContext;
  let probe: Redis;

  beforeAll(async () => {
    // The per-address limit stays out of the way: the (email, address) lock alone is under test.
    const env = { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix, RATE_LIMIT_AUTH_MAX: '1000' };
    [a, b] = await Promise.all([createTestContext(env), createTestContext(env)]);
    probe = new Redis(redisUrl!);
  });
  afterAll(async () => {
    probe?.disconnect();
    await Promise.all([a?.close(), b?.close()]);
  });

  /** The attacker's address: the lock is per (email, address), whichever instance is asked. */
  const address = '198.18.1.1';
  const login = (ctx: TestContext, email: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: address,
      payload: { email, password },
    });
  /** An email with the same account (and password) on both instances' databases. */
  const sharedAccount = async () => {
    const email = `lockout-${crypto.randomUUID().slice(0, 8)}@example.test`;
    for (const ctx of [a, b]) await buildUser(ctx, { email, password: PASSWORD });
    return email;
  };
  const lockedFor = (minutes: string) => ({
    message: `Too many failed sign-in attempts. Please try again in ${minutes}.`,
    code: 'RATE_LIMITED',
  });

  it('locks the email on both after failures spread over A and B, and doubles the next lock on both', async () => {
    const email = await sharedAccount();
    // Three failures on A and two on B: neither instance reached 5 on its own.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await login(a, email, `wrong-a${i}-password`)).statusCode);
    for (let i = 0; i < 2; i++) statuses.push((await login(b, email, `wrong-b${i}-password`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);

    // The right password is refused on both, before it is checked.
    for (const ctx of [a, b]) {
      const locked = await login(ctx, email, PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual(lockedFor('1 minute'));
    }
    // The owner, from another address, signs in on either.
    for (const ctx of [a, b]) {
      const owner = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.200',
        payload: { email, password: PASSWORD },
      });
      expect(owner.statusCode).toBe(200);
    }
    // Both records live in the shared Redis, under the deployment's prefix, and expire.
    expect(await probe.get(`${prefix}login-failures:${email}_${address}`)).toBe('5');
    const lockMs = await probe.pttl(`${prefix}login-lock:${email}_${address}`);
    expect(lockMs).toBeGreaterThan(50_000);
    expect(lockMs).toBeLessThanOrEqual(60_000);

    // The lock runs out (removed here rather than waited for); the next failure, on B, doubles it for A.
    await probe.del(`${prefix}login-lock:${email}_${address}`);
    expect((await login(b, email, 'wrong-again-password')).statusCode).toBe(401);
    expect((await login(a, email, PASSWORD)).json()).toEqual(lockedFor('2 minutes'));
  });

  it('clears the count on both instances after a success on one', async () => {
    const email = await sharedAccount();
    for (let i = 0; i < 4; i++) expect((await login(a, email, `wrong-a${i}-password`)).statusCode).toBe(401);
    expect((await login(b, email, PASSWORD)).statusCode).toBe(200);
    // Four more failures: eight since the first on A, but only four since the success on B.
    for (let i = 0; i < 4; i++) expect((await login(a, email, `wrong-c${i}-password`)).statusCode).toBe(401);
    expect((await login(a, email, PASSWORD)).statusCode).toBe(200);
  });
});
