import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/**
 * What a cache entry can be invalidated for. `session`: one session id was revoked (logout);
 * `user-sessions`: every session of one user id was revoked (role change, password reset, deletion);
 * `flags`: an admin stored a feature flag (the key is the flag's). The read caches
 * (`reads/read-caches.ts`): `josie`: a josie's content, status or like count changed (key: its id);
 * `creator`: a user's name, avatar, colour or font changed, which the josies they created show (key: the
 * user's id); `viewer`: a user's likes, saves or follows changed (key: the user's id); `user-removed`: a
 * user was deleted, with the likes they gave (key: the user's id); `curators`: a user became a curator or
 * stopped being one, so the home strip changed (key: the user's id); `explore`: a josie was published or
 * unpublished, so the explore page's lists changed (key: the josie's id). The feed documents
 * (`reads/feed-documents.ts`): `feeds`: a josie of a curator was published or unpublished, so their Atom feed
 * and the genre feeds changed (key: the curator's id).
 */
export type InvalidationTopic =
  | 'session'
  | 'user-sessions'
  | 'flags'
  | 'josie'
  | 'creator'
  | 'viewer'
  | 'user-removed'
  | 'curators'
  | 'explore'
  | 'feeds';

/** The Redis channel every instance subscribes to (after `REDIS_PREFIX`). */
export const INVALIDATION_CHANNEL = 'invalidate';

/** One message on {@link INVALIDATION_CHANNEL}. */
interface Message {
  topic: InvalidationTopic;
  key: string;
  /** The publishing instance, which has already applied the message and skips its own echo. */
  from: string;
}

/**
 * Cross-instance cache invalidation (docs/product/README.md#runs-anywhere, docs/performance.md). In-process
 * caches subscribe to topics; a write that makes an entry stale publishes after its transaction commits.
 * Handlers of this instance run before `publish` resolves, then the message goes to the other instances
 * through Redis pub/sub.
 *
 * Pub/sub delivers at most once: a message sent while an instance's subscriber connection is down is lost
 * to it. So caches also ask {@link Invalidation.reliable} before answering from memory, and every handler
 * registered with {@link Invalidation.onReset} empties its cache when the subscriber (re)connects.
 */
export interface Invalidation {
  /** Applies `topic`/`key` here, then tells the other instances. A Redis failure is logged, not thrown. */
  publish(topic: InvalidationTopic, key: string): Promise<void>;
  /** Runs `handler` for each message of `topic`, from this or another instance; answers an unsubscribe. */
  subscribe(topic: InvalidationTopic, handler: (key: string) => void): () => void;
  /** Runs `handler` whenever messages may have been missed (subscriber reconnected): drop everything. */
  onReset(handler: () => void): () => void;
  /** Whether messages from other instances are being received now (always true without Redis). */
  readonly reliable: boolean;
  close(): Promise<void>;
}

/** Minimal logger of the channel. */
type Log = { error(obj: object, msg: string): void };

/**
 * The {@link Invalidation} channel: in-process only (one instance: nothing to tell), or over Redis when
 * `redis` is given. `redis.subscriber` is put into subscriber mode and must not be used for anything else;
 * `redis.publisher` may be shared with other commands.
 */
export function createInvalidation(
  opts: { redis?: { publisher: Redis; subscriber: Redis; prefix?: string }; log?: Log } = {},
): Invalidation {
  const instanceId = crypto.randomUUID();
  const channel = `${opts.redis?.prefix ?? ''}${INVALIDATION_CHANNEL}`;
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const resetHandlers = new Set<() => void>();
  const reset = () => {
    for (const handler of resetHandlers) handler();
  };
  const deliver = (message: Pick<Message, 'topic' | 'key'>) => local.emit(message.topic, message.key);

  const redis = opts.redis;
  // True once the subscription is confirmed, false while the connection is down (messages are lost then).
  let subscribed = false;
  // True from a failed publish until one succeeds again.
  let publishFailing = false;
  if (redis) {
    const { subscriber } = redis;
    const subscribe = () =>
      subscriber.subscribe(channel).then(
        () => {
          subscribed = true;
          // Whatever was cached before this point may have missed a message.
          reset();
        },
        (err: unknown) => opts.log?.error({ err }, 'subscribing to cache invalidations failed'),
      );
    // Until the first `ready` nothing could have been missed; every later one follows a lost connection.
    let connectedBefore = false;
    subscriber.on('ready', () => {
      if (connectedBefore) void subscribe();
      connectedBefore = true;
    });
    subscriber.on('close', () => {
      subscribed = false;
      reset();
    });
    subscriber.on('message', (source: string, raw: string) => {
      if (source !== channel) return;
      let message: Message;
      try {
        message = JSON.parse(raw) as Message;
      } catch {
        return;
      }
      if (message.from !== instanceId) deliver(message);
    });
    void subscribe();
  }

  return {
    async publish(topic, key) {
      deliver({ topic, key });
      if (!redis) return;
      const message: Message = { topic, key, from: instanceId };
      await redis.publisher.publish(channel, JSON.stringify(message)).then(
        () => {
          publishFailing = false;
        },
        (err: unknown) => {
          // Once per outage: every like, save and follow publishes, and would flood the log.
          if (publishFailing) return;
          publishFailing = true;
          opts.log?.error(
            { err, topic },
            'publishing cache invalidations failed (logged once until they work again)',
          );
        },
      );
    },
    subscribe(topic, handler) {
      local.on(topic, handler);
      return () => local.off(topic, handler);
    },
    onReset(handler) {
      resetHandlers.add(handler);
      return () => resetHandlers.delete(handler);
    },
    get reliable() {
      return !redis || subscribed;
    },
    async close() {
      local.removeAllListeners();
      resetHandlers.clear();
    },
  };
}
