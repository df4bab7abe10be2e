import { type FeedQuery, type FeedResponse, LIMITS } from '@josie/contract';
import { validate as isUuid } from 'uuid';
import type { Db } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { ReadCaches } from '../../reads/read-caches.js';
import { findPresentableJosies, isReviewer, presentPresentable, type Viewer } from '../josies/index.js';
import { decodeCursor, encodeCursor, type Keyset } from './cursor.js';
import { type FeedEntryRow, type JosieRowAt, newestPublishedAt, prepareFeedQueries } from './queries.js';
import type { HomeTimelines } from './timelines.js';

/** Page size of every feed (docs/product/routes-and-roles.md#api); tests pass other sizes to show the query count does not depend on it. */
export const FEED_PAGE_SIZE = LIMITS.feedPageSize;

type PageReader = (after: Keyset | null, take: number) => Promise<JosieRowAt[]>;

/** The fixed bytes of a feed page: its opening, the comma between posts, and the reader's two marks. */
const PAGE_OPEN = Buffer.from('{"data":{"posts":[');
const COMMA = Buffer.from(',');
/** A post's closing marks, by `likedByMe * 2 + savedByMe`. */
const MARKS = [
  [false, false],
  [false, true],
  [true, false],
  [true, true],
].map(([liked, saved]) => Buffer.from(`,"likedByMe":${liked},"savedByMe":${saved}}`));

/**
 * Feeds with keyset cursors (docs/product/rules-and-limits.md#feed; docs/product/routes-and-roles.md#api,
 * docs/product/differences.md#feed-content, docs/product/differences.md#saved-josies).
 *
 * The home and curator feeds (docs/decisions/0027-home-timelines.md) read a page's rows (the josie ids, the
 * cursor positions and the viewer's two marks) in one prepared statement, from the reader's home timeline or
 * `josies_feed_idx`, and write each josie from the shared serialized josies of the read caches, with the
 * viewer's marks appended: no per-reader cache, and no josie row decoded or serialized per request. The
 * viewer's own josies come from the read caches as their creator sees them (abilities, review history).
 * Every josie for a reviewer is read and presented from the database, in one statement more. The saved feed is one statement with the josies themselves.
 */
export function createFeedService(deps: {
  db: Db;
  reads: Pick<ReadCaches, 'josieHeads' | 'ownJosieHeads'>;
  timelines: Pick<HomeTimelines, 'page' | 'creatorPage'>;
}) {
  const { db, reads, timelines } = deps;
  const pages = prepareFeedQueries(db);

  /**
   * A page of `rows` (read with one row more than `size`, to tell whether more exist) as the UTF-8 JSON of
   * the contract's {@link FeedResponse}: the cached josies' bytes copied once, not joined as strings and
   * encoded again. A josie unpublished between the rows' read and this one is left out.
   */
  async function writePage(viewer: Viewer, rows: FeedEntryRow[], size: number): Promise<Buffer> {
    const hasMore = rows.length > size;
    const shown = hasMore ? rows.slice(0, size) : rows;
    const last = shown.at(-1);
    const mine = (r: FeedEntryRow) => r.creatorId === viewer?.id;
    const [theirs, ours] = isReviewer(viewer)
      ? [new Map<string, Buffer>(), new Map<string, Buffer>()]
      : await Promise.all([
          reads.josieHeads(shown.filter((r) => !mine(r)).map((r) => r.id)),
          viewer
            ? reads.ownJosieHeads(
                viewer,
                shown.filter(mine).map((r) => r.id),
              )
            : new Map<string, Buffer>(),
        ]);
    const shared = ours.size === 0 ? theirs : new Map([...theirs, ...ours]);
    const own = shown.filter((r) => !shared.has(r.id)).map((r) => r.id);
    const presented = new Map(
      own.length === 0
        ? []
        : (
            await presentPresentable(db, await findPresentableJosies(db, own, viewer?.id ?? null), viewer)
          ).map((josie) => [josie._id, Buffer.from(JSON.stringify(josie))] as const),
    );
    const parts: Buffer[] = [PAGE_OPEN];
    for (const row of shown) {
      const head = shared.get(row.id);
      const josie = head
        ? [head, MARKS[Number(row.likedByMe) * 2 + Number(row.savedByMe)]!]
        : presented.get(row.id);
      if (!josie) continue;
      if (parts.length > 1) parts.push(COMMA);
      if (Array.isArray(josie)) parts.push(...josie);
      else parts.push(josie);
    }
    const nextCursor =
      hasMore && last ? JSON.stringify(encodeCursor({ at: last.cursorAt, id: last.id })) : 'null';
    parts.push(Buffer.from(`],"hasMore":${hasMore},"nextCursor":${nextCursor}}}`));
    return Buffer.concat(parts);
  }

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
     * newest first, from the viewer's home timeline, as the UTF-8 JSON of a {@link FeedResponse}.
     * @throws AppError 400 for a cursor this server did not write.
     */
    async following(viewer: AuthUser, query: FeedQuery, size: number = FEED_PAGE_SIZE): Promise<Buffer> {
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      return writePage(viewer, await timelines.page(viewer.id, after, size + 1), size);
    },

    /**
     * `GET /api/josies/curator/{curatorId}/feed`: one creator's published josies, newest first, as the UTF-8
     * JSON of a {@link FeedResponse}; for a visitor (`viewer` null) too, with both marks false
     * (docs/decisions/0045-public-curator-profiles.md).
     * @throws AppError 404 'Curator not found' for an unknown, deleted or malformed id, or the id of someone
     *   who is not a curator (a listener's id answers as a malformed one does); 400 for a bad cursor.
     */
    async curator(
      viewer: Viewer,
      curatorId: string,
      query: FeedQuery,
      size: number = FEED_PAGE_SIZE,
    ): Promise<Buffer> {
      if (!isUuid(curatorId)) throw errors.notFound('Curator not found');
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const rows = await timelines.creatorPage(curatorId, viewer?.id ?? null, after, size + 1);
      if (!rows) throw errors.notFound('Curator not found');
      return writePage(viewer, rows, size);
    },

    /**
     * `GET /api/josies/saved`: the viewer's saved josies that are still published, most recently saved first.
     * @throws AppError 400 for a bad cursor.
     */
    saved(viewer: AuthUser, query: FeedQuery, size: number = FEED_PAGE_SIZE): Promise<FeedResponse> {
      return page(viewer, query, (after, take) => pages.saved(viewer.id, after, take), size);
    },
  };
}
export type FeedService = ReturnType<typeof createFeedService>;
