import type { Josie } from './josies.js';
import type { Notification } from './notifications.js';

// Realtime (docs/product/routes-and-roles.md#realtime, docs/product/routes-and-roles.md#api). A module
// without zod: the feed's socket imports it, and a constant of a module that also builds schemas would load
// them (and zod) with the feed (docs/performance.md).

/** The socket.io path on the app's own origin. */
export const SOCKET_PATH = '/socket.io';

/**
 * The handshake's `auth`: a signed-in client's session token, or a visitor's `{ visitor: true }`, which may
 * only watch josie pages (`watch-josie`) and hears nothing else
 * (docs/decisions/0049-comment-notifications-and-live-visitors.md). Anything else is refused.
 */
export type SocketAuth = { token: string } | { visitor: true };

/** Visitor sockets one address may hold open on one instance (decision 0049); more are refused. */
export const MAX_VISITOR_SOCKETS_PER_ADDRESS = 20;

/** A josie that left the feeds (edited back to pending, or deleted): remove it by id (docs/product/rules-and-limits.md#feed). */
export interface PostRemoved {
  _id: string;
  creatorId: string;
}

/**
 * A notification created or changed (a grouped entry gained an actor), sent to the recipient's user room on
 * every instance, with the recipient's unread count after it (docs/decisions/0024-notifications-centre.md).
 */
export interface NotificationEvent {
  notification: Notification;
  unreadCount: number;
}

/** The caller's unread count changed without a new notification (read on another tab or device). */
export interface UnreadCountEvent {
  unreadCount: number;
}

/**
 * A josie's comments changed (one posted or deleted): its live comment count after it, sent to the sockets
 * watching that josie's page, on every instance (docs/decisions/0046-comments.md).
 */
export interface CommentsChanged {
  josieId: string;
  commentCount: number;
}

/** Events the server sends. */
export interface ServerToClientEvents {
  /** A josie of a followed curator (or the user's own) was published; the feed-shaped josie. */
  'new-post': (post: Josie) => void;
  /** A josie left the published state. */
  'post-removed': (post: PostRemoved) => void;
  /** A notification for the socket's user ({@link NotificationEvent}). */
  notification: (event: NotificationEvent) => void;
  /** The socket's user read notifications elsewhere ({@link UnreadCountEvent}). */
  'notifications-read': (event: UnreadCountEvent) => void;
  /**
   * The socket's session was revoked (a password change or reset, "sign out everywhere else", a revoked
   * session, an account deleted or its role changed): sent just before the server closes the socket, so the
   * client signs out at once rather than on its next request (docs/decisions/0003-sessions-behind-jwts.md).
   */
  'session-ended': () => void;
  /** A watched josie's comments changed ({@link CommentsChanged}; `watch-josie`). */
  'comments-changed': (event: CommentsChanged) => void;
}

/** What `join-feed` acknowledges. */
export interface JoinFeedAck {
  /** The curator rooms the socket joined. */
  curators: string[];
  /**
   * When the newest josie of the caller's home feed was published (ISO 8601, ms), read once the rooms
   * were joined; null when the feed is empty. A client showing a feed whose newest post is this recent
   * missed nothing before the join: every later post reaches the socket.
   */
  latest: string | null;
}

/** Events the client sends. */
export interface ClientToServerEvents {
  /**
   * Joins the caller's feed rooms (own user room, one room per followed curator); sent on connect and on
   * every reconnect. The user id comes from the handshake token: a different `userId` is ignored. The
   * optional acknowledgement says which curator rooms were joined.
   */
  'join-feed': (userId?: string, ack?: (joined: JoinFeedAck) => void) => void;
  /**
   * Hears `comments-changed` of a josie while its page is open (docs/decisions/0046-comments.md); sent on
   * every (re)connection for each page still open. A socket watches a few josies at most. The optional
   * acknowledgement says whether the socket now watches it (false: not a josie id, or too many watched).
   */
  'watch-josie': (josieId: string, ack?: (watching: boolean) => void) => void;
  /** Stops hearing a josie's `comments-changed` (its page closed). */
  'unwatch-josie': (josieId: string) => void;
}
