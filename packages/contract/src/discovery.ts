/**
 * Discovery: search, the explore page and its genre pages (docs/decisions/0020-genres-on-josies.md,
 * docs/decisions/0021-search-in-postgresql.md). Lists of josies answer the feed's `{data: {posts, hasMore,
 * nextCursor}}` with the feed's post shape, so the web renders them with the feed's cards.
 */
import { z } from 'zod';
import { LIMITS } from './catalogues.js';
import { text } from './common.js';
import { Josie } from './josies.js';
import { CuratorRecommendation } from './social.js';

/**
 * Longest search query the API reads (characters, after trimming). A longer one is refused with 400: a
 * query is a few words, and the cap bounds the work one anonymous request can cause.
 */
export const SEARCH_QUERY_MAX_LENGTH = 100;

/** Most results one search page answers; the header's suggestions ask for fewer. */
export const SEARCH_PAGE_MAX = 20;

/** Longest genre name a query may name (the admin's list allows names this long). */
const GENRE_NAME_MAX_LENGTH = 100;

/** Results per page: the feed's page size unless `limit` asks for fewer (the header asks for 5). */
const SearchLimit = z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(LIMITS.feedPageSize);

/**
 * `GET /api/search/josies?q=&genre=&cursor=&limit=`: published josies matching `q` (title, text, audio and
 * video item names and artists, the curator's name, the genres), relevance first and recency breaking ties,
 * optionally only those tagged `genre`. `q` is plain words: never SQL, never search operators. An empty `q`
 * with no `genre` answers an empty page. `cursor` is opaque (the previous page's `nextCursor`).
 */
export const SearchJosiesQuery = z.object({
  q: text().trim().max(SEARCH_QUERY_MAX_LENGTH).default(''),
  genre: text().trim().min(1).max(GENRE_NAME_MAX_LENGTH).optional(),
  cursor: text().max(200).optional(),
  limit: SearchLimit,
});
export type SearchJosiesQuery = z.infer<typeof SearchJosiesQuery>;

/** `GET /api/search/curators?q=&cursor=&limit=`: curators by name and bio, best match first. */
export const SearchCuratorsQuery = z.object({
  q: text().trim().max(SEARCH_QUERY_MAX_LENGTH).default(''),
  cursor: text().max(200).optional(),
  limit: SearchLimit,
});
export type SearchCuratorsQuery = z.infer<typeof SearchCuratorsQuery>;

/** Answer of `GET /api/search/curators`: curator cards with bio and follower count. */
export const SearchCuratorsResponse = z.object({
  data: z.object({
    curators: z.array(CuratorRecommendation),
    hasMore: z.boolean(),
    nextCursor: text().nullable(),
  }),
});
export type SearchCuratorsResponse = z.infer<typeof SearchCuratorsResponse>;

/** One genre row of the explore page: the genre's name and its newest published josies. */
export const ExploreGenreRow = z.object({ name: text(), posts: z.array(Josie) });
export type ExploreGenreRow = z.infer<typeof ExploreGenreRow>;

/**
 * Answer of `GET /api/explore` (public): `trending` (likes in the last 7 days, decayed by age), one row per
 * live genre that has published josies, and the newest curators.
 */
export const ExploreResponse = z.object({
  data: z.object({
    trending: z.array(Josie),
    genres: z.array(ExploreGenreRow),
    newCurators: z.array(CuratorRecommendation),
  }),
});
export type ExploreResponse = z.infer<typeof ExploreResponse>;

/** `:name` of `GET /api/explore/genres/{name}` (URI-encoded; matched without regard to case). */
export const ExploreGenreParams = z.object({ name: text().trim().min(1).max(GENRE_NAME_MAX_LENGTH) });
export type ExploreGenreParams = z.infer<typeof ExploreGenreParams>;
