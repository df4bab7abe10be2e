import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { josies } from '../db/schema.js';
import { presentJosiesFor } from '../modules/josies/index.js';
import { rooms } from './rooms.js';
import type { RealtimeServer } from './socket.js';

/**
 * Turns domain events into socket traffic (docs/product/routes-and-roles.md#realtime;
 * docs/product/rules-and-limits.md#feed): a published josie is emitted as `new-post` to its creator's rooms,
 * an unpublished one as `post-removed`, a notification as `notification` to its recipient's inbox room (joined on
 * connection), and a follow or unfollow moves the follower's feed sockets (the user room, joined by
 * `join-feed`) in or out of the curator's room, and a revoked session (logout) or a user's revoked sessions (password reset, role
 * change, deletion) are told `session-ended` and disconnected. With the Redis adapter the room operations reach every
 * instance, so each instance only handles the events raised on it.
 *
 * @returns a function that unsubscribes every listener.
 */
export function subscribeFanout(io: RealtimeServer, ctx: Pick<AppContext, 'bus' | 'db'>): () => void {
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
    ctx.bus.subscribe('comments.changed', ({ josieId, commentCount }) => {
      io.to(rooms.josie(josieId)).emit('comments-changed', { josieId, commentCount });
    }),
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
  };
}
