/**
 * The Redis side of many instances (docs/performance.md): invalidations between instances and shared
 * rate-limit counters, one key space per limiter. Runs when `TEST_REDIS_URL` is set.
 */
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createInvalidation, type Invalidation } from './invalidation.js';
import { redisRateLimitStore } from './rate-limit-store.js';
import { connectRedis, type RedisConnections } from './redis.js';

const redisUrl = process.env.TEST_REDIS_URL;
const silent = { error: () => {} };

describe.skipIf(!redisUrl)('Redis: invalidations and rate limits across instances', () => {
  const prefix = `josie-test-${crypto.randomUUID().slice(0, 8)}:`;
  const opened: RedisConnections[] = [];
  const channels: Invalidation[] = [];
  const instance = () => {
    const redis = connectRedis(redisUrl!, silent);
    opened.push(redis);
    const invalidation = createInvalidation({
      redis: { publisher: redis.commands, subscriber: redis.subscriber, prefix },
      log: silent,
    });
    channels.push(invalidation);
    return { redis, invalidation };
  };
  afterAll(async () => {
    for (const c of channels) await c.close();
    await Promise.all(opened.map((r) => r.close()));
  });

  it('applies an invalidation here at once and on the other instance through pub/sub', async () => {
    const a = instance();
    const b = instance();
    await expect.poll(() => a.invalidation.reliable && b.invalidation.reliable).toBe(true);
    const heard = { a: [] as string[], b: [] as string[] };
    a.invalidation.subscribe('session', (key) => heard.a.push(key));
    b.invalidation.subscribe('session', (key) => heard.b.push(key));
    await a.invalidation.publish('session', 's-1');
    // Local handlers ran before publish resolved; the own echo from Redis is skipped.
    expect(heard.a).toEqual(['s-1']);
    await expect.poll(() => heard.b).toEqual(['s-1']);
    await new Promise((r) => setTimeout(r, 50));
    expect(heard.a).toEqual(['s-1']);
  });

  it('is unreliable while its subscriber is disconnected and resets caches when it is back', async () => {
    const a = instance();
    await expect.poll(() => a.invalidation.reliable).toBe(true);
    let resets = 0;
    a.invalidation.onReset(() => {
      resets += 1;
    });
    a.redis.subscriber.disconnect(true);
    await expect.poll(() => a.invalidation.reliable).toBe(false);
    await expect.poll(() => a.invalidation.reliable, { timeout: 10_000 }).toBe(true);
    // One reset when the connection closed, one when the subscription was confirmed again.
    expect(resets).toBeGreaterThanOrEqual(2);
  });

  it('counts one limiter on every instance, and never mixes two limiters with the same keys', async () => {
    const apps = await Promise.all(
      [0, 1].map(async () => {
        const { redis } = instance();
        const app = Fastify({ logger: false });
        await app.register(rateLimit, {
          global: false,
          store: redisRateLimitStore(redis.commands, `${prefix}rl:`),
        });
        const search = app.rateLimit({ max: 3, timeWindow: 60_000, keyGenerator: () => 'media-search:u1' });
        const other = app.rateLimit({ max: 3, timeWindow: 60_000, keyGenerator: () => 'media-search:u1' });
        app.get('/search', { preHandler: search }, async () => ({ ok: true }));
        app.get('/other', { preHandler: other }, async () => ({ ok: true }));
        await app.ready();
        return app;
      }),
    );
    try {
      const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
      const statuses = [];
      for (const app of [a, b, a, b]) statuses.push((await app.inject({ url: '/search' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      // The second limiter has its own counter although its key generator answers the same string.
      expect((await a.inject({ url: '/other' })).statusCode).toBe(200);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });
});
