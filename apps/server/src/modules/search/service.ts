import type {
  FeedResponse,
  SearchCuratorsQuery,
  SearchCuratorsResponse,
  SearchJosiesQuery,
} from '@josie/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import { presentCuratorRecommendation } from '../curators/index.js';
import { presentPresentable, type Viewer } from '../josies/index.js';
import { decodeCuratorCursor, decodeJosieCursor, encodeCuratorCursor, encodeJosieCursor } from './cursor.js';
import {
  curatorsNamed,
  refreshSearchWords,
  type SearchJosieRow,
  searchCuratorRows,
  searchJosieRows,
  TIERS,
  type Tier,
  tsquery,
  wordFacts,
} from './queries.js';
import { hebrewVariants, queryWords } from './terms.js';

/** A known word suggested for a misspelt one is searched only if it is plain letters and digits. */
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * Search (docs/decisions/0021-search-in-postgresql.md): published josies and live curators, in PostgreSQL's
 * full-text search with pg_trgm for typos. The routes and the rest of the app know only this interface
 * (`searchJosies`, `searchCurators`, `refreshWords`), so a dedicated engine could stand behind it instead.
 */
export function createSearchService(deps: { db: Db }) {
  const { db } = deps;

  /**
   * The tsquery of `q`, or null when it holds no word. Each word matches as typed, by its English stem,
   * without Hebrew one-letter prefixes, and, when no indexed text holds it, by the nearest known words;
   * English stop words are left out unless the query has nothing else. Two queries' worth of work: one
   * statement here, the search itself after.
   */
  async function termsOf(q: string): Promise<SQL | null> {
    const words = queryWords(q);
    if (words.length === 0) return null;
    const facts = await wordFacts(db, words);
    const meaningful = facts.filter((f) => !f.stop);
    return tsquery(
      (meaningful.length > 0 ? meaningful : facts).map((f) => ({
        word: f.word,
        forms: [...hebrewVariants(f.word), ...f.similar.filter((w) => PLAIN_WORD.test(w))],
      })),
    );
  }

  return {
    /**
     * `GET /api/search/josies`: published josies matching `q` (and tagged `genre`, any case, when given),
     * those matching by title, genres, items or curator before those matching by text alone, the newest
     * first within each, in the feed's shape with the viewer's likes, saves
     * and abilities. An empty `q` without `genre` is an empty page; `genre` alone lists that genre, newest
     * first.
     * @throws AppError 400 'Invalid cursor' for a cursor this server did not write.
     */
    async searchJosies(viewer: Viewer, query: SearchJosiesQuery): Promise<FeedResponse> {
      const after = query.cursor ? decodeJosieCursor(query.cursor) : null;
      const terms = await termsOf(query.q);
      if (terms === null && query.genre === undefined) {
        return { data: { posts: [], hasMore: false, nextCursor: null } };
      }
      const tiers: Tier[] = terms === null ? [TIERS.all] : [TIERS.head, TIERS.text];
      if (after && !tiers.includes(after.score as Tier)) throw errors.badRequest('Invalid cursor');
      // Tier by tier, best first; a page that ends one tier goes on with the next (two statements).
      const named = terms === null ? [] : await curatorsNamed(db, terms);
      const rows: (SearchJosieRow & { tier: Tier })[] = [];
      for (const tier of tiers) {
        if (after && tier > after.score) continue;
        const take = query.limit + 1 - rows.length;
        if (take <= 0) break;
        const found = await searchJosieRows(db, {
          query: terms,
          named,
          tier,
          genre: query.genre ?? null,
          after: after && after.score === tier ? after : null,
          take,
          viewerId: viewer?.id ?? null,
        });
        rows.push(...found.map((row) => ({ ...row, tier })));
      }
      const hasMore = rows.length > query.limit;
      const shown = hasMore ? rows.slice(0, query.limit) : rows;
      const last = shown.at(-1);
      return {
        data: {
          posts: await presentPresentable(db, shown, viewer),
          hasMore,
          nextCursor:
            hasMore && last ? encodeJosieCursor({ score: last.tier, at: last.cursorAt, id: last.id }) : null,
        },
      };
    },

    /**
     * `GET /api/search/curators`: live curators whose name or bio matches `q` (the same word rules as the
     * josie search), best match first, with bio and follower count. An empty `q` is an empty page.
     * @throws AppError 400 'Invalid cursor' for a cursor this server did not write.
     */
    async searchCurators(query: SearchCuratorsQuery): Promise<SearchCuratorsResponse> {
      const after = query.cursor ? decodeCuratorCursor(query.cursor) : null;
      const terms = await termsOf(query.q);
      if (terms === null) return { data: { curators: [], hasMore: false, nextCursor: null } };
      const rows = await searchCuratorRows(db, { query: terms, after, take: query.limit + 1 });
      const hasMore = rows.length > query.limit;
      const shown = hasMore ? rows.slice(0, query.limit) : rows;
      const last = shown.at(-1);
      return {
        data: {
          curators: shown.map(presentCuratorRecommendation),
          hasMore,
          nextCursor: hasMore && last ? encodeCuratorCursor({ score: last.score, id: last.id }) : null,
        },
      };
    },

    /**
     * Rebuilds the dictionary of known words that typo tolerance looks up (the `search.refreshWords` job;
     * tests call it after writing josies). Exact words are found without it.
     */
    refreshWords: (): Promise<void> => refreshSearchWords(db),
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
