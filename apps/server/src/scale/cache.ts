import { LRUCache } from 'lru-cache';
import type { Invalidation } from './invalidation.js';

/**
 * An in-process LRU cache whose entries live at most `ttlMs` and are dropped by invalidations
 * (docs/performance.md). Reads go through {@link InvalidatedCache.get} with a loader, which guards two races:
 * - an invalidation that arrives while a load is in flight: the loaded value may predate the write that
 *   caused it, so it is answered but not stored. Invalidations are remembered while loads are in flight,
 *   and a load compares only those that concern it (its key, one of its tags, or a scan or clear), so
 *   that frequent unrelated invalidations (a like of some other josie) do not keep every load out;
 * - a lost invalidation channel ({@link Invalidation.reliable} false): the cache is bypassed entirely.
 */
export interface InvalidatedCache<V extends object> {
  /** The cached value, or `load()`'s (stored when safe). `undefined` from `load` is never stored. */
  get<L extends V | undefined>(key: string, load: () => Promise<L>): Promise<V | L>;
  /** Drops one entry. */
  delete(key: string): void;
  /** Drops every entry for which `match` holds (a scan: for rare invalidations such as a role change). */
  deleteWhere(match: (value: V, key: string) => boolean): void;
  /** Drops every entry whose {@link InvalidatedCacheOptions.tags} included `tag` (an index read, no scan). */
  deleteTagged(tag: string): void;
  /** Drops everything. */
  clear(): void;
  /** Entries held now (for tests and metrics). */
  readonly size: number;
}

/** Options of {@link createInvalidatedCache}. `ttlMs` 0 turns the cache off (every get loads). */
export interface InvalidatedCacheOptions<V extends object = object> {
  invalidation: Pick<Invalidation, 'reliable'>;
  ttlMs: number;
  max: number;
  /**
   * The tags of a value, indexed so that {@link InvalidatedCache.deleteTagged} drops every entry carrying
   * one without scanning the cache: e.g. a feed page tagged with each josie it shows, so that a like of
   * one josie drops exactly the pages showing it.
   */
  tags?: (value: V) => Iterable<string>;
  /**
   * Bounds the entries by their total size as well as by count: `size` of a value (a positive integer in
   * any unit, e.g. bytes) and the most the cache holds in that unit. For caches of large values.
   */
  bySize?: { size: (value: V) => number; maxSize: number };
}

/** Creates an {@link InvalidatedCache}; the caller subscribes it to the topics that make it stale. */
export function createInvalidatedCache<V extends object>(
  opts: InvalidatedCacheOptions<V>,
): InvalidatedCache<V> {
  const enabled = opts.ttlMs > 0;
  const tagsOf = opts.tags;
  // tag -> keys of the entries carrying it; kept in step by `dispose`, which runs for every entry that
  // leaves (deleted, evicted, expired or overwritten).
  const tagged = new Map<string, Set<string>>();
  const lru = new LRUCache<string, V>({
    max: Math.max(1, opts.max),
    ttl: Math.max(1, opts.ttlMs),
    ...(opts.bySize
      ? {
          maxSize: opts.bySize.maxSize,
          sizeCalculation: (value: V) => Math.max(1, Math.ceil(opts.bySize!.size(value))),
        }
      : {}),
    ...(tagsOf
      ? {
          dispose: (value: V, key: string) => {
            for (const tag of tagsOf(value)) {
              const keys = tagged.get(tag);
              if (!keys) continue;
              keys.delete(key);
              if (keys.size === 0) tagged.delete(tag);
            }
          },
        }
      : {}),
  });
  // Invalidations made since the oldest load still in flight, in order; empty when no load is in flight.
  // A `key`/`tag` record concerns the loads of that key/carrying that tag; `all` (a scan, a clear) every
  // load.
  type Record = { seq: number; key?: string; tag?: string; all?: true };
  let seq = 0;
  let recent: Record[] = [];
  // Sequence number at which each load in flight started (a multiset: loads may start at the same one).
  const loading = new Map<number, number>();
  const invalidate = (what: Omit<Record, 'seq'>) => {
    seq += 1;
    if (loading.size > 0) recent.push({ seq, ...what });
  };
  const begin = (): number => {
    loading.set(seq, (loading.get(seq) ?? 0) + 1);
    return seq;
  };
  /** Ends the load started at `started`; whether an invalidation since concerns `key` or `value`'s tags. */
  const end = (started: number, key: string, value: V | undefined): boolean => {
    const left = (loading.get(started) ?? 1) - 1;
    if (left > 0) loading.set(started, left);
    else loading.delete(started);
    let stale = false;
    if (value !== undefined) {
      const tags = tagsOf ? new Set(tagsOf(value)) : null;
      for (const r of recent) {
        if (r.seq <= started) continue;
        if (r.all || r.key === key || (r.tag !== undefined && tags?.has(r.tag))) {
          stale = true;
          break;
        }
      }
    }
    const oldest = loading.size > 0 ? Math.min(...loading.keys()) : seq;
    if (recent.length > 0 && recent[0]!.seq <= oldest) recent = recent.filter((r) => r.seq > oldest);
    return stale;
  };
  const store = (key: string, value: V) => {
    lru.set(key, value);
    if (!tagsOf) return;
    for (const tag of tagsOf(value)) {
      let keys = tagged.get(tag);
      if (!keys) {
        keys = new Set();
        tagged.set(tag, keys);
      }
      keys.add(key);
    }
  };
  return {
    async get<L extends V | undefined>(key: string, load: () => Promise<L>): Promise<V | L> {
      if (!enabled || !opts.invalidation.reliable) return load();
      const hit = lru.get(key);
      if (hit !== undefined) return hit;
      const started = begin();
      let value: L | undefined;
      try {
        value = await load();
      } finally {
        const stale = end(started, key, value);
        if (value !== undefined && !stale && opts.invalidation.reliable) store(key, value);
      }
      return value;
    },
    delete(key) {
      invalidate({ key });
      lru.delete(key);
    },
    deleteWhere(match) {
      invalidate({ all: true });
      const stale: string[] = [];
      for (const [key, value] of lru.entries()) if (match(value, key)) stale.push(key);
      for (const key of stale) lru.delete(key);
    },
    deleteTagged(tag) {
      invalidate({ tag });
      const keys = tagged.get(tag);
      if (keys) for (const key of [...keys]) lru.delete(key);
    },
    clear() {
      invalidate({ all: true });
      lru.clear();
    },
    get size() {
      return lru.size;
    },
  };
}
