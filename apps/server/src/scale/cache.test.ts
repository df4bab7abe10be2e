import { describe, expect, it } from 'vitest';
import { createSessionCache, SESSION_SEEN_INTERVAL_MS } from '../modules/auth/session-cache.js';
import { createInvalidatedCache } from './cache.js';
import { createInvalidation } from './invalidation.js';

/** A promise with its resolve function, to hold a load in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('invalidated cache', () => {
  it('answers from memory until an entry is invalidated', async () => {
    const cache = createInvalidatedCache<{ n: number }>({
      invalidation: { reliable: true },
      ttlMs: 60_000,
      max: 10,
    });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    cache.delete('k');
    expect(await cache.get('k', load)).toEqual({ n: 2 });
    cache.deleteWhere((v) => v.n === 2);
    expect(await cache.get('k', load)).toEqual({ n: 3 });
  });

  it('does not keep a value loaded while an invalidation arrived (it may predate the write)', async () => {
    const cache = createInvalidatedCache<{ v: string }>({
      invalidation: { reliable: true },
      ttlMs: 60_000,
      max: 10,
    });
    const inFlight = deferred<{ v: string }>();
    const first = cache.get('k', () => inFlight.promise);
    cache.delete('k');
    inFlight.resolve({ v: 'read before the write committed' });
    expect(await first).toEqual({ v: 'read before the write committed' });
    expect(await cache.get('k', async () => ({ v: 'fresh' }))).toEqual({ v: 'fresh' });
    expect(await cache.get('k', async () => ({ v: 'not loaded again' }))).toEqual({ v: 'fresh' });
  });

  it('is bypassed while invalidations cannot be heard, and off with a TTL of 0', async () => {
    const channel = { reliable: false };
    const cache = createInvalidatedCache<{ n: number }>({ invalidation: channel, ttlMs: 60_000, max: 10 });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    await cache.get('k', load);
    await cache.get('k', load);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
    channel.reliable = true;
    await cache.get('k', load);
    await cache.get('k', load);
    expect(loads).toBe(3);

    const off = createInvalidatedCache<{ n: number }>({ invalidation: channel, ttlMs: 0, max: 10 });
    await off.get('k', load);
    await off.get('k', load);
    expect(loads).toBe(5);
  });

  it('forgets entries after their TTL', async () => {
    const cache = createInvalidatedCache<{ n: number }>({
      invalidation: { reliable: true },
      ttlMs: 30,
      max: 10,
    });
    let loads = 0;
    await cache.get('k', async () => ({ n: ++loads }));
    await new Promise((r) => setTimeout(r, 60));
    await cache.get('k', async () => ({ n: ++loads }));
    expect(loads).toBe(2);
  });
});

describe('tagged invalidated cache', () => {
  type Page = { n: number; shows: string[] };
  const tagged = (max = 10) =>
    createInvalidatedCache<Page>({
      invalidation: { reliable: true },
      ttlMs: 60_000,
      max,
      tags: (p) => p.shows,
    });

  it('drops exactly the entries carrying a tag', async () => {
    const cache = tagged();
    let loads = 0;
    const page = (shows: string[]) => async () => ({ n: ++loads, shows });
    await cache.get('a', page(['j1', 'j2']));
    await cache.get('b', page(['j2']));
    await cache.get('c', page(['j3']));
    cache.deleteTagged('j2');
    expect(cache.size).toBe(1);
    expect(await cache.get('c', page(['j3']))).toEqual({ n: 3, shows: ['j3'] });
    expect(await cache.get('a', page(['j1']))).toEqual({ n: 4, shows: ['j1'] });
    // `a` was replaced by a value no longer showing j2: a later j2 invalidation leaves it.
    cache.deleteTagged('j2');
    cache.deleteTagged('nothing');
    expect(cache.size).toBe(2);
  });

  it('forgets the tags of evicted entries, so a reloaded key is not dropped for its old tags', async () => {
    const cache = tagged(1);
    await cache.get('a', async () => ({ n: 1, shows: ['j1'] }));
    await cache.get('b', async () => ({ n: 2, shows: ['j2'] })); // evicts a
    await cache.get('a', async () => ({ n: 3, shows: ['j3'] })); // evicts b
    cache.deleteTagged('j1');
    cache.deleteTagged('j2');
    expect(cache.size).toBe(1);
    expect(await cache.get('a', async () => ({ n: 4, shows: [] }))).toEqual({ n: 3, shows: ['j3'] });
  });

  it('holds values up to a total size when bounded by size', async () => {
    const cache = createInvalidatedCache<{ bytes: number }>({
      invalidation: { reliable: true },
      ttlMs: 60_000,
      max: 100,
      bySize: { size: (v) => v.bytes, maxSize: 100 },
    });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => ({ bytes: 40 }));
    expect(cache.size).toBe(2);
  });

  it('keeps out a load overtaken by an invalidation of its key or tags, and only such a load', async () => {
    const cache = tagged();
    const inFlight = deferred<Page>();
    const first = cache.get('a', () => inFlight.promise);
    cache.deleteTagged('j9'); // unrelated
    cache.delete('other');
    inFlight.resolve({ n: 1, shows: ['j1'] });
    await first;
    expect(await cache.get('a', async () => ({ n: 2, shows: [] }))).toEqual({ n: 1, shows: ['j1'] });

    for (const overtake of [() => cache.deleteTagged('j5'), () => cache.delete('b'), () => cache.clear()]) {
      const slow = deferred<Page>();
      const load = cache.get('b', () => slow.promise);
      overtake();
      slow.resolve({ n: 3, shows: ['j5'] });
      await load;
      expect(await cache.get('b', async () => ({ n: 4, shows: [] }))).toEqual({ n: 4, shows: [] });
      cache.delete('b');
    }
  });
});

describe('session cache', () => {
  const fields = { id: 'u1', role: 'listener' as const, email: 'a@example.test', name: 'A' };
  const user = { ...fields, lastSeenAt: new Date() };

  it('forgets one session on logout and every session of a user on revocation', async () => {
    const invalidation = createInvalidation();
    const sessions = createSessionCache({ invalidation, ttlMs: 60_000 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return user;
    };
    expect(await sessions.resolve('s1', 'u1', load)).toEqual({ ...fields, sessionId: 's1' });
    await sessions.resolve('s1', 'u1', load);
    await sessions.resolve('s2', 'u1', load);
    expect(loads).toBe(2);

    await sessions.forgetSession('s1');
    await sessions.resolve('s1', 'u1', load);
    await sessions.resolve('s2', 'u1', load);
    expect(loads).toBe(3);

    await sessions.forgetUser('u1');
    await sessions.resolve('s1', 'u1', load);
    await sessions.resolve('s2', 'u1', load);
    expect(loads).toBe(5);
  });

  it('refuses a token whose user is not the cached session user, and caches no refusal', async () => {
    const sessions = createSessionCache({ ttlMs: 60_000 });
    await sessions.resolve('s1', 'u1', async () => user);
    expect(await sessions.resolve('s1', 'someone-else', async () => user)).toBeNull();
    let loads = 0;
    const gone = async () => {
      loads += 1;
      return undefined;
    };
    expect(await sessions.resolve('s9', 'u1', gone)).toBeNull();
    expect(await sessions.resolve('s9', 'u1', gone)).toBeNull();
    expect(loads).toBe(2);
  });

  it('records a use when the remembered last-seen time is 5 minutes old, then not again within them', async () => {
    const sessions = createSessionCache({ ttlMs: 60_000 });
    const stale = { ...fields, lastSeenAt: new Date(Date.now() - SESSION_SEEN_INTERVAL_MS - 1000) };
    const touched: Date[] = [];
    const touch = async (at: Date) => {
      touched.push(at);
    };
    await sessions.resolve('s1', 'u1', async () => stale, touch);
    await sessions.resolve('s1', 'u1', async () => stale, touch);
    expect(touched).toHaveLength(1);
    expect(Date.now() - touched[0]!.getTime()).toBeLessThan(1000);

    const fresh = { ...fields, lastSeenAt: new Date(Date.now() - 60_000) };
    await sessions.resolve('s2', 'u1', async () => fresh, touch);
    expect(touched).toHaveLength(1);
  });
});
