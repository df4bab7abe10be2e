import {
  type ClientToServerEvents,
  type JoinFeedAck,
  LIMITS,
  type ServerToClientEvents,
  SOCKET_PATH,
  type SocketAuth,
} from '@josie/contract';
import type { Socket } from 'socket.io-client';
import { readStoredSession } from '../session/storage';
import { subscribeSession } from '../session/store';

/** The typed client socket: events of the contract's maps only (docs/ARCHITECTURE.md#practices). */
export type FeedSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A server event the app listens to. */
export type FeedEvent = keyof ServerToClientEvents;

/** The text logged when a subscriber asks for the socket without a session (docs/product/messages.md#feed-and-curators). */
export const NO_TOKEN_WARNING = 'No auth token available for socket connection';

/** One subscription; a record of its own, so one handler subscribed twice is also unsubscribed twice. */
type Listener<E extends FeedEvent> = { handler: ServerToClientEvents[E] };

/** socket.io's client module, or a stand-in with the same `io` (tests: `realtime/testing.ts`). */
export type SocketClientModule = { io: typeof import('socket.io-client').io };

/**
 * The app's one feed socket and its subscriptions ({@link createFeedSocket}): components reach it through
 * `FeedSocketProvider` (`useFeedEvents.ts`), so a test hands them one built on a stand-in client.
 */
export interface FeedSocketHub {
  /**
   * Listens to a server event on the feed socket, connecting it for the first subscriber (without a
   * stored token it connects as a visitor while a josie page is watched, and otherwise logs
   * {@link NO_TOKEN_WARNING} and does not connect) and disconnecting it when the last one leaves. While anyone listens, the connection follows the session: logout (here or in another tab)
   * disconnects it and a new sign-in reconnects with the new token.
   * @returns the unsubscribe function.
   */
  subscribeFeedEvent<E extends FeedEvent>(event: E, handler: ServerToClientEvents[E]): () => void;
  /**
   * Calls `listener` each time the feed socket has (re)joined the feed's rooms: from then on every new
   * post reaches this client, so a feed can catch up with what it may have missed before (while the page
   * loaded, or while the connection was lost). It does not hold the socket: a feed subscribing to events
   * does.
   * @returns the unsubscribe function.
   */
  subscribeFeedJoined(listener: (joined: Partial<JoinFeedAck>) => void): () => void;
  /**
   * Hears `comments-changed` of `josieId` while its page is open (docs/decisions/0046-comments.md): asks the
   * server to `watch-josie` now if connected and on every (re)connection, until the answered function stops
   * it (`unwatch-josie`). It does not hold the socket: a subscriber to `comments-changed` does. Without a
   * session that subscriber's socket is a visitor's, which may only watch josie pages
   * (docs/decisions/0049-comment-notifications-and-live-visitors.md): watch first, then subscribe.
   * @returns the unwatch function.
   */
  watchJosie(josieId: string): () => void;
  /** The live connection, if any (for diagnostics and tests). */
  currentFeedSocket(): FeedSocket | null;
}

/**
 * A feed socket hub whose connections are made with the `io` of the module `loadClient` answers (the app:
 * socket.io's client, loaded with the first connection and not with the feed's code, ~13 KB gzip that the
 * feed's first task need not evaluate: docs/performance.md; a failed load is retried a few times, a second
 * apart, as socket.io itself retries a lost connection). Connections follow
 * docs/product/rules-and-limits.md#feed, docs/product/routes-and-roles.md#api: see {@link FeedSocketHub}.
 */
