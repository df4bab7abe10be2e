import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { errors } from '../../lib/errors.js';

/** Settings of {@link createLoginLockout}. Durations are in ms and taken in whole seconds (the store's unit). */
export interface LoginLockoutOptions {
  /** Consecutive failures that lock an email (5). */
  threshold?: number;
  /** The first lock, in ms (1 minute); each failure after it doubles the lock. */
  baseDelayMs?: number;
  /** The longest lock, in ms (15 minutes). */
  maxDelayMs?: number;
  /**
   * A failure count is forgotten this long after its first failure, in ms (24 hours): the store's fixed
   * window, far longer than the longest lock, so a guessing run keeps its doubled delay.
   */
  forgetAfterMs?: number;
  /**
   * Emails whose records this process keeps in memory at most (10,000): the least recently failed are
   * forgotten first. Bounds the in-process store (the embedded default, or the fallback during a Redis
   * outage); Redis expires its own keys.
   */
  maxEntries?: number;
  /**
   * Shared store for several instances (`REDIS_URL`): the app's command connection (`failFastRedis`, so
   * an outage fails at once and falls back to memory) and its key prefix (`REDIS_PREFIX`).
   */
  redis?: { client: Redis; prefix: string };
}

/** Whole seconds of `ms`, at least 1 (a Redis `EX` of 0 would never expire). */
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Login back-off per account (issue 10; decision 0005): after `threshold` consecutive failed sign-ins for
 * one email, further attempts for it are refused with 429 for 1 minute, and each failure after a lock ends
 * doubles the next lock (2, 4, 8 minutes ... at most 15); a successful sign-in clears the record. Unknown
 * emails are counted like known ones, so a lock never tells whether an account exists. A locked attempt is
 * refused before the password is checked: it costs no argon2 work.
 *
 * It complements the per-email rate limit (a fixed number of attempts per window, app.ts): that one caps
 * the guessing rate; this one makes a long guessing run ever slower for the account under attack.
 *
 * Built on rate-limiter-flexible: one limiter counts failures (`penalty`, an atomic increment), the other
 * holds the lock (`block` for the computed delay, read with `get`); a success `delete`s both. With `redis`
 * both live in Redis, so every instance counts together (issue 9: otherwise an attacker spread over N
 * instances got N times the attempts); each has an in-memory `insuranceLimiter`, so while Redis is
 * unreachable sign-in keeps working and the lockout counts per instance (redis-outage.test.ts). Without
 * `redis` (the embedded default, one instance) the records live in this process's memory.
 */
export function createLoginLockout(opts: LoginLockoutOptions = {}) {
  const threshold = opts.threshold ?? 5;
  const baseDelayMs = opts.baseDelayMs ?? 60_000;
  const maxDelayMs = opts.maxDelayMs ?? 15 * 60_000;
  const forgetAfter = seconds(opts.forgetAfterMs ?? 24 * 60 * 60_000);
  const lockFor = seconds(maxDelayMs);

  const inMemory = {
    failures: new RateLimiterMemory({
      keyPrefix: 'login-failures',
      points: threshold,
      duration: forgetAfter,
    }),
    locks: new RateLimiterMemory({ keyPrefix: 'login-lock', points: 1, duration: lockFor }),
  };
  const { failures, locks }: { failures: RateLimiterAbstract; locks: RateLimiterAbstract } = opts.redis
    ? {
        failures: new RateLimiterRedis({
          storeClient: opts.redis.client,
          keyPrefix: `${opts.redis.prefix}login-failures`,
          points: threshold,
          duration: forgetAfter,
          insuranceLimiter: inMemory.failures,
        }),
        locks: new RateLimiterRedis({
          storeClient: opts.redis.client,
          keyPrefix: `${opts.redis.prefix}login-lock`,
          points: 1,
          duration: lockFor,
          insuranceLimiter: inMemory.locks,
        }),
      }
    : inMemory;

  // RateLimiterMemory keeps every key until it expires (up to `forgetAfterMs`): the emails that failed
  // here, least recent first, bound it, so a spray of made-up emails cannot grow the process without end.
  // An email whose lock is running keeps it (and its count): otherwise that spray would unlock the account
  // under attack. Locks end by themselves within `maxDelayMs`.
  const forget = async (email: string) => {
    const lock = await inMemory.locks.get(email);
    if (lock && lock.msBeforeNext > 0) return;
    await Promise.all([inMemory.failures.delete(email), inMemory.locks.delete(email)]);
  };
  const recent = new LRUCache<string, true>({
    max: opts.maxEntries ?? 10_000,
    dispose: (_value, email, reason) => {
      if (reason === 'evict') void forget(email);
    },
  });

  return {
    /**
     * Refuses a sign-in attempt for a locked email.
     * @param email - as validated (trimmed, lower-cased).
     * @throws AppError 429 with the minutes left while the email is locked.
     */
    async assertAllowed(email: string): Promise<void> {
      const lock = await locks.get(email);
      // An expired in-memory record may linger until its timer runs: only time left counts as a lock.
      if (!lock || lock.msBeforeNext <= 0) return;
      const minutes = Math.ceil(lock.msBeforeNext / 60_000);
      throw errors.rateLimited(
        `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    },

    /** Counts a failed attempt; the `threshold`-th and each later one lock the email, doubling each time. */
    async recordFailure(email: string): Promise<void> {
      recent.set(email, true);
      const { consumedPoints: count } = await failures.penalty(email);
      if (count < threshold) return;
      const doublings = Math.min(count - threshold, 30);
      await locks.block(email, seconds(Math.min(baseDelayMs * 2 ** doublings, maxDelayMs)));
    },

    /**
     * A successful sign-in clears the email's record, the in-memory fallback's too (a count left there
     * from an outage would otherwise come back at the next one).
     */
    async recordSuccess(email: string): Promise<void> {
      recent.delete(email);
      const stores = new Set([failures, locks, inMemory.failures, inMemory.locks]);
      await Promise.all([...stores].map((store) => store.delete(email)));
    },
  };
}
export type LoginLockout = ReturnType<typeof createLoginLockout>;
