import { FLAG_DEFAULTS, FLAG_KEYS, type FlagKey, type FlagsResponse } from '@josie/contract';
import type { Executor } from '../../db/client.js';
import { createInvalidatedCache } from '../../scale/cache.js';
import type { Invalidation } from '../../scale/invalidation.js';
import { storedFlags, upsertFlag } from './queries.js';

/** The one cache key: the flags are read and invalidated as a whole. */
const ALL = 'all';

/**
 * Remote feature flags stored in the database (docs/product/differences.md#feature-flags). Every page load
 * reads them, so they are kept in memory for `cacheTtlMs` (docs/performance.md); a change made on any
 * instance invalidates every instance's copy through `invalidation`. A `cacheTtlMs` of 0 caches nothing.
 */
export function createFlagsService(deps: { db: Executor; invalidation: Invalidation; cacheTtlMs: number }) {
  const { db, invalidation } = deps;
  const cache = createInvalidatedCache<FlagsResponse>({ invalidation, ttlMs: deps.cacheTtlMs, max: 1 });
  invalidation.subscribe('flags', () => cache.clear());
  invalidation.onReset(() => cache.clear());

  async function load(): Promise<FlagsResponse> {
    const rows = await storedFlags(db);
    const stored = new Map(rows.map((r) => [r.key, r.value]));
    const out = {} as FlagsResponse;
    for (const key of FLAG_KEYS) {
      const value = stored.get(key);
      out[key] = value === undefined || value.trim() === '' ? FLAG_DEFAULTS[key] : value;
    }
    return out;
  }

  return {
    /** Every flag as its stored string, or the spec's default when none is stored or it is empty. */
    async all(): Promise<FlagsResponse> {
      const flags = await cache.get(ALL, load);
      // A copy: callers must not be able to change the cached object.
      return { ...flags };
    },
    /** Stores one flag's string (admins only, checked by the route); every instance forgets its copy. */
    async set(key: FlagKey, value: string): Promise<void> {
      await upsertFlag(db, key, value);
      await invalidation.publish('flags', key);
    },
  };
}
export type FlagsService = ReturnType<typeof createFlagsService>;
