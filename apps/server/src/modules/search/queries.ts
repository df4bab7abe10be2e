import { and, desc, eq, getTableColumns, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { follows, josies, users } from '../../db/schema.js';
import { curatorColumns } from '../curators/index.js';
import { type PresentableRow, presentationColumns } from '../josies/index.js';
import type { CuratorPosition } from './cursor.js';

// Search reads (docs/decisions/0021-search-in-postgresql.md): this module writes no table; it refreshes its
// materialized view `search_words` (migration 0004_search_in_postgresql). Every value the user typed is a
// bound parameter handed to plainto_tsquery, never SQL or tsquery text.

/** One query word as searched: itself (English stem and bare form) or any of `forms` (bare forms). */
export interface TermGroup {
  word: string;
  forms: string[];
}

/** What the database knows of one query word. */
export interface WordFacts {
  word: string;
  /** An English stop word ("the", "and"): no lexeme in the English configuration. */
  stop: boolean;
  /** Its bare form is in `search_words`, i.e. some published josie or curator name holds it. */
  known: boolean;
  /** For an unknown word of 4 letters or more: up to 3 known words most like it by trigram similarity. */
  similar: string[];
}

/**
 * For each of `words`, whether it is a stop word, whether the index knows it, and, when it does not, the
 * known words nearest to it (pg_trgm's `%`: similarity at least 0.3, e.g. "beatels" finds "beatles"). One
 * statement.
 */
export async function wordFacts(db: Executor, words: string[]): Promise<WordFacts[]> {
  if (words.length === 0) return [];
  const list = sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  );
  // `similar` as JSON: both drivers parse it (a `text[]` comes back as PostgreSQL's array text from PGlite).
  type Row = { word: string; stop: boolean; known: boolean; similar: string[] };
  // Both drivers answer `{rows}` (node-postgres' QueryResult, PGlite's Results).
  const result = (await db.execute(sql`
    select u.w as word,
           numnode(plainto_tsquery('pg_catalog.english', public.josie_unaccent(u.w))) = 0 as stop,
           k.known,
           case when k.known or t.lexeme is null or length(t.lexeme) < 4 then '[]'::json
                else array_to_json(array(select s.word from search_words s where s.word % t.lexeme
                           order by similarity(s.word, t.lexeme) desc, s.word limit 3)) end as similar
    from unnest(array[${list}]::text[]) with ordinality as u(w, i)
    cross join lateral (select (tsvector_to_array(
      to_tsvector('pg_catalog.simple', public.josie_unaccent(u.w))))[1] as lexeme) t
    cross join lateral (select exists (select 1 from search_words s where s.word = t.lexeme) as known) k
    order by u.i`)) as unknown as { rows: Row[] };
  return result.rows.map((r) => ({
    word: r.word,
    stop: r.stop,
    known: r.known,
    similar: r.similar,
  }));
}

/**
 * The tsquery of `groups`: every group must match (`&&`), a group by any of its forms (`||`). Each form is
 * a bound parameter read by plainto_tsquery, so no character of it is query syntax.
 */
export function tsquery(groups: TermGroup[]): SQL {
  const group = (g: TermGroup) =>
    sql.join(
      [
        sql`plainto_tsquery('pg_catalog.english', public.josie_unaccent(${g.word}))`,
        sql`plainto_tsquery('pg_catalog.simple', public.josie_unaccent(${g.word}))`,
        ...g.forms.map((f) => sql`plainto_tsquery('pg_catalog.simple', public.josie_unaccent(${f}))`),
      ],
      sql` || `,
    );
  return sql`(${sql.join(
    groups.map((g) => sql`(${group(g)})`),
    sql` && `,
  )})`;
}

/** The stored documents of a josie (generated columns of migration 0004, outside schema.ts). */
const josieDocument = sql`${josies}.search`;
const josieHead = sql`${josies}.search_head`;

/**
 * Relevance tiers, best first (docs/decisions/0021-search-in-postgresql.md): the query matches what says
 * what the josie is (title, genres, items' names and artists) or its curator's name; or else only with the
 * text. Within a tier the newest comes first. `0` is the single tier of a genre listing without words.
 */
export const TIERS = { head: 2, text: 1, all: 0 } as const;
export type Tier = (typeof TIERS)[keyof typeof TIERS];

/** A josie result: the row, what presenting it needs, and its publication time for the cursor. */
export type SearchJosieRow = PresentableRow & { cursorAt: string };

