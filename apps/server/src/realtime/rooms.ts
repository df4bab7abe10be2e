/**
 * Room names of the feed (docs/product/routes-and-roles.md#realtime): every socket of a user joins
 * `user:<id>` on `join-feed`, and `curator:<id>` for each curator the user follows. A new josie goes to its
 * creator's curator room and to the creator's own user room, so a curator also sees their own posts arrive.
 *
 * Every socket also joins, as soon as its handshake is accepted, `session:<id>` of the session its token
 * names and `sessions:<user id>`: the rooms whose sockets are disconnected when that session, or every
 * session of that user, is revoked (decision 0003).
 */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  curator: (curatorId: string) => `curator:${curatorId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  sessionsOf: (userId: string) => `sessions:${userId}`,
};
