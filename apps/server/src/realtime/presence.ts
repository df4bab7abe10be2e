import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who has a socket open (for tests; the modules get it through `AppContext`). */
    presence: Presence;
  }
}

/**
 * Who has a socket open (docs/decisions/0035-announced-to-those-connected.md). A notification entry is read,
 * presented and sent only to recipients who could hear it; anyone else reads it with their list, and their
 * bell reads the unread count when it opens. "Online" may include someone who left within the last
 * {@link PRESENCE_TTL_MS} (an announcement nobody hears costs only work), never miss someone connected
 * (who would miss it), and when Redis cannot answer everyone counts as online.
 */
export interface Presence {
  /**
   * Makes `userId` online for every instance (with Redis; nothing without). Call it before the socket is
   * accepted, so that an entry written once its inbox room is joined is announced to it. Never rejects.
   */
  share(userId: string): Promise<void>;
  /** Counts a connected socket of `userId` on this instance (the heartbeat keeps the user shared). */
  add(userId: string): void;
  /** Counts a socket of `userId` gone from this instance. */
  remove(userId: string): void;
  /**
   * Of `userIds`, those with a socket open on any instance, or who left lately; every one of them when Redis
   * cannot answer.
   */
  online(userIds: readonly string[]): Promise<Set<string>>;
  /** Stops the heartbeat. */
  close(): void;
}

/**
 * How long a user's presence key lives in Redis (ms): three heartbeats, so that one missed write does not
 * hide a connected user. Mastodon's streaming server keeps its `subscribed:` keys the same way.
 */
export const PRESENCE_TTL_MS = 180_000;
/** How often an instance writes again the presence keys of the users connected to it (ms). */
export const PRESENCE_HEARTBEAT_MS = 60_000;

/** The part of a logger presence uses. */
interface PresenceLog {
  warn(obj: object, msg: string): void;
}

/**
 * The {@link Presence} of this instance: a count of sockets per user, and with `redis` a key per connected
 * user (`<prefix>presence:<user id>`, expiring after {@link PRESENCE_TTL_MS}) that every instance reads. A key
 * is never deleted on disconnect, since another instance may hold a socket of the same user; it expires. A
 * Redis restart forgets the keys until the next heartbeat ({@link PRESENCE_HEARTBEAT_MS}).
 */
export function createPresence(options: {
  redis?: { client: Redis; prefix: string };
  log: PresenceLog;
  ttlMs?: number;
  heartbeatMs?: number;
}): Presence {
  const { redis, log } = options;
  const ttlMs = options.ttlMs ?? PRESENCE_TTL_MS;
  const sockets = new Map<string, number>();
  const key = (userId: string) => `${redis?.prefix ?? ''}presence:${userId}`;
  let warned = false;
  const warnOnce = (err: unknown, msg: string) => {
    if (!warned) log.warn({ err }, msg);
    warned = true;
  };

  const heartbeat = redis
    ? setInterval(() => {
        if (sockets.size === 0) return;
        const pipeline = redis.client.pipeline();
        for (const userId of sockets.keys()) pipeline.set(key(userId), '1', 'PX', ttlMs);
        pipeline.exec().then(
          () => {
            warned = false;
          },
          (err: unknown) => warnOnce(err, 'presence: writing to Redis failed; entries go to everyone'),
        );
      }, options.heartbeatMs ?? PRESENCE_HEARTBEAT_MS)
    : null;
  heartbeat?.unref();

  return {
    async share(userId) {
      if (!redis) return;
      try {
        await redis.client.set(key(userId), '1', 'PX', ttlMs);
      } catch (err) {
        // The other instances then announce to everyone (`online` fails open), so nothing is missed.
        warnOnce(err, 'presence: writing to Redis failed; entries go to everyone');
      }
    },
    add(userId) {
      sockets.set(userId, (sockets.get(userId) ?? 0) + 1);
    },
    remove(userId) {
      const left = (sockets.get(userId) ?? 0) - 1;
      if (left > 0) sockets.set(userId, left);
      else sockets.delete(userId);
    },
    async online(userIds) {
      const found = new Set(userIds.filter((id) => sockets.has(id)));
      const elsewhere = [...new Set(userIds.filter((id) => !found.has(id)))];
      if (!redis || elsewhere.length === 0) return found;
      try {
        const values = await redis.client.mget(elsewhere.map(key));
        elsewhere.forEach((id, i) => {
          if (values[i] !== null) found.add(id);
        });
        return found;
      } catch (err) {
        warnOnce(err, 'presence: reading Redis failed; entries go to everyone');
        return new Set(userIds);
      }
    },
    close() {
      if (heartbeat) clearInterval(heartbeat);
    },
  };
}
