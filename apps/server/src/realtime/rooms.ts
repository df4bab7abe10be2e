/**
 * Room names of the feed (docs/product/routes-and-roles.md#realtime): every socket of a user joins
 * `user:<id>` on `join-feed`, and `curator:<id>` for each curator the user follows. A new josie goes to its
 * creator's curator room and to the creator's own user room, so a curator also sees their own posts arrive.
 *
 * Every socket also joins, as soon as its handshake is accepted, `session:<id>` of the session its token
 * names and `sessions:<user id>`: the rooms whose sockets are disconnected when that session, or every
 * session of that user, is revoked (decision 0003), and `inbox:<user id>`: the notifications centre's
 * events (`notification`, `notifications-read`), which the header's bell hears on every page. Not `user:<id>`:
 * a follow moves that room's sockets into curator rooms, which only feed pages asked for
 * (docs/decisions/0024-notifications-centre.md). A socket joins `josie:<id>` while that josie's page is open
 * (`watch-josie`), to hear its comments change.
 */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  curator: (curatorId: string) => `curator:${curatorId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  sessionsOf: (userId: string) => `sessions:${userId}`,
  inbox: (userId: string) => `inbox:${userId}`,
  /** The readers of a josie's page, who hear its `comments-changed` (docs/decisions/0046-comments.md). */
  josie: (josieId: string) => `josie:${josieId}`,
};

/** Josies one socket may watch at once (`watch-josie`): a page watches one, a few tabs share no socket. */
export const MAX_WATCHED_JOSIES = 5;