export function createFeedSocket(loadClient: () => Promise<SocketClientModule>): FeedSocketHub {
  const listeners: { [E in FeedEvent]: Set<Listener<E>> } = {
    'new-post': new Set(),
    'post-removed': new Set(),
    notification: new Set(),
    'notifications-read': new Set(),
    'session-ended': new Set(),
    'comments-changed': new Set(),
  };
  /** The josies whose pages are open, with how many of them (two components may watch one josie). */
  const watched = new Map<string, number>();
  /** Called each time the server confirmed `join-feed`: on the first connection and after each reconnection. */
  const joinedListeners = new Set<(joined: Partial<JoinFeedAck>) => void>();
  let subscribers = 0;
  /**
   * The connection for `token` (null: a visitor's, decision 0049); `socket` is null while socket.io's
   * client is still loading.
   */
  let connection: { socket: FeedSocket | null; token: string | null } | null = null;
  let stopWatchingSession: (() => void) | null = null;
  /** Failed loads of socket.io's client in a row. */
  let loadFailures = 0;
  let client: Promise<SocketClientModule> | null = null;

  /** socket.io's client, loaded once (again after a failed load). */
  function loadOnce(): Promise<SocketClientModule> {
    client ??= loadClient().catch((error: unknown) => {
      client = null;
      throw error;
    });
    return client;
  }

  /**
   * Opens the shared connection for the stored session (docs/product/rules-and-limits.md#feed,
   * docs/product/routes-and-roles.md#api): `/socket.io`, websocket first with a polling fallback, credentials
   * sent, the token in the handshake `auth` (a visitor's `{ visitor: true }` without a session), a connection
   * of its own (`forceNew`), 5 reconnection attempts 1000 ms apart. `join-feed` is sent on every `connect`
   * (not by a visitor), which socket.io fires for the first connection and again after each reconnection,
   * so the rooms (lost with the old server-side socket) are always rejoined.
   */
  function open(io: SocketClientModule['io'], token: string | null, userId: string | null): FeedSocket {
    const auth: SocketAuth = token === null ? { visitor: true } : { token };
    const socket: FeedSocket = io({
      path: SOCKET_PATH,
      transports: ['websocket', 'polling'],
      withCredentials: true,
      auth,
      forceNew: true,
      reconnectionAttempts: LIMITS.socketReconnectionAttempts,
      reconnectionDelay: LIMITS.socketReconnectionDelayMs,
    });
    socket.on('connect', () => {
      if (userId !== null) {
        socket.emit('join-feed', userId, (joined) => {
          for (const listener of joinedListeners) listener(joined);
        });
      }
      // The rooms went with the old server-side socket: the open josie pages watch again.
      for (const josieId of watched.keys()) socket.emit('watch-josie', josieId);
    });
    socket.on('connect_error', (error) => console.warn('Feed socket could not connect', error.message));
    socket.on('new-post', (post) => {
      for (const listener of listeners['new-post']) listener.handler(post);
    });
    socket.on('notification', (event) => {
      for (const listener of listeners.notification) listener.handler(event);
    });
    socket.on('notifications-read', (event) => {
      for (const listener of listeners['notifications-read']) listener.handler(event);
    });
    socket.on('post-removed', (post) => {
      for (const listener of listeners['post-removed']) listener.handler(post);
    });
    socket.on('comments-changed', (event) => {
      for (const listener of listeners['comments-changed']) listener.handler(event);
    });
    socket.on('session-ended', () => {
      for (const listener of listeners['session-ended']) listener.handler();
    });
    return socket;
  }

  function close(): void {
    connection?.socket?.disconnect();
    connection = null;
  }

  /**
   * Makes the connection match the stored session: none when signed out (logout closes it) unless a josie
   * page is watched (a visitor's then, decision 0049), a new one when another user signed in, the existing
   * one otherwise (docs/product/rules-and-limits.md#feed "an existing connection is reused"). A connection
   * closed or replaced while the client loads is not opened. Answers whether a connection is wanted.
   */
  function sync(): boolean {
    const state = readStoredSession();
    const signedIn = state.status === 'valid';
    if (!signedIn && watched.size === 0) {
      close();
      return false;
    }
    const token = signedIn ? state.session.token : null;
    const userId = signedIn ? state.session.user.id : null;
    if (connection && connection.token === token) return true;
    close();
    const current: NonNullable<typeof connection> = { socket: null, token };
    connection = current;
    loadOnce().then(
      ({ io }) => {
        loadFailures = 0;
        if (connection === current) current.socket = open(io, token, userId);
      },
      (error: unknown) => {
        console.warn('Feed socket could not load', error);
        if (connection !== current) return;
        connection = null;
        loadFailures += 1;
        if (loadFailures > LIMITS.socketReconnectionAttempts) return;
        setTimeout(() => {
          if (subscribers > 0) sync();
        }, LIMITS.socketReconnectionDelayMs);
      },
    );
    return true;
  }

  return {
    subscribeFeedEvent(event, handler) {
      const listener = { handler };
      const set = listeners[event] as unknown as Set<typeof listener>;
      set.add(listener);
      subscribers += 1;
      if (subscribers === 1) stopWatchingSession = subscribeSession(sync);
      if (!sync()) console.warn(NO_TOKEN_WARNING);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        set.delete(listener);
        subscribers -= 1;
        if (subscribers > 0) return;
        stopWatchingSession?.();
        stopWatchingSession = null;
        close();
      };
    },
    subscribeFeedJoined(listener) {
      joinedListeners.add(listener);
      return () => joinedListeners.delete(listener);
    },
    watchJosie(josieId) {
      const count = watched.get(josieId) ?? 0;
      watched.set(josieId, count + 1);
      const live = () => (connection?.socket?.connected ? connection.socket : null);
      if (count === 0) live()?.emit('watch-josie', josieId);
      // A visitor listening already gets a socket now that a page is watched.
      if (subscribers > 0 && !connection) sync();
      let watching = true;
      return () => {
        if (!watching) return;
        watching = false;
        const left = (watched.get(josieId) ?? 1) - 1;
        if (left > 0) {
          watched.set(josieId, left);
          return;
        }
        watched.delete(josieId);
        live()?.emit('unwatch-josie', josieId);
        // A visitor's socket serves watched pages only.
        if (connection?.token === null && watched.size === 0) close();
      };
    },
    currentFeedSocket: () => connection?.socket ?? null,
  };
}

/** The app's feed socket, on socket.io's client (loaded with its first connection). */
export const appFeedSocket: FeedSocketHub = createFeedSocket(() => import('socket.io-client'));
