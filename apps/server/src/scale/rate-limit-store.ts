import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The plugin's own Redis store (an atomic Lua INCR + PEXPIRE per key), which it does not export. */
interface PluginRedisStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
}
type PluginRedisStoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  prefix: string,
) => PluginRedisStore;
const PluginRedisStore = createRequire(import.meta.url)(
  '@fastify/rate-limit/store/RedisStore',
) as PluginRedisStoreCtor;

/** The options the plugin hands a store and its children (the subset used here). */
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A `@fastify/rate-limit` store keeping counters in Redis so that every instance counts together
 * (docs/performance.md), with one key space per limiter. The plugin's own Redis store names a child after its
 * route (`method` + `url`), which limiters made with `app.rateLimit()` / `app.createRateLimit()` do not have:
 * they would all share one prefix, and two limiters whose key generators happen to answer the same string
 * (say `media-search:<user>`) would share a counter in Redis though they do not in memory. Here each such
 * limiter gets the number of its creation instead; every instance runs the same code and creates its limiters
 * in the same order, so the numbers agree across instances.
 */
export function redisRateLimitStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  let limiters = 0;
  class LimiterStore {
    private readonly redis: PluginRedisStore;

    constructor(params: StoreParams, prefix = nameSpace) {
      this.redis = new PluginRedisStore(
        params.continueExceeding ?? false,
        params.exponentialBackoff ?? false,
        redis,
        prefix,
      );
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.redis.incr(key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.redis.read(key, cb, timeWindow, max);
    }

    child(params: StoreParams): LimiterStore {
      const route = params.routeInfo;
      const name = route?.url ? `${String(route.method)}:${route.url}` : `limiter-${++limiters}`;
      return new LimiterStore(params, `${nameSpace}${name}:`);
    }
  }
  // The plugin types `child` with route options, but hands it merged limiter params (`routeInfo`).
  return LimiterStore as unknown as FastifyRateLimitStoreCtor;
}
