/**
 * Room names of the feed (DESIGN §6): every socket of a user joins `user:<id>` on `join-feed`, and
 * `curator:<id>` for each curator the user follows. A new josie goes to its creator's curator room and to
 * the creator's own user room, so a curator also sees their own posts arrive.
 */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  curator: (curatorId: string) => `curator:${curatorId}`,
};
