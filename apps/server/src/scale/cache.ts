import { LRUCache } from 'lru-cache';
import type { Invalidation } from './invalidation.js';

/**
 * An in-process LRU cache whose entries live at most `ttlMs` and are dropped by invalidations
 * (docs/performance.md). Reads go through {@link InvalidatedCache.get} with a loader, which guards three races:
 * - concurrent misses of one key: the first get loads, and the gets arriving while that load is in flight
 *   wait for it instead of loading again (a popular entry that just expired or was invalidated is loaded
 *   once, not once per reader asking in that instant);
 * - an invalidation that arrives while a load is in flight: the loaded value may predate the write that
 *   caused it, so it is answered (to the gets that arrived before the invalidation) but not stored, and a
 *   get arriving after the invalidation does not take it: it loads anew. Invalidations are remembered while
 *   loads are in flight, and a load compares only those that concern it (its key, one of its tags, or a scan
 *   or clear), so that frequent unrelated invalidations (a like of some other josie) do not keep every load
 *   out or stop it being shared;
 * - a lost invalidation channel ({@link Invalidation.reliable} false): the cache is bypassed entirely.
 */
export interface InvalidatedCache<V extends object> {
  /**
   * The cached value, or `load()`'s (stored when safe). `undefined` from `load` is never stored.
   *
   * While a load of `key` is in flight, another get of `key` waits for it and `load` is not called: the
   * gets of one key must pass loaders that read the same thing. It is answered that load's value, or
   * rejected with its error (a load that throws is not kept: the next get loads again), unless an
   * invalidation of `key`, of a tag of the value, or a scan or clear came between the load's start and this
   * get: then it loads anew. Off (`ttlMs` 0: every read from the database) or while invalidations cannot be
   * heard, every get calls its own `load`, concurrent ones included.
   */
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

/**
 * Options of {@link createInvalidatedCache}. `ttlMs` 0 turns the cache off: every get loads, and concurrent
 * gets of one key are not coalesced either (the server's `READ_CACHE_TTL_MS=0` means every read from the
 * database, docs/performance.md).
 */
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
  /**
   * Refresh ahead: a get that finds an entry older than this (ms, below `ttlMs`) answers it at once and
   * starts one reload of the key with its loader in the background, whose value replaces the entry (a
   * reload that finds nothing drops it; one that fails leaves it to its TTL). A value is still never
   * answered past `ttlMs`, but an entry read often never expires in front of a reader: each miss of a
   * shared entry made every request that needed it wait for a second statement (docs/performance.md).
   */
  refreshAfterMs?: number;
}

/** Creates an {@link InvalidatedCache}; the caller subscribes it to the topics that make it stale. */
export function createInvalidatedCache<V extends object>(
  opts: InvalidatedCacheOptions<V>,
): InvalidatedCache<V> {
  const enabled = opts.ttlMs > 0;
  const refreshAfterMs = opts.refreshAfterMs;
  // An entry is due for a reload once fewer than this many ms of its life remain.
  const refreshAt = opts.ttlMs - (refreshAfterMs ?? opts.ttlMs);
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
  /**
   * Ends the load started at `started`: the sequence number of the first invalidation since that concerns
   * `key` or `value`'s tags, or `Infinity` when none does.
   */
  const end = (started: number, key: string, value: V | undefined): number => {
    const left = (loading.get(started) ?? 1) - 1;
    if (left > 0) loading.set(started, left);
    else loading.delete(started);
    let staleAt = Number.POSITIVE_INFINITY;
    if (value !== undefined) {
      const tags = tagsOf ? new Set(tagsOf(value)) : null;
      for (const r of recent) {
        if (r.seq <= started) continue;
        if (r.all || r.key === key || (r.tag !== undefined && tags?.has(r.tag))) {
          staleAt = r.seq;
          break;
        }
      }
    }
    const oldest = loading.size > 0 ? Math.min(...loading.keys()) : seq;
    if (recent.length > 0 && recent[0]!.seq <= oldest) recent = recent.filter((r) => r.seq > oldest);
    return staleAt;
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
  // The loads in flight that a get of their key may still join, by key. Hand-written rather than lru-cache's
  // `fetch`, which keeps a load in flight as an entry of the LRU and can only store its value or answer
  // `undefined` to every waiter: a load overtaken by an invalidation of one of its tags (known only once it
  // has loaded) must be answered but not stored, and in-flight loads must neither count towards `max` and
  // `size` nor be evicted (and thereby unshared) by other entries.
  type Landing = { value: V | undefined; staleAt: number };
  type Flight = { landed: Promise<Landing> };
  const flights = new Map<string, Flight>();
  const fly = (key: string, load: () => Promise<V | undefined>): Flight => {
    const started = begin();
    const land = (value: V | undefined, failed = false): Landing => {
      const current = flights.get(key) === flight;
      if (current) flights.delete(key);
      const staleAt = end(started, key, value);
      if (value !== undefined && staleAt === Number.POSITIVE_INFINITY && opts.invalidation.reliable) {
        store(key, value);
      } else if (value === undefined && current && !failed) {
        // A reload (refresh ahead) that found nothing: what the held entry showed is gone.
        lru.delete(key);
      }
      return { value, staleAt };
    };
    // `load` runs now (a throw becomes a rejection); `land` always runs later, once `flight` is in `flights`.
    const flight: Flight = {
      landed: new Promise<V | undefined>((resolve) => resolve(load())).then(land, (err: unknown) => {
        land(undefined, true);
        throw err;
      }),
    };
    flights.set(key, flight);
    return flight;
  };
  async function get<L extends V | undefined>(key: string, load: () => Promise<L>): Promise<V | L> {
    if (!enabled || !opts.invalidation.reliable) return load();
    const hit = lru.get(key);
    if (hit !== undefined) {
      if (refreshAfterMs !== undefined && !flights.has(key) && lru.getRemainingTTL(key) < refreshAt) {
        // Its failure leaves the held entry to its TTL; the next get after it may try again.
        fly(key, load).landed.catch(() => {});
      }
      return hit;
    }
    const arrived = seq;
    const { value, staleAt } = await (flights.get(key) ?? fly(key, load)).landed;
    // Only a tag invalidation can come between a load's start and a get joining it (the others take the
    // load out of `flights`): the value carries the tag, so the write may be missing from it.
    if (staleAt <= arrived) return get(key, load);
    // The loaders of one key read the same thing (see `get`'s contract).
    return value as L;
  }
  return {
    get,
    delete(key) {
      invalidate({ key });
      flights.delete(key);
      lru.delete(key);
    },
    deleteWhere(match) {
      invalidate({ all: true });
      // A load in flight has no value to match yet.
      flights.clear();
      const stale: string[] = [];
      for (const [key, value] of lru.entries()) if (match(value, key)) stale.push(key);
      for (const key of stale) lru.delete(key);
    },
    deleteTagged(tag) {
      // Loads in flight stay joinable: their tags are known only once they land, when `get` judges them.
      invalidate({ tag });
      const keys = tagged.get(tag);
      if (keys) for (const key of [...keys]) lru.delete(key);
    },
    clear() {
      invalidate({ all: true });
      flights.clear();
      lru.clear();
    },
    get size() {
      return lru.size;
    },
  };
}
