import { type FeedQuery, type FeedResponse, GENRES, type Josie } from '@josie/contract';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import type { ExploreLists, ReadCaches } from '../../reads/read-caches.js';
import { presentCuratorRecommendation } from '../curators/index.js';
import { decodeCursor, encodeCursor } from '../feed/index.js';
import { findPresentableJosies, presentPresentable, type Viewer } from '../josies/index.js';
import {
  blockedEitherWay,
  type GenreCounts,
  genreFeedRows,
  genreRowIds,
  liveGenreName,
  newestCurators,
  publishedGenreCounts,
  readInOrder,
  trendingIds,
} from './queries.js';

/**
 * How long an instance keeps the genre counts that choose each genre read's plan (ms): they change slowly,
 * and a stale count only picks a slower plan, never a wrong answer (docs/decisions/0023-explore-and-taste.md).
 */
export const GENRE_COUNTS_TTL_MS = 10 * 60_000;

/** Sizes of the explore page's lists (docs/decisions/0023-explore-and-taste.md). */
export const EXPLORE_SIZES = {
  /** Trending josies shown. */
  trending: 8,
  /** Newest josies per genre row. */
  perGenre: 4,
  /** Newest curators shown. */
  newCurators: 8,
  /**
   * Newest curators kept in the shared list: more than are shown, so that a reader who blocked some, or was
   * blocked by them (decision 0048), still sees a full row.
   */
  newCuratorsKept: 16,
  /** A genre page: the feed's page size. */
  genrePage: 20,
} as const;

/**
 * The names a genre page looks for on josies, which store a genre in the catalogue's spelling of the time
 * (docs/decisions/0020-genres-on-josies.md): the live entry's spelling when `name` is live (compared
 * case-insensitively); otherwise (a genre removed since, or unknown) `name` as given, in lower case, upper
 * case and capitalised words, and the seed catalogue's spelling. So a removed genre is found in its stored
 * spelling and in the usual case variants, always through an index: comparing every stored name
 * case-insensitively read every published josie (4.5 s on the large set for an unknown name;
 * docs/performance.md#explore).
 */
export function genreSpellings(name: string, live: string | undefined): string[] {
  if (live) return [...new Set([live, name])];
  const lower = name.toLowerCase();
  const words = lower.replace(
    /(^|[\s&/-])(\p{L})/gu,
    (_, before: string, letter: string) => before + letter.toUpperCase(),
  );
  const seed = GENRES.find((g) => g.toLowerCase() === lower);
  return [...new Set([name, lower, name.toUpperCase(), words, ...(seed ? [seed] : [])])];
}

/**
 * The explore page and its genre pages (docs/decisions/0023-explore-and-taste.md): public reads of
 * published josies only. The page's lists are the same for every reader and come from the read cache
 * ({@link ReadCaches.exploreLists}); each josie in them is presented per reader (marks and abilities) from
 * the cached josie reads, falling back to one statement for the josies the cache does not serve (the
 * reader's own, or every one for a reviewer, who sees review histories).
 */