/**
 * One page (plus one row) of the published josies of one relevance `tier` for `query` (null with tier
 * `all`: every published josie, for a genre alone), tagged `genre` (any case) when given, newest first from
 * `after` (a position in this tier). The inner read returns ids only; what presenting needs is joined to the
 * page's rows alone. PostgreSQL picks the plan by how common the words are: for a common word it walks
 * `josies_published_idx` newest first and keeps the matches until the page is full (a few hundred rows at
 * most); for a rare one it reads the GIN index and sorts the few matches.
 */
export function searchJosieRows(
  db: Executor,
  opts: {
    query: SQL | null;
    /** Live curators whose name matches `query` ({@link curatorsNamed}): all their josies match. */
    named: string[];
    tier: Tier;
    genre: string | null;
    after: { at: string; id: string } | null;
    take: number;
    viewerId: string | null;
  },
): Promise<SearchJosieRow[]> {
  const { query, named, tier, genre, after, take, viewerId } = opts;
  const conditions: SQL[] = [eq(josies.status, 'published'), isNotNull(josies.publishedAt)];
  if (query) {
    // The curators' ids are values, not a subquery: the planner then knows how many rows the condition
    // keeps (with an unknown array it guessed 1% of all josies, and walked the whole index for rare words).
    const byCurator = named.length > 0 ? sql`${josies.creatorId} in ${named}` : null;
    const head = byCurator ? sql`(${josieHead} @@ ${query} or ${byCurator})` : sql`${josieHead} @@ ${query}`;
    conditions.push(tier === TIERS.head ? head : sql`${josieDocument} @@ ${query} and not ${head}`);
  }
  if (genre !== null) {
    conditions.push(sql`public.josie_lower_genres(${josies.genres}) @> array[lower(${genre}::text)]`);
  }
  if (after) {
    conditions.push(
      sql`(${josies.publishedAt}, ${josies.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const newestFirst = [sql`${josies.publishedAt} desc nulls last`, sql`${josies.id} desc nulls last`];
  const top = db
    .select({ id: josies.id })
    .from(josies)
    .where(and(...conditions))
    .orderBy(...newestFirst)
    .limit(take)
    .as('top');
  return db
    .select({
      ...getTableColumns(josies),
      ...presentationColumns(viewerId),
      cursorAt: sql<string>`to_char(${josies.publishedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(top)
    .innerJoin(josies, eq(josies.id, top.id))
    .leftJoin(users, eq(users.id, josies.creatorId))
    .orderBy(...newestFirst);
}

/**
 * The live curators whose name matches `query` (`users_curator_name_search_idx`), at most 50, by id: the
 * same 50 on every page of one query, so that a josie's relevance tier cannot change between pages.
 */
export async function curatorsNamed(db: Executor, query: SQL): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'curator'),
        isNull(users.deletedAt),
        sql`public.josie_search_words(${users.name}) @@ ${query}`,
      ),
    )
    .orderBy(users.id)
    .limit(50);
  return rows.map((r) => r.id);
}

/** The curator search document (`users_curator_search_idx`): name (A) and bio (C). */
const curatorDocument = sql`public.josie_curator_vector(${users.name}, ${users.bio})`;

/**
 * One page (plus one row) of live curators matching `query` by name or bio, by `(score desc, id desc)`,
 * with their follower counts.
 */
export function searchCuratorRows(
  db: Executor,
  opts: { query: SQL; after: CuratorPosition | null; take: number },
) {
  const { query, after, take } = opts;
  const score = sql<number>`round(1000000 * ts_rank(${curatorDocument}, ${query}))::integer`;
  const conditions: SQL[] = [
    eq(users.role, 'curator'),
    isNull(users.deletedAt),
    sql`${curatorDocument} @@ ${query}`,
  ];
  if (after) conditions.push(sql`(${score}, ${users.id}) < (${after.score}::integer, ${after.id}::uuid)`);
  return db
    .select({
      ...curatorColumns,
      followersCount:
        sql<number>`(select count(*) from ${follows} where ${follows.curatorId} = ${users.id})`.mapWith(
          Number,
        ),
      score: score.mapWith(Number).as('score'),
    })
    .from(users)
    .where(and(...conditions))
    .orderBy(sql`"score" desc`, desc(users.id))
    .limit(take);
}

/**
 * Rebuilds `search_words` from the published josies and the live curators' names, without blocking
 * searches that read it meanwhile (`concurrently`, which its unique index allows).
 */
export async function refreshSearchWords(db: Db): Promise<void> {
  await db.execute(sql`refresh materialized view concurrently search_words`);
}
