import proxyAddr from '@fastify/proxy-addr';
import {
  type ClientToServerEvents,
  ERROR_CODES,
  type JoinFeedAck,
  MAX_VISITOR_SOCKETS_PER_ADDRESS,
  type ServerToClientEvents,
  SOCKET_PATH,
} from '@josie/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { type ExtendedError, Server, type Socket } from 'socket.io';
import type { AppContext } from '../context.js';
import type { AuthUser } from '../plugins/auth.js';
import { failFastRedis } from '../scale/redis.js';
import type { EventBus } from './bus.js';
import { subscribeFanout } from './fanout.js';
import { MAX_WATCHED_JOSIES, rooms } from './rooms.js';

/** A josie id as `watch-josie` accepts it: anything else joins no room. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the server keeps on each socket: the user its handshake token names, or null for a visitor's socket,
 * which may only watch josie pages (docs/decisions/0049-comment-notifications-and-live-visitors.md).
 */
export interface SocketData {
  user: AuthUser | null;
  /** A visitor socket's client address, counted against {@link MAX_VISITOR_SOCKETS_PER_ADDRESS}. */
  address?: string;
}

/** The typed socket.io server: the contract's event maps, no events between instances. */
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The domain event bus of this app, for plugins outside the feature modules and for integration tests
     * that raise events (the feature modules get it through `AppContext`).
     */
    bus: EventBus;
  }
}

/** A refused handshake: the client's `connect_error` carries this message and `data.code`. */
function refusal(message: string, code: string = ERROR_CODES.UNAUTHENTICATED): ExtendedError {
  const error: ExtendedError = new Error(message);
  error.data = { code };
  return error;
}

/**
 * The client address of a handshake as Fastify's `request.ip` reads it: `X-Forwarded-For` believed only
 * from the proxies `TRUST_PROXY` names (decision 0009), the socket's own address otherwise.
 */
function addressReader(trustProxy: AppContext['config']['trustProxy']) {
  const trust = trustProxy === true ? () => true : trustProxy ? proxyAddr.compile(trustProxy) : () => false;
  return (request: Parameters<typeof proxyAddr>[0]) => proxyAddr(request, trust);
}

/**
 * `client` whose `publish` never rejects. The Redis adapter (8.3) calls `publish` without awaiting it
 * (every room emit, `socketsJoin`, `socketsLeave`), so while Redis is down each emit would be an
 * unhandled rejection, which ends a Node process; the local sockets still get the emit, only other
 * instances miss it. One warning per outage, not one per emit.
 */
function publishingSafely(client: Redis, log: FastifyInstance['log']): Redis {
  let warned = false;
  client.on('ready', () => {
    warned = false;
  });
  const publish = (channel: string, message: string | Buffer) =>
    client.publish(channel, message).catch((err: unknown) => {
      if (!warned) log.warn({ err }, 'realtime: publishing to Redis failed; other instances miss emits');
      warned = true;
      return 0;
    });
  return new Proxy(client, {
    get: (target, property, receiver) =>
      property === 'publish' ? publish : Reflect.get(target, property, receiver),
  });
}

/**
 * Attaches socket.io to the app's HTTP server when the app is ready
 * (docs/product/routes-and-roles.md#realtime; docs/product/rules-and-limits.md#feed,
 * docs/product/routes-and-roles.md#api): path `/socket.io`, the handshake's `auth.token` resolved like a
 * bearer token (refused without a valid one) or `auth.visitor` for a visitor who may only watch josie pages
 * (decision 0049; {@link MAX_VISITOR_SOCKETS_PER_ADDRESS} per address and instance), `join-feed` joining the
 * caller's rooms, and the fan-out of
 * domain events. With `REDIS_URL` the Redis adapter carries rooms and emits across instances. Everything is
 * closed in `preClose`, before Fastify closes the HTTP server, so that shutdown never waits on an open
 * socket.
 */
