import type {
  FeedResponse,
  SearchCuratorsQuery,
  SearchCuratorsResponse,
  SearchJosiesQuery,
} from '@josie/contract';
import type { Db } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import { presentCuratorRecommendation } from '../curators/index.js';
import { presentPresentable, type Viewer } from '../josies/index.js';
import { decodeCuratorCursor, decodeJosieCursor, encodeCuratorCursor, encodeJosieCursor } from './cursor.js';
import {
  addCuratorWords,
  addJosieWords,
  curatorsNamedBy,
  refreshSearchWords,
  type SearchJosieRow,
  searchCuratorRows,
  searchJosieRows,
  type TermGroup,
  TIERS,
  type Tier,
  tsquery,
  wordFacts,
} from './queries.js';
import { genreSpans, hebrewForms, queryWords } from './terms.js';

/** A known word suggested for a misspelt one is searched only if it is plain letters and digits. */
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;

/** The shortest last word searched as the beginning of words too: "Ma", "מא". */
const MIN_PREFIX = 2;

/**
 * Search (docs/decisions/0021-search-in-postgresql.md): published josies and live curators, in PostgreSQL's
 * full-text search with pg_trgm for typos. The routes and the rest of the app know only this interface
 * (`searchJosies`, `searchCurators`, `refreshWords`), so a dedicated engine could stand behind it instead.
 */
export function createSearchService(deps: { db: Db }) {
  const { db } = deps;

  /**
   * The word groups of `q`, or null when it holds no word (docs/decisions/0021-search-in-postgresql.md).
   * Each word matches as typed, by its English stem, by its Hebrew forms (without one-letter prefixes,
   * without a plural or construct ending) and, when no indexed text holds it, by the nearest known words; a
   * run of words naming a seed genre ("ג'אז", "היפ הופ") is one group that matches any of the genre's names;
   * the last word (2 letters or more) also matches the words it begins, as people type. English stop words
   * are left out unless the query has nothing else. One statement here, the search itself after.
   */
  async function termsOf(q: string): Promise<TermGroup[] | null> {
    const words = queryWords(q);
    if (words.length === 0) return null;
    const facts = await wordFacts(db, words);
    const meaningful = facts.filter((f) => !f.stop);
    const kept = meaningful.length > 0 ? meaningful : facts;
    const last = words.at(-1);
    const groups: TermGroup[] = [];
    const spans = genreSpans(kept.map((f) => f.word));
    for (let i = 0; i < kept.length; ) {
      const span = spans.find((s) => s.start === i);
      if (span) {
        const named = kept.slice(i, i + span.length).map((f) => f.word);
        groups.push({ word: named.join(' '), forms: span.names, prefix: false });
        i += span.length;
        continue;
      }
      const f = kept[i]!;
      groups.push({
        word: f.word,
        forms: [...hebrewForms(f.word), ...f.similar.filter((w) => PLAIN_WORD.test(w))],
        prefix: f.word === last && [...f.word].length >= MIN_PREFIX,
      });
      i += 1;
    }
    return groups;
  }

  return {
    /**
     * `GET /api/search/josies`: published josies matching `q` (and tagged `genre`, any case, when given),
     * those matching by title, genres, items or curator before those matching by text alone, the newest
     * first within each, in the feed's shape with the viewer's likes, saves
     * and abilities; never, for a signed-in `viewer`, the josies of a curator they blocked or that blocked
     * them (docs/decisions/0048-blocking-and-muting.md). An empty `q` without `genre` is an empty page; `genre` alone lists that genre, newest
     * first.
     * @throws AppError 400 'Invalid cursor' for a cursor this server did not write.
     */
    async searchJosies(viewer: Viewer, query: SearchJosiesQuery): Promise<FeedResponse> {
      const after = query.cursor ? decodeJosieCursor(query.cursor) : null;
      const groups = await termsOf(query.q);
      if (groups === null && query.genre === undefined) {
        return { data: { posts: [], hasMore: false, nextCursor: null } };
      }
      const tiers: Tier[] = groups === null ? [TIERS.all] : [TIERS.head, TIERS.text];
      if (after && !tiers.includes(after.score as Tier)) throw errors.badRequest('Invalid cursor');
      // Tier by tier, best first; a page that ends one tier goes on with the next (two statements).
      const terms = groups === null ? null : { groups, named: await curatorsNamedBy(db, groups) };
      const rows: (SearchJosieRow & { tier: Tier })[] = [];
      for (const tier of tiers) {
        if (after && tier > after.score) continue;
        const take = query.limit + 1 - rows.length;
        if (take <= 0) break;
        const found = await searchJosieRows(db, {
          query: terms,
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
     * josie search), best match first, with bio and follower count; never, for a signed-in `viewer`, one
     * they blocked or that blocked them (docs/decisions/0048-blocking-and-muting.md). An empty `q` is an
     * empty page.
     * @throws AppError 400 'Invalid cursor' for a cursor this server did not write.
     */
    async searchCurators(viewer: Viewer, query: SearchCuratorsQuery): Promise<SearchCuratorsResponse> {
      const after = query.cursor ? decodeCuratorCursor(query.cursor) : null;
      const groups = await termsOf(query.q);
      if (groups === null) return { data: { curators: [], hasMore: false, nextCursor: null } };
      const rows = await searchCuratorRows(db, {
        query: tsquery(groups),
        after,
        take: query.limit + 1,
        viewerId: viewer?.id ?? null,
      });
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
     * Makes the dictionary of known words that typo tolerance looks up again from every published josie and
     * live curator, dropping the words no longer anywhere (the `search.refreshWords` job). New words reach
     * it at once through {@link addJosieWords} and {@link addCuratorWords}; this catches what they missed.
     */
    refreshWords: (): Promise<void> => refreshSearchWords(db),

    /**
     * Adds the words of a josie just published to the dictionary, so that a new word's misspellings are
     * forgiven at once rather than after the next refresh (decision 0021); run after the publication
     * commits (`josie.published`). Nothing for a josie that is not published.
     */
    addJosieWords: (josieId: string): Promise<void> => addJosieWords(db, josieId),

    /**
     * Adds the words of a curator's name to the dictionary after it changed or the user became a curator
     * (`user.profile-changed`, `user.role-changed`). Nothing for a user who is not a live curator.
     */
    addCuratorWords: (userId: string): Promise<void> => addCuratorWords(db, userId),
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
