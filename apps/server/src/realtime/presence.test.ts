/**
 * Presence (docs/decisions/0035-announced-to-those-connected.md): a count of sockets per user on each
 * instance, and with Redis a key per connected user that every instance reads. The Redis cases run when
 * `TEST_REDIS_URL` is set.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { failFastRedis } from '../scale/redis.js';
import { createPresence, type Presence } from './presence.js';

const quiet = { warn: () => {} };

describe('presence', () => {
  it('counts each socket: a user is online until their last socket here closes', async () => {
    const presence = createPresence({ log: quiet });
    presence.add('a');
    presence.add('a');
    presence.add('b');
    expect(await presence.online(['a', 'b', 'c'])).toEqual(new Set(['a', 'b']));
    presence.remove('a');
    expect(await presence.online(['a', 'b'])).toEqual(new Set(['a', 'b']));
    presence.remove('a');
    presence.remove('b');
    expect(await presence.online(['a', 'b'])).toEqual(new Set());
    // A removal with no socket counted leaves nobody online below zero.
    presence.remove('a');
    presence.add('a');
    expect(await presence.online(['a'])).toEqual(new Set(['a']));
    presence.close();
  });

  it('counts everyone as online when Redis cannot answer, so that no one misses an entry', async () => {
    const warnings: string[] = [];
    // Nothing listens on port 1.
    const client = failFastRedis('redis://127.0.0.1:1', { retryStrategy: () => null });
    client.on('error', () => {});
    const presence = createPresence({
      redis: { client, prefix: 'unreachable:' },
      log: { warn: (_obj, msg) => void warnings.push(msg) },
    });
    await presence.share('a');
    expect(await presence.online(['a', 'b'])).toEqual(new Set(['a', 'b']));
    expect(warnings).toHaveLength(1);
    presence.close();
    client.disconnect();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('presence across instances (Redis)', () => {
  const prefix = `josie-test-${crypto.randomUUID().slice(0, 8)}:`;
  const clients: ReturnType<typeof failFastRedis>[] = [];
  const instances: Presence[] = [];
  const instance = (options: { ttlMs?: number; heartbeatMs?: number } = {}) => {
    const client = failFastRedis(redisUrl!);
    clients.push(client);
    const presence = createPresence({ redis: { client, prefix }, log: quiet, ...options });
    instances.push(presence);
    return { presence, client };
  };
  afterAll(async () => {
    for (const presence of instances) presence.close();
    await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
  });

  it('shows a user connected to one instance as online on another, one read for many users', async () => {
    const a = instance();
    const b = instance();
    const user = crypto.randomUUID();
    expect(await b.presence.online([user])).toEqual(new Set());
    await a.presence.share(user);
    a.presence.add(user);
    const others = Array.from({ length: 200 }, () => crypto.randomUUID());
    expect(await b.presence.online([...others, user, user])).toEqual(new Set([user]));
  });

  it('keeps a user online while their instance beats, and forgets them after the last beat', async () => {
    const a = instance({ ttlMs: 400, heartbeatMs: 100 });
    const b = instance();
    const user = crypto.randomUUID();
    await a.presence.share(user);
    a.presence.add(user);
    // Four times the key's life: only the heartbeat keeps it.
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(await b.presence.online([user])).toEqual(new Set([user]));
    // Gone from A: the key is not deleted (another instance may hold a socket of the user); it expires.
    a.presence.remove(user);
    expect(await b.presence.online([user])).toEqual(new Set([user]));
    await expect.poll(() => b.presence.online([user]), { timeout: 3_000 }).toEqual(new Set());
  });
});
