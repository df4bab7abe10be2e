import { errors } from '../../lib/errors.js';

/** Settings of {@link createLoginLockout}. */
export interface LoginLockoutOptions {
  /** Consecutive failures that lock an email (5). */
  threshold?: number;
  /** The first lock, in ms (1 minute); each failure after it doubles the lock. */
  baseDelayMs?: number;
  /** The longest lock, in ms (15 minutes). */
  maxDelayMs?: number;
  /** Emails remembered at most; the least recently failed are forgotten first (10,000). */
  maxEntries?: number;
  /** A record with no failure for this long is forgotten, in ms (24 hours). */
  forgetAfterMs?: number;
  /** The clock, in ms since the epoch. */
  now?: () => number;
}

interface Entry {
  /** Consecutive failures since the last success. */
  failures: number;
  lastFailureAt: number;
  lockedUntil: number;
}

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
 * The records live in this process's memory: with one instance (the embedded default) that is the whole
 * truth. With `REDIS_URL` and several instances each keeps its own count, so an attacker spread over N
 * instances gets N times the attempts before a lock; this store moves to Redis (like the rate limits)
 * when the deployment runs more than one instance. Memory is bounded by `maxEntries`.
 */
export function createLoginLockout(opts: LoginLockoutOptions = {}) {
  const threshold = opts.threshold ?? 5;
  const baseDelayMs = opts.baseDelayMs ?? 60_000;
  const maxDelayMs = opts.maxDelayMs ?? 15 * 60_000;
  const maxEntries = opts.maxEntries ?? 10_000;
  const forgetAfterMs = opts.forgetAfterMs ?? 24 * 60 * 60_000;
  const now = opts.now ?? (() => Date.now());
  const entries = new Map<string, Entry>();

  /** The live record of `email`, dropping one that has been quiet for `forgetAfterMs`. */
  function entryOf(email: string, at: number): Entry | undefined {
    const entry = entries.get(email);
    if (entry && entry.lockedUntil <= at && at - entry.lastFailureAt > forgetAfterMs) {
      entries.delete(email);
      return undefined;
    }
    return entry;
  }

  return {
    /**
     * Refuses a sign-in attempt for a locked email.
     * @param email - as validated (trimmed, lower-cased).
     * @throws AppError 429 with the minutes left while the email is locked.
     */
    assertAllowed(email: string): void {
      const at = now();
      const entry = entryOf(email, at);
      if (!entry || entry.lockedUntil <= at) return;
      const minutes = Math.ceil((entry.lockedUntil - at) / 60_000);
      throw errors.rateLimited(
        `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    },

    /** Counts a failed attempt; the `threshold`-th and each later one lock the email, doubling each time. */
    recordFailure(email: string): void {
      const at = now();
      const entry = entryOf(email, at) ?? { failures: 0, lastFailureAt: at, lockedUntil: 0 };
      entry.failures += 1;
      entry.lastFailureAt = at;
      if (entry.failures >= threshold) {
        const doublings = Math.min(entry.failures - threshold, 30);
        entry.lockedUntil = at + Math.min(baseDelayMs * 2 ** doublings, maxDelayMs);
      }
      // Re-inserted so the map's order is least recently failed first, the order of eviction.
      entries.delete(email);
      entries.set(email, entry);
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },

    /** A successful sign-in clears the email's record. */
    recordSuccess(email: string): void {
      entries.delete(email);
    },

    /** Emails currently remembered (for tests and metrics). */
    size: () => entries.size,
  };
}
export type LoginLockout = ReturnType<typeof createLoginLockout>;
