import { LRUCache } from 'lru-cache';
import type { AuthUser } from '../../plugins/auth.js';
import { createInvalidatedCache } from '../../scale/cache.js';
import { createInvalidation, type Invalidation } from '../../scale/invalidation.js';

/**
 * The session fields a request carries, without the session id (the cache key), and when the session was
 * last seen (`sessions.last_seen_at`), which the request does not carry.
 */
type SessionUser = Omit<AuthUser, 'sessionId'> & { lastSeenAt: Date };

/**
 * How often a session's `last_seen_at` is written, at most (ms): "last seen" needs minutes, not every
 * request (docs/decisions/0025-account-and-data.md, "Sessions").
 */
export const SESSION_SEEN_INTERVAL_MS = 5 * 60_000;

/** What a verified token says. */
export interface TokenClaims {
  sessionId: string;
  userId: string;
  expiresAt: Date;
}

/**
 * Live sessions kept in memory for a few seconds (docs/performance.md, decision 0003), so an authenticated
 * request does not always pay the session lookup. Revocations reach every instance through {@link
 * Invalidation}: whoever revokes a session calls {@link SessionCache.forgetSession} or {@link
 * SessionCache.forgetUser} after the revoking transaction commits. The JWT is still verified on every request
 * (its expiry is the session's), so an entry never outlives its session.
 */
export interface SessionCache {
  /**
   * The claims of a bearer token: remembered once `verify` accepted the token (the same string always
   * verifies the same way, so this needs no invalidation) until the token's own expiry, so a busy client
   * does not pay the HMAC on every request. Null when `verify` refuses it (not remembered).
   */
  verify(token: string, verify: () => Promise<TokenClaims | null>): Promise<TokenClaims | null>;
  /**
   * The user of a live session: from memory, else `load()` (the session row), remembered when live. When
   * the session was last seen {@link SESSION_SEEN_INTERVAL_MS} or more ago (by the remembered value, so no
   * read is added), `touch(now)` records the use, awaited, and the remembered value moves to now, so the
   * next requests within the interval write nothing.
   */
  resolve(
    sessionId: string,
    userId: string,
    load: () => Promise<SessionUser | undefined>,
    touch?: (now: Date) => Promise<void>,
  ): Promise<AuthUser | null>;
  /** One session was revoked (logout). */
  forgetSession(sessionId: string): Promise<void>;
  /** Every session of a user was revoked or changed meaning (role change, password reset, deletion). */
  forgetUser(userId: string): Promise<void>;
}

/**
 * Sessions (and tokens) one instance remembers by default: more than the distinct readers it serves within
 * the TTL. Readers who come back in turn, one more than the cache holds, would each find their entry just
 * evicted (the least recently used is always the next one back), as the 10,000-reader benchmark showed
 * (docs/performance.md). About 1 KB a reader for
 * both: 50 MB when full.
 */
export const SESSION_CACHE_MAX = 50_000;

/** Options of {@link createSessionCache}; `ttlMs` 0 (the default) caches nothing. */
export interface SessionCacheOptions {
  invalidation?: Invalidation;
  ttlMs?: number;
  /** Entries kept at most (least recently used go first); {@link SESSION_CACHE_MAX} by default. */
  max?: number;
}

/** Creates the {@link SessionCache} of one app instance. */
export function createSessionCache(opts: SessionCacheOptions = {}): SessionCache {
  const invalidation = opts.invalidation ?? createInvalidation();
  const cache = createInvalidatedCache<SessionUser>({
    invalidation,
    ttlMs: opts.ttlMs ?? 0,
    max: opts.max ?? SESSION_CACHE_MAX,
  });
  invalidation.subscribe('session', (sessionId) => cache.delete(sessionId));
  invalidation.subscribe('user-sessions', (userId) => cache.deleteWhere((user) => user.id === userId));
  invalidation.onReset(() => cache.clear());
  const ttlMs = opts.ttlMs ?? 0;
  const verified = new LRUCache<string, TokenClaims>({
    max: opts.max ?? SESSION_CACHE_MAX,
    ttl: Math.max(1, ttlMs),
  });
  return {
    async verify(token, verify) {
      const known = ttlMs > 0 ? verified.get(token) : undefined;
      if (known && known.expiresAt.getTime() > Date.now()) return known;
      const claims = await verify();
      // Until the token expires, not only the session TTL: the signature's verdict never changes, and
      // readers who come back after the TTL would otherwise pay the HMAC again (docs/performance.md).
      if (claims && ttlMs > 0) {
        verified.set(token, claims, { ttl: Math.max(1, claims.expiresAt.getTime() - Date.now()) });
      }
      return claims;
    },
    async resolve(sessionId, userId, load, touch) {
      const user = await cache.get(sessionId, load);
      // A token whose `sub` is not the session's user is refused, cached or not.
      if (!user || user.id !== userId) return null;
      const now = new Date();
      if (touch && now.getTime() - user.lastSeenAt.getTime() >= SESSION_SEEN_INTERVAL_MS) {
        // Moved first (the cached object itself), so concurrent requests of the session do not write too.
        user.lastSeenAt = now;
        await touch(now);
      }
      const { lastSeenAt: _seen, ...rest } = user;
      return { ...rest, sessionId };
    },
    forgetSession: (sessionId) => invalidation.publish('session', sessionId),
    forgetUser: (userId) => invalidation.publish('user-sessions', userId),
  };
}
