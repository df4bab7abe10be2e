import { describe, expect, it, vi } from 'vitest';
import { createSessionCache, SESSION_SEEN_INTERVAL_MS } from '../modules/auth/session-cache.js';
import { createInvalidatedCache } from './cache.js';
import { createInvalidation } from './invalidation.js';

/** A promise with its resolve and reject functions, to hold a load in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A loader held in flight until `resolve`/`reject`, counting its calls. */
function heldLoader<T>() {
  const held = deferred<T>();
  const loader = {
    ...held,
    calls: 0,
    load: () => {
      loader.calls += 1;
      return held.promise;
    },
  };
  return loader;
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

  /** A cache that refreshes ahead (`refreshAfterMs`), for the tests below. */
  const refreshing = (ttlMs: number, refreshAfterMs: number) =>
    createInvalidatedCache<{ n: number }>({
      invalidation: { reliable: true },
      ttlMs,
      refreshAfterMs,
      max: 10,
    });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('reloads an entry read late in its life in the background, answering the held value meanwhile', async () => {
    const cache = refreshing(200, 50);
    let loads = 0;
    let release = () => {};
    const load = async () => {
      loads += 1;
      if (loads > 1) await new Promise<void>((r) => (release = r));
      return { n: loads };
    };
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    // Young: answered from memory, nothing reloads.
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    expect(loads).toBe(1);
    await sleep(80);
    // Past refreshAfterMs: the held value at once, one reload started (not one per get).
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    expect(loads).toBe(2);
    release();
    await sleep(10);
    expect(await cache.get('k', load)).toEqual({ n: 2 });
    // The reload restarted the entry's life: kept past the first load's TTL without a miss.
    await sleep(160);
    expect(await cache.get('k', async () => ({ n: -1 }))).toEqual({ n: 2 });
  });

  it('drops an entry whose background reload finds it gone, and keeps one whose reload fails', async () => {
    const cache = refreshing(1_000, 20);
    await cache.get('gone', async () => ({ n: 1 }));
    await cache.get('failing', async () => ({ n: 1 }));
    await sleep(40);
    expect(await cache.get('gone', async () => undefined)).toEqual({ n: 1 });
    expect(
      await cache.get('failing', async () => {
        throw new Error('database unreachable');
      }),
    ).toEqual({ n: 1 });
    await sleep(10);
    expect(cache.size).toBe(1);
    expect(await cache.get('gone', async () => ({ n: 3 }))).toEqual({ n: 3 });
    expect(await cache.get('failing', async () => ({ n: 3 }))).toEqual({ n: 1 });
  });

  it('does not store a background reload overtaken by an invalidation', async () => {
    const cache = refreshing(1_000, 20);
    await cache.get('k', async () => ({ n: 1 }));
    await sleep(40);
    let release = () => {};
    const reload = async () => {
      await new Promise<void>((r) => (release = r));
      return { n: 2 };
    };
    expect(await cache.get('k', reload)).toEqual({ n: 1 });
    cache.delete('k');
    release();
    await sleep(10);
    expect(await cache.get('k', async () => ({ n: 3 }))).toEqual({ n: 3 });
  });
});

