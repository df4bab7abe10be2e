import { type FeedQuery, type FeedResponse, LIMITS } from '@josie/contract';
import { validate as isUuid } from 'uuid';
import type { Db } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { presentPresentable } from '../josies/index.js';
import type { UsersService } from '../users/index.js';
import { decodeCursor, encodeCursor, type Keyset } from './cursor.js';
import { type JosieRowAt, newestPublishedAt, prepareFeedQueries } from './queries.js';

/** Page size of every feed (docs/product/routes-and-roles.md#api); tests pass other sizes to show the query count does not depend on it. */
export const FEED_PAGE_SIZE = LIMITS.feedPageSize;

type PageReader = (after: Keyset | null, take: number) => Promise<JosieRowAt[]>;

/**
 * Feeds with keyset cursors (docs/product/rules-and-limits.md#feed; docs/product/routes-and-roles.md#api,
 * docs/product/differences.md#feed-content, docs/product/differences.md#saved-josies). A page is one prepared
 * statement that also reads each josie's creator and the viewer's likes and saves, whatever its size, plus
 * one query for review histories when the viewer may see some (the josie's creator, editors and admins).
 */
export function createFeedService(deps: { db: Db; users: Pick<UsersService, 'findById'> }) {
  const { db, users } = deps;
  const pages = prepareFeedQueries(db);

  async function page(
    viewer: AuthUser,
    query: FeedQuery,
    read: PageReader,
    size: number,
  ): Promise<FeedResponse> {
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const rows = await read(after, size + 1);
    const hasMore = rows.length > size;
    const shown = hasMore ? rows.slice(0, size) : rows;
    const last = shown.at(-1);
    return {
      data: {
        posts: await presentPresentable(db, shown, viewer),
        hasMore,
        nextCursor: hasMore && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
      },
    };
  }

  return {
    /**
     * When the newest published josie of `creatorIds` was published, or null for none: what a socket that
     * joined the feed is told, to know whether its first page is still current (realtime/socket.ts).
     */
    newestPublishedAt: (creatorIds: readonly string[]): Promise<Date | null> =>
      newestPublishedAt(db, creatorIds),
    /**
     * `GET /api/josies/feed`: published josies of the curators the viewer follows and the viewer's own,
     * newest first.
     * @throws AppError 400 for a cursor this server did not write.
     */
    following(viewer: AuthUser, query: FeedQuery, size: number = FEED_PAGE_SIZE): Promise<FeedResponse> {
      return page(viewer, query, (after, take) => pages.following(viewer.id, viewer.id, after, take), size);
    },

    /**
     * `GET /api/josies/curator/{curatorId}/feed`: one creator's published josies, newest first.
     * @throws AppError 404 'Curator not found' for an unknown, deleted or malformed id; 400 for a bad cursor.
     */
    async curator(
      viewer: AuthUser,
      curatorId: string,
      query: FeedQuery,
      size: number = FEED_PAGE_SIZE,
    ): Promise<FeedResponse> {
      if (!isUuid(curatorId)) throw errors.notFound('Curator not found');
      const [creator, result] = await Promise.all([
        users.findById(curatorId),
        page(viewer, query, (after, take) => pages.creator(curatorId, viewer.id, after, take), size),
      ]);
      if (!creator) throw errors.notFound('Curator not found');
      return result;
    },

    /**
     * `GET /api/josies/saved`: the viewer's saved josies that are still published, most recently saved first.
     * @throws AppError 400 for a bad cursor.
     */
    saved(viewer: AuthUser, query: FeedQuery, size: number = FEED_PAGE_SIZE): Promise<FeedResponse> {
      return page(viewer, query, (after, take) => pages.saved(viewer.id, viewer.id, after, take), size);
    },
  };
}
export type FeedService = ReturnType<typeof createFeedService>;