export function createExploreService(deps: { db: Db; reads: ReadCaches }) {
  const { db, reads } = deps;
  // One entry; after `ttl` the stale counts are served while a fresh read runs (one at a time).
  const genreCounts = new LRUCache<'all', GenreCounts>({
    max: 1,
    ttl: GENRE_COUNTS_TTL_MS,
    allowStale: true,
    fetchMethod: () => publishedGenreCounts(db),
  });
  const counts = async () => (await genreCounts.fetch('all'))!;

  async function loadLists(): Promise<ExploreLists> {
    const [trending, genres, curators] = await Promise.all([
      trendingIds(db, EXPLORE_SIZES.trending),
      counts().then((c) => genreRowIds(db, EXPLORE_SIZES.perGenre, c)),
      newestCurators(db, EXPLORE_SIZES.newCuratorsKept),
    ]);
    return { trending, genres, newCurators: curators.map(presentCuratorRecommendation) };
  }

  /** Each published josie of `ids` as `viewer` sees it, serialized; unpublished ones since are left out. */
  async function presentIds(viewer: Viewer, ids: readonly string[]): Promise<Map<string, string>> {
    const json = await reads.josieList(viewer, ids);
    const missing = ids.filter((id) => !json.has(id));
    const rows = await findPresentableJosies(db, missing, viewer?.id ?? null);
    for (const josie of await presentPresentable(db, rows, viewer))
      json.set(josie._id, JSON.stringify(josie));
    return json;
  }

  return {
    /**
     * `GET /api/explore` as JSON (the contract's `ExploreResponse`): `trending` (published josies liked in
     * the last 7 days, by `likes_7d / (age_hours + 2) ^ 1.5`), one row per live genre with published
     * josies (its newest {@link EXPLORE_SIZES.perGenre}, genres by name), and the newest curators with a
     * published josie. Without the curators a signed-in reader blocked or that blocked them, nor their
     * josies (decision 0048; one statement beside the shared lists): a row may then show fewer, and a genre
     * row left empty is left out. Built as text from the cached josie JSON, so that no josie is
     * serialized again.
     */
    async explore(viewer: Viewer): Promise<string> {
      const lists = await reads.exploreLists(loadLists);
      const ids = new Set([...lists.trending, ...lists.genres.flatMap((g) => g.ids)]);
      const [json, blocked] = await Promise.all([
        presentIds(viewer, [...ids]),
        viewer ? blockedEitherWay(db, viewer.id).then((found) => new Set(found)) : null,
      ]);
      const newCurators = lists.newCurators
        .filter((curator) => !blocked?.has(curator._id))
        .slice(0, EXPLORE_SIZES.newCurators);
      // The josies of a curator on either side of a block: read for a reader with blocks only (most have
      // none), from the few josies shown.
      if (blocked?.size) {
        for (const [id, text] of json) {
          const creator = (JSON.parse(text) as Josie).creator?._id;
          if (creator && blocked.has(creator)) json.delete(id);
        }
      }
      const posts = (of: readonly string[]) =>
        `[${of.flatMap((id) => (json.has(id) ? [json.get(id)] : [])).join(',')}]`;
      const rows = lists.genres
        .filter((g) => g.ids.some((id) => json.has(id)))
        .map((g) => `{"name":${JSON.stringify(g.name)},"posts":${posts(g.ids)}}`);
      return `{"data":{"trending":${posts(lists.trending)},"genres":[${rows.join(',')}],"newCurators":${JSON.stringify(newCurators)}}}`;
    },

    /**
     * `GET /api/explore/genres/{name}`: the published josies tagged `name` (without regard to case for a
     * live genre; a genre removed from the live list still lists its josies: {@link genreSpellings}), newest
     * first, 20 a page, keyset on `(published_at, id)` with the feed's opaque cursor; for a signed-in reader,
     * not the josies of a curator on either side of a block with them (decision 0048), inside the page's read
     * so the page stays full. A live genre without
     * josies answers an empty page; a name that is neither live nor on any published josie is no genre.
     * @throws AppError 404 'Genre not found' for a name that is neither live nor on a published josie; 400
     *   'Invalid cursor' for a cursor this server did not write.
     */
    async genre(
      viewer: Viewer,
      name: string,
      query: FeedQuery,
      size: number = EXPLORE_SIZES.genrePage,
    ): Promise<FeedResponse> {
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const [live, tags] = await Promise.all([liveGenreName(db, name), counts()]);
      const spellings = genreSpellings(name, live);
      const tagged = spellings.reduce((sum, s) => sum + (tags.byName.get(s) ?? 0), 0);
      const rows = await genreFeedRows(
        db,
        { spellings, inOrder: readInOrder(tagged, tags.total, size + 1) },
        viewer?.id ?? null,
        after,
        size + 1,
      );
      if (rows.length === 0 && after === null && live === undefined) throw errors.notFound('Genre not found');
      const hasMore = rows.length > size;
      const shown = hasMore ? rows.slice(0, size) : rows;
      const last = shown.at(-1);
      const posts: Josie[] = await presentPresentable(db, shown, viewer);
      return {
        data: {
          posts,
          hasMore,
          nextCursor: hasMore && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
        },
      };
    },
  };
}
export type ExploreService = ReturnType<typeof createExploreService>;
