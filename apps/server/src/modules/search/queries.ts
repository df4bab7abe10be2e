import { and, desc, eq, getTableColumns, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { follows, josies, users } from '../../db/schema.js';
import { curatorColumns } from '../curators/index.js';
import { type PresentableRow, presentationColumns } from '../josies/index.js';
import type { CuratorPosition, JosiePosition } from './cursor.js';

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
  type Row = { word: string; stop: boolean; known: boolean; similar: string[] | string };
  // Both drivers answer `{rows}` (node-postgres' QueryResult, PGlite's Results).
  const result = (await db.execute(sql`
    select u.w as word,
           numnode(plainto_tsquery('pg_catalog.english', public.josie_unaccent(u.w))) = 0 as stop,
           k.known,
           case when k.known or t.lexeme is null or length(t.lexeme) < 4 then '{}'::text[]
                else array(select s.word from search_words s where s.word % t.lexeme
                           order by similarity(s.word, t.lexeme) desc, s.word limit 3) end as similar
    from unnest(array[${list}]::text[]) with ordinality as u(w, i)
    cross join lateral (select (tsvector_to_array(
      to_tsvector('pg_catalog.simple', public.josie_unaccent(u.w))))[1] as lexeme) t
    cross join lateral (select exists (select 1 from search_words s where s.word = t.lexeme) as known) k
    order by u.i`)) as unknown as { rows: Row[] };
  return result.rows.map((r) => ({
    word: r.word,
    stop: r.stop,
    known: r.known,
    similar: parseTextArray(r.similar),
  }));
}

/** node-postgres parses `text[]`; PGlite's raw rows may hand it over as PostgreSQL's array text. */
function parseTextArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.slice(1, -1);
  return inner === '' ? [] : inner.split(',').map((w) => w.replace(/^"|"$/g, ''));
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

/** The stored document of a josie (the generated column of migration 0004, outside schema.ts). */
const josieDocument = sql`${josies}.search`;

/** Rank bonus of a josie whose curator's name matches: what one match among its genres or items is worth. */
const CURATOR_NAME_BONUS = 0.025;

/** A josie result: the row, what presenting it needs, its score and its publication time for the cursor. */
export type SearchJosieRow = PresentableRow & { score: number; cursorAt: string };

/**
 * One page (plus one row) of published josies matching `query` (null: all of them, for a genre alone) and
 * tagged `genre` (any case) when given, by `(score desc, published_at desc, id desc)`. A josie matches by
 * its document (`josies_search_idx`) or by its curator's name (`users_curator_name_search_idx`). The score
 * is `ts_rank` (title above genres and items above text) times a million, rounded: an integer, so the
 * keyset compares exactly.
 */
export function searchJosieRows(
  db: Executor,
  opts: {
    query: SQL | null;
    genre: string | null;
    after: JosiePosition | null;
    take: number;
    viewerId: string | null;
  },
): Promise<SearchJosieRow[]> {
  const { query, genre, after, take, viewerId } = opts;
  const named = query
    ? sql`array(select u.id from ${users} u where u.role = 'curator' and u.deleted_at is null
                and public.josie_search_words(u.name) @@ ${query})`
    : null;
  const score = query
    ? sql<number>`round(1000000 * (ts_rank(${josieDocument}, ${query})
        + case when ${josies.creatorId} = any(${named}) then ${sql.raw(String(CURATOR_NAME_BONUS))} else 0 end))::integer`
    : sql<number>`0`;
  const conditions: SQL[] = [eq(josies.status, 'published'), isNotNull(josies.publishedAt)];
  if (query) conditions.push(sql`(${josieDocument} @@ ${query} or ${josies.creatorId} = any(${named}))`);
  if (genre !== null) {
    conditions.push(sql`public.josie_lower_genres(${josies.genres}) @> array[lower(${genre}::text)]`);
  }
  if (after) {
    conditions.push(
      sql`(${score}, ${josies.publishedAt}, ${josies.id}) < (${after.score}::integer, ${after.at}::timestamptz, ${after.id}::uuid)`,
    );
  }
  return db
    .select({
      ...getTableColumns(josies),
      ...presentationColumns(viewerId),
      score: score.mapWith(Number).as('score'),
      cursorAt: sql<string>`to_char(${josies.publishedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(josies)
    .leftJoin(users, eq(users.id, josies.creatorId))
    .where(and(...conditions))
    .orderBy(sql`"score" desc`, desc(josies.publishedAt), desc(josies.id))
    .limit(take);
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
