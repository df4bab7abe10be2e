import { Redis, type RedisOptions } from 'ioredis';

/**
 * The app's own Redis connections (docs/product/README.md#runs-anywhere, docs/performance.md): `commands`
 * carries the shared rate-limit counters and publishes cache invalidations; `subscriber` only listens (a
 * connection in subscriber mode can run no other command). socket.io's Redis adapter keeps its own pair
 * (`realtime/socket.ts`).
 */
export interface RedisConnections {
  commands: Redis;
  subscriber: Redis;
  /** Quits both connections (disconnects when a quit cannot be sent). */
  close(): Promise<void>;
}

/**
 * A connection to `url` whose commands fail at once while Redis is unreachable, instead of waiting in
 * ioredis's offline queue for the next reconnection attempt (up to 2 s apart; each rate limiter of a
 * request paid it, and a sign-in took 14 s during an outage: security/redis-outage.test.ts). Commands
 * sent before the first connection attempt settles are still queued, so the client may be used as soon
 * as it is made; from the first `ready` or `error` on, the queue is off. Not for a subscriber, whose
 * subscriptions ioredis re-sends by itself after a reconnection.
 */
export function failFastRedis(url: string, options: RedisOptions = {}): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, ...options });
  const failFast = () => {
    // ioredis reads the option at each command.
    client.options.enableOfflineQueue = false;
    client.off('ready', failFast);
    client.off('error', failFast);
  };
  client.on('ready', failFast);
  client.on('error', failFast);
  return client;
}

/**
 * Opens the two connections to `url`. While Redis is unreachable a command fails at once
 * ({@link failFastRedis}), so an outage shows as errors (rate limits let requests through uncounted,
 * caches stop answering from memory) rather than as requests that hang or crawl.
 */
export function connectRedis(url: string, log: { error(obj: object, msg: string): void }): RedisConnections {
  const commands = failFastRedis(url);
  // Made before `commands` connects, so with the offline queue on.
  const subscriber = commands.duplicate();
  for (const [name, client] of [
    ['commands', commands],
    ['subscriber', subscriber],
  ] as const) {
    client.on('error', (err: unknown) => log.error({ err, connection: name }, 'redis connection error'));
  }
  return {
    commands,
    subscriber,
    async close() {
      await Promise.all([commands, subscriber].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