export async function attachRealtime(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.decorate('bus', ctx.bus);
  let io: RealtimeServer | null = null;
  let redis: Redis[] = [];
  let unsubscribe = () => {};

  async function joinFeed(socket: RealtimeSocket, ack: unknown) {
    // The user comes from the token; a user id sent by the client is never trusted.
    const user = socket.data.user;
    if (!user) return;
    const curators = await ctx.services.follows.followingIds(user.id);
    await socket.join([rooms.user(user.id), ...curators.map(rooms.curator)]);
    if (typeof ack !== 'function') return;
    // Read after joining: a post published from here on reaches the socket, so a client whose feed
    // already shows a post this recent need not read its first page again to catch up.
    const latest = await ctx.services.feed.newestPublishedAt([user.id, ...curators]);
    (ack as (joined: JoinFeedAck) => void)({ curators, latest: latest?.toISOString() ?? null });
  }

  /**
   * A josie page's readers hear its comments change (decision 0046), signed in or visitors (decision 0049):
   * a josie id only, and a few josies per socket at most.
   */
  function watchJosies(socket: RealtimeSocket) {
    socket.on('watch-josie', (josieId, ack) => {
      const answer = (watching: boolean) => {
        if (typeof ack === 'function') ack(watching);
      };
      if (typeof josieId !== 'string' || !UUID.test(josieId)) return answer(false);
      const room = rooms.josie(josieId);
      const watched = [...socket.rooms].filter((r) => r.startsWith(rooms.josie('')) && r !== room);
      if (watched.length >= MAX_WATCHED_JOSIES) return answer(false);
      // Synchronous with both adapters (rooms are kept per instance): joined before the answer.
      void socket.join(room);
      answer(true);
    });
    socket.on('unwatch-josie', (josieId) => {
      if (typeof josieId === 'string') void socket.leave(rooms.josie(josieId));
    });
  }

  app.addHook('onReady', async () => {
    const server: RealtimeServer = new Server(app.server, {
      path: SOCKET_PATH,
      serveClient: false,
      // Same origin only, like the HTTP API (CORS is closed).
      cors: { origin: false },
    });
    if (ctx.config.redisUrl) {
      // Publishing fails at once while Redis is down rather than queueing every emit of the outage in
      // memory; the subscriber keeps its queue (its subscriptions are sent before it connects).
      const pub = failFastRedis(ctx.config.redisUrl);
      const sub = new Redis(ctx.config.redisUrl);
      for (const client of [pub, sub]) client.on('error', (err) => app.log.error({ err }, 'redis adapter'));
      redis = [pub, sub];
      server.adapter(
        createAdapter(publishingSafely(pub, app.log), sub, { key: `${ctx.config.redisPrefix}socket.io` }),
      );
    }
    const addressOf = addressReader(ctx.config.trustProxy);
    /** Open visitor sockets of this instance per client address. */
    const visitors = new Map<string, number>();
    server.use((socket, next) => {
      const token: unknown = socket.handshake.auth?.token;
      if (socket.handshake.auth?.visitor === true && token === undefined) {
        // A visitor's socket (decision 0049): no session, no rooms but the josie pages it watches, a few
        // per address on each instance.
        const address = addressOf(socket.request);
        if ((visitors.get(address) ?? 0) >= MAX_VISITOR_SOCKETS_PER_ADDRESS) {
          next(refusal('Too many open connections', ERROR_CODES.RATE_LIMITED));
          return;
        }
        socket.data = { user: null, address };
        next();
        return;
      }
      if (typeof token !== 'string' || token === '') {
        next(refusal('No authentication credentials provided'));
        return;
      }
      ctx.services.auth.resolveToken(token).then(
        async (user) => {
          if (!user) return next(refusal('Your session has expired. Please sign in again.'));
          socket.data.user = user;
          // Online on every instance before the inbox room is joined: an entry written from then on is
          // announced to it (docs/decisions/0035-announced-to-those-connected.md).
          await ctx.presence.share(user.id);
          next();
        },
        (err: unknown) => {
          app.log.error({ err }, 'socket authentication failed');
          next(new Error('The service is temporarily unavailable'));
        },
      );
    });
    server.on('connection', (socket) => {
      const { user, address } = socket.data;
      if (!user) {
        // A visitor hears only the josie pages it watches: no feed, no inbox, no presence. Counted here and
        // not in the handshake, like presence below.
        const key = address ?? '';
        visitors.set(key, (visitors.get(key) ?? 0) + 1);
        socket.on('disconnect', () => {
          const left = (visitors.get(key) ?? 1) - 1;
          if (left > 0) visitors.set(key, left);
          else visitors.delete(key);
        });
        watchJosies(socket);
        return;
      }
      // Synchronous with the in-memory adapter and the Redis one alike (rooms are kept per instance).
      // The inbox room too, so the header's bell hears `notification` on every page, not only the feed's;
      // not the user room, which a follow moves into curator rooms (docs/decisions/0024-notifications-centre.md).
      void socket.join([rooms.session(user.sessionId), rooms.sessionsOf(user.id), rooms.inbox(user.id)]);
      // Counted here and not in the handshake: a client gone during the handshake never connects.
      ctx.presence.add(user.id);
      socket.on('disconnect', () => ctx.presence.remove(user.id));
      watchJosies(socket);
      socket.on('join-feed', (_userId, ack) => {
        joinFeed(socket, ack).catch((err: unknown) => app.log.error({ err }, 'join-feed failed'));
      });
    });
    unsubscribe = subscribeFanout(server, ctx);
    io = server;
  });

  app.addHook('preClose', async () => {
    unsubscribe();
    const server = io;
    io = null;
    if (server) {
      // Not `server.close()`: that also closes the HTTP server and waits for its connections, which is
      // Fastify's job after this hook. Only this instance's sockets are dropped (`local`).
      server.local.disconnectSockets(true);
      server.engine.close();
      await server.of('/').adapter.close();
    }
    await Promise.all(redis.map((client) => client.quit().catch(() => client.disconnect())));
    redis = [];
  });
}