describe('coalesced loads', () => {
  const fresh = (ttlMs = 60_000, reliable = true) =>
    createInvalidatedCache<{ v: string }>({ invalidation: { reliable }, ttlMs, max: 10 });

  it('loads a key once for concurrent gets, and answers them all with the value', async () => {
    const cache = fresh();
    const first = heldLoader<{ v: string }>();
    const others = heldLoader<{ v: string }>();
    const gets = [
      cache.get('k', first.load),
      ...Array.from({ length: 49 }, () => cache.get('k', others.load)),
    ];
    expect(others.calls).toBe(0);
    first.resolve({ v: 'loaded once' });
    const answers = await Promise.all(gets);
    expect(first.calls).toBe(1);
    expect(others.calls).toBe(0);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toEqual({ v: 'loaded once' });
    expect(await cache.get('k', others.load)).toEqual({ v: 'loaded once' });
    expect(others.calls).toBe(0);
  });

  it('shares an undefined answer without storing it: the next get loads again', async () => {
    const cache = fresh();
    const first = heldLoader<{ v: string } | undefined>();
    let later = 0;
    const again = async () => {
      later += 1;
      return undefined;
    };
    const gets = [cache.get('k', first.load), cache.get('k', again)];
    first.resolve(undefined);
    expect(await Promise.all(gets)).toEqual([undefined, undefined]);
    expect(later).toBe(0);
    expect(await cache.get('k', again)).toBeUndefined();
    expect(later).toBe(1);
  });

  it('lets gets from before an invalidation share the load, and loads anew for gets after it', async () => {
    const cache = fresh();
    const before = heldLoader<{ v: string }>();
    const alongside = heldLoader<{ v: string }>();
    const after = heldLoader<{ v: string }>();
    const first = cache.get('k', before.load);
    const second = cache.get('k', alongside.load);
    expect(alongside.calls).toBe(0);
    cache.delete('k');
    const third = cache.get('k', after.load);
    // The get after the invalidation must not be answered a value that may predate the write.
    expect(after.calls).toBe(1);
    before.resolve({ v: 'read before the write committed' });
    expect(await first).toEqual({ v: 'read before the write committed' });
    expect(await second).toEqual({ v: 'read before the write committed' });
    expect(alongside.calls).toBe(0);
    expect(cache.size).toBe(0);
    // A get arriving now joins the load that started after the invalidation.
    const fourth = cache.get('k', alongside.load);
    after.resolve({ v: 'fresh' });
    expect(await third).toEqual({ v: 'fresh' });
    expect(await fourth).toEqual({ v: 'fresh' });
    expect(alongside.calls).toBe(0);
    expect(await cache.get('k', alongside.load)).toEqual({ v: 'fresh' });
    expect(alongside.calls).toBe(0);
  });

  it('does not let a get after a clear or a scan join a load started before it', async () => {
    for (const overtake of [
      (c: ReturnType<typeof fresh>) => c.clear(),
      (c: ReturnType<typeof fresh>) => c.deleteWhere(() => false),
    ]) {
      const cache = fresh();
      const before = heldLoader<{ v: string }>();
      const alongside = heldLoader<{ v: string }>();
      const after = heldLoader<{ v: string }>();
      const first = cache.get('k', before.load);
      const early = cache.get('k', alongside.load);
      expect(alongside.calls).toBe(0);
      overtake(cache);
      const second = cache.get('k', after.load);
      expect(after.calls).toBe(1);
      after.resolve({ v: 'fresh' });
      before.resolve({ v: 'stale' });
      expect(await first).toEqual({ v: 'stale' });
      expect(await early).toEqual({ v: 'stale' });
      expect(await second).toEqual({ v: 'fresh' });
      expect(await cache.get('k', async () => ({ v: 'not loaded' }))).toEqual({ v: 'fresh' });
    }
  });

  it('rejects every get sharing a load that throws, and keeps nothing: the next get loads', async () => {
    const cache = fresh();
    const failing = heldLoader<{ v: string }>();
    const others = heldLoader<{ v: string }>();
    const gets = [cache.get('k', failing.load), cache.get('k', others.load), cache.get('k', others.load)];
    expect(others.calls).toBe(0);
    const failure = new Error('database down');
    failing.reject(failure);
    for (const result of await Promise.allSettled(gets)) {
      expect(result).toEqual({ status: 'rejected', reason: failure });
    }
    expect(failing.calls).toBe(1);
    expect(others.calls).toBe(0);
    expect(cache.size).toBe(0);
    expect(await cache.get('k', async () => ({ v: 'back' }))).toEqual({ v: 'back' });

    // A loader that throws before returning a promise is no different.
    const throwing = () => {
      throw failure;
    };
    await expect(cache.get('j', throwing)).rejects.toBe(failure);
    expect(await cache.get('j', async () => ({ v: 'back' }))).toEqual({ v: 'back' });
  });

  it('loads different keys independently, each once', async () => {
    const cache = fresh();
    const a = heldLoader<{ v: string }>();
    const b = heldLoader<{ v: string }>();
    const getA = cache.get('a', a.load);
    const getB = cache.get('b', b.load);
    const getA2 = cache.get('a', a.load);
    const getB2 = cache.get('b', b.load);
    expect([a.calls, b.calls]).toEqual([1, 1]);
    b.resolve({ v: 'b' });
    // `b` is answered while `a` is still in flight.
    expect(await Promise.all([getB, getB2])).toEqual([{ v: 'b' }, { v: 'b' }]);
    a.resolve({ v: 'a' });
    expect(await Promise.all([getA, getA2])).toEqual([{ v: 'a' }, { v: 'a' }]);
    expect([a.calls, b.calls]).toEqual([1, 1]);
  });

  it('does not coalesce when off (TTL 0: every read from the database) or deaf to invalidations', async () => {
    for (const cache of [fresh(0), fresh(60_000, false)]) {
      const first = heldLoader<{ v: string }>();
      const second = heldLoader<{ v: string }>();
      const gets = [cache.get('k', first.load), cache.get('k', second.load)];
      expect([first.calls, second.calls]).toEqual([1, 1]);
      first.resolve({ v: 'first' });
      second.resolve({ v: 'second' });
      expect(await Promise.all(gets)).toEqual([{ v: 'first' }, { v: 'second' }]);
    }
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

describe('coalesced loads of a tagged cache', () => {
  type Page = { n: number; shows: string[] };
  const tagged = () =>
    createInvalidatedCache<Page>({
      invalidation: { reliable: true },
      ttlMs: 60_000,
      max: 10,
      tags: (p) => p.shows,
    });

  it('loads anew for a get that joined after an invalidation of one of the loaded tags', async () => {
    const cache = tagged();
    const before = heldLoader<Page>();
    const after = heldLoader<Page>();
    const first = cache.get('b', before.load);
    const early = cache.get('b', after.load);
    // A load's tags are known only once it has loaded: a get arriving now waits for it, then judges it.
    cache.deleteTagged('j5');
    const late = cache.get('b', after.load);
    expect(after.calls).toBe(0);
    before.resolve({ n: 1, shows: ['j5'] });
    expect(await first).toEqual({ n: 1, shows: ['j5'] });
    expect(await early).toEqual({ n: 1, shows: ['j5'] });
    await vi.waitFor(() => expect(after.calls).toBe(1));
    after.resolve({ n: 2, shows: ['j6'] });
    expect(await late).toEqual({ n: 2, shows: ['j6'] });
    expect(await cache.get('b', async () => ({ n: 3, shows: [] }))).toEqual({ n: 2, shows: ['j6'] });
  });

  it('shares a load with a get that joined after an invalidation of tags the value does not carry', async () => {
    const cache = tagged();
    const before = heldLoader<Page>();
    const after = heldLoader<Page>();
    const first = cache.get('b', before.load);
    cache.deleteTagged('j9');
    cache.delete('other');
    const late = cache.get('b', after.load);
    expect(after.calls).toBe(0);
    before.resolve({ n: 1, shows: ['j5'] });
    expect(await first).toEqual({ n: 1, shows: ['j5'] });
    expect(await late).toEqual({ n: 1, shows: ['j5'] });
    expect(after.calls).toBe(0);
    expect(cache.size).toBe(1);
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

  it('holds the sessions and tokens of 20,000 readers who come back in turn', async () => {
    // Readers in rotation, one more than a cache holds, miss every time (the least recently used is always
    // the next one back): the 10,000-reader benchmark paid every session lookup and token check.
    const sessions = createSessionCache({ ttlMs: 60_000 });
    const readers = Array.from({ length: 20_000 }, (_, n) => `s${n}`);
    let loads = 0;
    let verifications = 0;
    const load = async () => {
      loads += 1;
      return user;
    };
    const claims = { sessionId: 's', userId: 'u1', expiresAt: new Date(Date.now() + 60_000) };
    const verify = async () => {
      verifications += 1;
      return claims;
    };
    for (let round = 0; round < 2; round += 1) {
      for (const id of readers) {
        await sessions.verify(`token-${id}`, verify);
        await sessions.resolve(id, 'u1', load);
      }
    }
    expect({ loads, verifications }).toEqual({ loads: 20_000, verifications: 20_000 });
  });

  it('remembers a verified token past the session TTL, until the token expires', async () => {
    // A token's signature verifies the same way every time; only its session can change, and that is the
    // session cache's (short-lived, invalidated) business.
    const sessions = createSessionCache({ ttlMs: 20 });
    let verifications = 0;
    const claims = (expiresInMs: number) => ({
      sessionId: 's1',
      userId: 'u1',
      expiresAt: new Date(Date.now() + expiresInMs),
    });
    const long = claims(60_000);
    const verify = async () => {
      verifications += 1;
      return long;
    };
    await sessions.verify('long-lived', verify);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await sessions.verify('long-lived', verify)).toBe(long);
    expect(verifications).toBe(1);
    // A token about to expire is checked again once it has.
    const short = claims(40);
    await sessions.verify('short-lived', async () => short);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await sessions.verify('short-lived', async () => null)).toBeNull();
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
