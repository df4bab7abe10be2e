import { LRUCache } from 'lru-cache';
import type { Invalidation } from './invalidation.js';

/**
 * An in-process LRU cache whose entries live at most `ttlMs` and are dropped by invalidations (issue 9).
 * Reads go through {@link InvalidatedCache.get} with a loader, which guards two races:
 * - an invalidation that arrives while a load is in flight: the loaded value may predate the write that
 *   caused it, so it is answered but not stored (every invalidation moves an epoch the load compares);
 * - a lost invalidation channel ({@link Invalidation.reliable} false): the cache is bypassed entirely.
 */
export interface InvalidatedCache<V extends object> {
  /** The cached value, or `load()`'s (stored when safe). `undefined` from `load` is never stored. */
  get<L extends V | undefined>(key: string, load: () => Promise<L>): Promise<V | L>;
  /** Drops one entry. */
  delete(key: string): void;
  /** Drops every entry for which `match` holds (a scan: for rare invalidations such as a role change). */
  deleteWhere(match: (value: V, key: string) => boolean): void;
  /** Drops everything. */
  clear(): void;
  /** Entries held now (for tests and metrics). */
  readonly size: number;
}

/** Options of {@link createInvalidatedCache}. `ttlMs` 0 turns the cache off (every get loads). */
export interface InvalidatedCacheOptions {
  invalidation: Pick<Invalidation, 'reliable'>;
  ttlMs: number;
  max: number;
}

/** Creates an {@link InvalidatedCache}; the caller subscribes it to the topics that make it stale. */
export function createInvalidatedCache<V extends object>(opts: InvalidatedCacheOptions): InvalidatedCache<V> {
  const enabled = opts.ttlMs > 0;
  const lru = new LRUCache<string, V>({ max: Math.max(1, opts.max), ttl: Math.max(1, opts.ttlMs) });
  let epoch = 0;
  const invalidate = () => {
    epoch += 1;
  };
  return {
    async get<L extends V | undefined>(key: string, load: () => Promise<L>): Promise<V | L> {
      if (!enabled || !opts.invalidation.reliable) return load();
      const hit = lru.get(key);
      if (hit !== undefined) return hit;
      const started = epoch;
      const value = await load();
      if (value !== undefined && started === epoch && opts.invalidation.reliable) lru.set(key, value);
      return value;
    },
    delete(key) {
      invalidate();
      lru.delete(key);
    },
    deleteWhere(match) {
      invalidate();
      const stale: string[] = [];
      for (const [key, value] of lru.entries()) if (match(value, key)) stale.push(key);
      for (const key of stale) lru.delete(key);
    },
    clear() {
      invalidate();
      lru.clear();
    },
    get size() {
      return lru.size;
    },
  };
}
