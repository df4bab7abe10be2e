import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { josies } from '../db/schema.js';
import { presentJosiesFor } from '../modules/josies/index.js';
import { rooms } from './rooms.js';
import type { RealtimeServer } from './socket.js';

/**
 * Least time between two `comments-changed` of one josie sent from this instance (ms;
 * docs/decisions/0049-comment-notifications-and-live-visitors.md): the first change is sent at once, later
 * ones within the interval become one message with the latest count at its end. A page only offers "Show N
 * new comments", so a storm of comments costs each watching socket one message a second, not one per comment.
 */
export const COMMENTS_CHANGED_INTERVAL_MS = 1000;

/**
 * Calls `send(josieId, count)` at once for a josie's first change, then at most once per `intervalMs` with
 * the latest count received meanwhile (nothing when none came). `stop` drops what is pending.
 */
function coalescedPerJosie(send: (josieId: string, count: number) => void, intervalMs: number) {
  const windows = new Map<string, { latest: number | null; timer: NodeJS.Timeout }>();
  const open = (josieId: string) => {
    const window = {
      latest: null as number | null,
      timer: setTimeout(function close() {
        if (window.latest === null) {
          windows.delete(josieId);
          return;
        }
        send(josieId, window.latest);
        window.latest = null;
        window.timer = setTimeout(close, intervalMs).unref();
      }, intervalMs).unref(),
    };
    windows.set(josieId, window);
  };
  return {
    push(josieId: string, count: number) {
      const window = windows.get(josieId);
      if (window) {
        window.latest = count;
        return;
      }
      send(josieId, count);
      open(josieId);
    },
    stop() {
      for (const window of windows.values()) clearTimeout(window.timer);
      windows.clear();
    },
  };
}

/**
 * Turns domain events into socket traffic (docs/product/routes-and-roles.md#realtime;
 * docs/product/rules-and-limits.md#feed): a published josie is emitted as `new-post` to its creator's rooms,
 * an unpublished one as `post-removed`, a notification as `notification` to its recipient's inbox room (joined on
 * connection), and a follow or unfollow moves the follower's feed sockets (the user room, joined by
 * `join-feed`) in or out of the curator's room, and a revoked session (logout) or a user's revoked sessions (password reset, role
 * change, deletion) are told `session-ended` and disconnected; a josie's comment count goes to its page's
 * readers, at most once a second. With the Redis adapter the room operations reach every
 * instance, so each instance only handles the events raised on it.
 *
 * @returns a function that unsubscribes every listener.
 */
export function subscribeFanout(
  io: RealtimeServer,
  ctx: Pick<AppContext, 'bus' | 'db'>,
  commentsIntervalMs = COMMENTS_CHANGED_INTERVAL_MS,
): () => void {
  const commentCounts = coalescedPerJosie((josieId, commentCount) => {
    io.to(rooms.josie(josieId)).emit('comments-changed', { josieId, commentCount });
  }, commentsIntervalMs);
  const unsubscribers = [
    ctx.bus.subscribe('josie.published', async ({ josieId }) => {
      // Read after the commit that raised the event; a josie unpublished meanwhile is not announced.
      const [row] = await ctx.db
        .select()
        .from(josies)
        .where(and(eq(josies.id, josieId), eq(josies.status, 'published')));
      if (!row) return;
      // One shape for every receiver: as a visitor sees it (no review history, likedByMe and abilities
      // false); a receiver who may edit or review it reads the josie itself.
      const [post] = await presentJosiesFor(ctx.db, [row], null);
      if (!post) return;
      io.to([rooms.curator(row.creatorId), rooms.user(row.creatorId)]).emit('new-post', post);
    }),
    ctx.bus.subscribe('josie.unpublished', ({ josieId, creatorId }) => {
      io.to([rooms.curator(creatorId), rooms.user(creatorId)]).emit('post-removed', {
        _id: josieId,
        creatorId,
      });
    }),
    ctx.bus.subscribe('follow.changed', ({ followerId, curatorId, following }) => {
      const sockets = io.in(rooms.user(followerId));
      if (following) sockets.socketsJoin(rooms.curator(curatorId));
      else sockets.socketsLeave(rooms.curator(curatorId));
    }),
    // The notifications centre (docs/decisions/0024-notifications-centre.md): to the recipient's inbox room.
    ctx.bus.subscribe('notification.changed', ({ userId, notification, unreadCount }) => {
      io.to(rooms.inbox(userId)).emit('notification', { notification, unreadCount });
    }),
    // At most one message a second per josie ({@link COMMENTS_CHANGED_INTERVAL_MS}): posting does not slow
    // with the page's readers (docs/performance.md, "Comments").
    ctx.bus.subscribe('comments.changed', ({ josieId, commentCount }) =>
      commentCounts.push(josieId, commentCount),
    ),
    ctx.bus.subscribe('notifications.read', ({ userId, unreadCount }) => {
      io.to(rooms.inbox(userId)).emit('notifications-read', { unreadCount });
    }),
    // A revoked session's sockets are told (the page signs out at once) and stop receiving the feed, on
    // every instance (decision 0003). The emit goes first: both travel through the same Redis connection in
    // order, and a socket's buffered packets are flushed before its transport closes.
    ctx.bus.subscribe('session.revoked', ({ sessionId }) => {
      io.to(rooms.session(sessionId)).emit('session-ended');
      io.in(rooms.session(sessionId)).disconnectSockets(true);
    }),
    ctx.bus.subscribe('user.sessions-revoked', ({ userId }) => {
      io.to(rooms.sessionsOf(userId)).emit('session-ended');
      io.in(rooms.sessionsOf(userId)).disconnectSockets(true);
    }),
  ];
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
    commentCounts.stop();
  };
}
