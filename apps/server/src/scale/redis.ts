import { Redis } from 'ioredis';

/**
 * The app's own Redis connections (DESIGN §1.2, issue 9): `commands` carries the shared rate-limit
 * counters and publishes cache invalidations; `subscriber` only listens (a connection in subscriber mode
 * can run no other command). socket.io's Redis adapter keeps its own pair (`realtime/socket.ts`).
 */
export interface RedisConnections {
  commands: Redis;
  subscriber: Redis;
  /** Quits both connections (disconnects when a quit cannot be sent). */
  close(): Promise<void>;
}

/**
 * Opens the two connections to `url`. A command fails after one retry instead of waiting for a
 * reconnection without end, so a Redis outage shows as errors (rate limits let requests through,
 * caches stop answering from memory) rather than as requests that hang.
 */
export function connectRedis(url: string, log: { error(obj: object, msg: string): void }): RedisConnections {
  const commands = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
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
