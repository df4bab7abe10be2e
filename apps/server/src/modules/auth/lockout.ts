import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { type AppError, errors } from '../../lib/errors.js';

/** Settings of {@link createLoginLockout}. Durations are in ms and taken in whole seconds (the store's unit). */
export interface LoginLockoutOptions {
  /** Consecutive failures that lock one email from one address (5). */
  threshold?: number;
  /** The first lock, in ms (1 minute); each failure after it doubles the lock. */
  baseDelayMs?: number;
  /** The longest lock, in ms (15 minutes). */
  maxDelayMs?: number;
  /**
   * A failure count of an (email, address) pair is forgotten this long after its first failure, in ms
   * (24 hours): the store's fixed window, far longer than the longest lock, so a guessing run keeps its
   * doubled delay.
   */
  forgetAfterMs?: number;
  /** Failed sign-ins one address may make, whatever the emails, per `addressWindowMs` (20). */
  maxFailuresPerAddress?: number;
  /** The window of `maxFailuresPerAddress`, in ms (15 minutes), from the address's first failure. */
  addressWindowMs?: number;
  /**
   * Failed sign-ins one trusted device (a valid device cookie, decision 0037) may make per
   * `addressWindowMs` (10); then that device is refused until the window ends, as an address is.
   */
  maxFailuresPerDevice?: number;
  /**
   * Pairs and addresses whose records this process keeps in memory at most (10,000): the least recently
   * failed are forgotten first. Bounds the in-process store (the embedded default, or the fallback during
   * a Redis outage); Redis expires its own keys.
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

/** The 429 of a lock with `ms` left: its minutes in the message, its seconds in `Retry-After`. */
function refusal(message: (minutes: string) => string, ms: number): AppError {
  const minutes = Math.ceil(ms / 60_000);
  return errors.rateLimited(message(`${minutes} minute${minutes === 1 ? '' : 's'}`), seconds(ms));
}

/**
 * Sign-in throttling after OWASP's authentication cheat sheet and rate-limiter-flexible's login-protection
 * pattern (decision 0011): only failures count, on two keys.
 *
 * - **(email, address)**: after `threshold` consecutive failures for one email from one client address,
 *   further attempts for that email from that address are refused with 429 for 1 minute, and each failure
 *   after a lock ends doubles the next lock (2, 4, 8 minutes ... at most 15); a successful sign-in from
 *   that address clears the pair. The owner signing in from another address is never locked out by an
 *   attacker, and unknown emails are counted like known ones, so a lock never tells whether an account
 *   exists.
 * - **address**: at most `maxFailuresPerAddress` failures per `addressWindowMs` from one address, whatever
 *   the emails (guessing across accounts); then the address is refused until the window ends. Successes
 *   never count, so many people signing in behind one address (an office, a mobile network) are never
 *   refused for it.
 *
 * A refused attempt is refused before the password is checked: it costs no argon2 work.
 *
 * Each counter is a rate-limiter-flexible limiter (`penalty`, an atomic increment; `block` for a lock,
 * read with `get`). With `redis` they live in Redis, so every instance counts together (otherwise an
 * attacker spread over N instances got N times the attempts); each has an in-memory `insuranceLimiter`, so
 * while Redis is unreachable sign-in keeps working and failures count per instance
 * (redis-outage.test.ts). Without `redis` (the embedded default, one instance) the records live in this
 * process's memory.
 */
export function createLoginLockout(opts: LoginLockoutOptions = {}) {
  const threshold = opts.threshold ?? 5;
  const baseDelayMs = opts.baseDelayMs ?? 60_000;
  const maxDelayMs = opts.maxDelayMs ?? 15 * 60_000;
  const forgetAfter = seconds(opts.forgetAfterMs ?? 24 * 60 * 60_000);
  const lockFor = seconds(maxDelayMs);
  const perAddress = opts.maxFailuresPerAddress ?? 20;
  const addressWindow = seconds(opts.addressWindowMs ?? 15 * 60_000);
  const perDevice = opts.maxFailuresPerDevice ?? 10;

  const settings = {
    failures: { keyPrefix: 'login-failures', points: threshold, duration: forgetAfter },
    locks: { keyPrefix: 'login-lock', points: 1, duration: lockFor },
    addresses: { keyPrefix: 'login-address-failures', points: perAddress, duration: addressWindow },
    devices: { keyPrefix: 'login-device-failures', points: perDevice, duration: addressWindow },
  } as const;
  type Name = keyof typeof settings;
  const each = <T>(make: (name: Name) => T): Record<Name, T> => ({
    failures: make('failures'),
    locks: make('locks'),
    addresses: make('addresses'),
    devices: make('devices'),
  });
  const inMemory: Record<Name, RateLimiterAbstract> = each((name) => new RateLimiterMemory(settings[name]));
  const redis = opts.redis;
  const stores: Record<Name, RateLimiterAbstract> = redis
    ? each(
        (name) =>
          new RateLimiterRedis({
            ...settings[name],
            storeClient: redis.client,
            keyPrefix: `${redis.prefix}${settings[name].keyPrefix}`,
            insuranceLimiter: inMemory[name],
          }),
      )
    : inMemory;

  /** The key of one email from one address (rate-limiter-flexible's `${username}_${ip}`). */
  const pairKey = (email: string, address: string) => `${email}_${address}`;

  /** Time left (ms) of a running lock of `key`: a pair's `block`, or an address at its limit. */
  const lockLeft = async (name: 'locks' | 'addresses' | 'devices', key: string, store = stores[name]) => {
    const record = await store.get(key);
    // An expired in-memory record may linger until its timer runs: only time left counts as a lock.
    if (!record || record.msBeforeNext <= 0) return 0;
    if (name === 'locks') return record.msBeforeNext;
    return record.consumedPoints >= (name === 'devices' ? perDevice : perAddress) ? record.msBeforeNext : 0;
  };

  // RateLimiterMemory keeps every key until it expires (up to `forgetAfterMs`): the pairs and the
  // addresses that failed here, least recent first, bound it, so a spray of made-up emails or addresses
  // cannot grow the process without end. A key whose lock is running keeps it (and its count): otherwise
  // that spray would unlock the account or address under attack. Locks end by themselves within
  // `maxDelayMs` or `addressWindowMs`.
  const bounded = (forget: (key: string) => Promise<unknown>) =>
    new LRUCache<string, true>({
      max: opts.maxEntries ?? 10_000,
      dispose: (_value, key, reason) => {
        if (reason === 'evict') void forget(key);
      },
    });
  const recentPairs = bounded(async (pair) => {
    if ((await lockLeft('locks', pair, inMemory.locks)) > 0) return;
    await Promise.all([inMemory.failures.delete(pair), inMemory.locks.delete(pair)]);
  });
  const recentAddresses = bounded(async (address) => {
    if ((await lockLeft('addresses', address, inMemory.addresses)) > 0) return;
    await inMemory.addresses.delete(address);
  });
  const recentDevices = bounded(async (device) => {
    if ((await lockLeft('devices', device, inMemory.devices)) > 0) return;
    await inMemory.devices.delete(device);
  });

  return {
    /**
     * Refuses a sign-in attempt from a blocked address, or for an email locked from this address.
     * @param email - as validated (trimmed, lower-cased).
     * @param address - the client's address (`request.ip`).
     * @throws AppError 429 with the minutes left, and their seconds as `retryAfterSeconds`.
     */
    async assertAllowed(email: string, address: string): Promise<void> {
      const [addressMs, pairMs] = await Promise.all([
        lockLeft('addresses', address),
        lockLeft('locks', pairKey(email, address)),
      ]);
      if (addressMs > 0) {
        throw refusal(
          (left) => `Too many failed sign-in attempts from your network. Please try again in ${left}.`,
          addressMs,
        );
      }
      if (pairMs > 0) {
        throw refusal((left) => `Too many failed sign-in attempts. Please try again in ${left}.`, pairMs);
      }
    },

    /**
     * Counts a failed attempt for the pair and the address; the pair's `threshold`-th and each later
     * failure lock it, doubling each time.
     */
    async recordFailure(email: string, address: string): Promise<void> {
      const pair = pairKey(email, address);
      recentPairs.set(pair, true);
      recentAddresses.set(address, true);
      const [{ consumedPoints: count }] = await Promise.all([
        stores.failures.penalty(pair),
        stores.addresses.penalty(address),
      ]);
      if (count < threshold) return;
      const doublings = Math.min(count - threshold, 30);
      await stores.locks.block(pair, seconds(Math.min(baseDelayMs * 2 ** doublings, maxDelayMs)));
    },

    /**
     * Refuses a sign-in attempt from a trusted device (decision 0037) that has spent its own failures. The
     * address's and the pair's limits do not apply to it: someone else's failures from a shared network
     * never lock out a browser its owner signed in from before.
     * @param device - the device cookie's id.
     * @throws AppError 429 with the minutes left, and their seconds as `retryAfterSeconds`.
     */
    async assertDeviceAllowed(device: string): Promise<void> {
      const ms = await lockLeft('devices', device);
      if (ms > 0) {
        throw refusal((left) => `Too many failed sign-in attempts. Please try again in ${left}.`, ms);
      }
    },

    /** Counts a failed attempt from a trusted device against that device alone. */
    async recordDeviceFailure(device: string): Promise<void> {
      recentDevices.set(device, true);
      await stores.devices.penalty(device);
    },

    /**
     * A successful sign-in clears the pair's record, the in-memory fallback's too (a count left there from
     * an outage would otherwise come back at the next one). The address's count stays: a success says
     * nothing about the other accounts it guessed at.
     */
    async recordSuccess(email: string, address: string): Promise<void> {
      const pair = pairKey(email, address);
      recentPairs.delete(pair);
      const pairStores = new Set([stores.failures, stores.locks, inMemory.failures, inMemory.locks]);
      await Promise.all([...pairStores].map((store) => store.delete(pair)));
    },
  };
}
export type LoginLockout = ReturnType<typeof createLoginLockout>;
