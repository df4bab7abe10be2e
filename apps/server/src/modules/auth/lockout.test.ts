/**
 * The login lockout while its Redis is unreachable (decision 0005, "Redis is an accelerator"): the
 * in-memory insurance limiters take over, so sign-in keeps working and an (email, address) pair is still
 * locked, counted by this instance alone. The schedule itself is covered in
 * security/headers-sessions.test.ts, sharing across instances in scale/lockout-across-instances.test.ts.
 */
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failFastRedis } from '../../scale/redis.js';
import { freePort } from '../../test/ports.js';
import { createLoginLockout } from './lockout.js';

describe('login lockout without a reachable Redis', () => {
  let client: ReturnType<typeof failFastRedis>;
  const connectionErrors: unknown[] = [];
  beforeAll(async () => {
    // The app's own kind of connection: commands fail at once after the first failed attempt.
    client = failFastRedis(`redis://127.0.0.1:${await freePort()}`);
    client.on('error', (err) => void connectionErrors.push(err));
    await once(client, 'error');
  });
  afterAll(() => client.disconnect());

  it('counts and locks in memory, promptly, and clears on success', async () => {
    const lockout = createLoginLockout({ redis: { client, prefix: 'josie-test-down:' } });
    const email = 'target@example.test';
    const address = '203.0.113.9';
    const started = performance.now();
    for (let i = 0; i < 4; i++) await lockout.recordFailure(email, address);
    await expect(lockout.assertAllowed(email, address)).resolves.toBeUndefined();
    await lockout.recordFailure(email, address);
    await expect(lockout.assertAllowed(email, address)).rejects.toMatchObject({
      statusCode: 429,
      message: 'Too many failed sign-in attempts. Please try again in 1 minute.',
    });
    await lockout.recordSuccess(email, address);
    await expect(lockout.assertAllowed(email, address)).resolves.toBeUndefined();
    // No call waited for a reconnection (ioredis retries up to 2 s apart).
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(client.status).not.toBe('ready');
    expect(connectionErrors.length).toBeGreaterThan(0);
  });
});
