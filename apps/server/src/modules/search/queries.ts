import { and, desc, eq, getTableColumns, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { follows, josies, users } from '../../db/schema.js';
import { curatorColumns } from '../curators/index.js';
import { notBlockedWith } from '../follows/index.js';
import { type PresentableRow, presentationColumns } from '../josies/index.js';
import type { CuratorPosition } from './cursor.js';

// Search reads (docs/decisions/0021-search-in-postgresql.md): the only table this module writes is its
// dictionary of known words, `search_words` (migration 0012_search_forms_and_words). Every value the user
// typed is a bound parameter handed to plainto_tsquery, or quoted as one lexeme for the prefix query, never
// SQL or tsquery syntax.

/**
 * One query word (or a genre's name of several words) as searched: itself (English stem and bare form), any
 * of `forms` (bare forms: Hebrew forms, the genre's other names, the known words nearest a misspelling) and,
 * with `prefix`, any word it begins (the last word of a query, as people type).
 */
export interface TermGroup {
  word: string;
  forms: string[];
  prefix: boolean;
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
      to_tsvector('pg_catalog.simple', public.josie_search_text(u.w))))[1] as lexeme) t
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
 * `word` as the beginning of any lexeme (`'word':*`), for the last word as people type ("Ma" finds "Maya").
 * to_tsquery reads syntax, so the word (a bound parameter) is made one quoted lexeme there: its quotes and
 * backslashes doubled after `josie_search_text`, which could turn a typographic quote into an ASCII one. A
 * word that leaves no lexeme is an empty query, which matches nothing and ORs away.
 */
function prefixTsquery(word: string): SQL {
  const lexeme = sql`replace(replace(public.josie_search_text(${word}), '\\', '\\\\'), '''', '''''')`;
  return sql`to_tsquery('pg_catalog.simple', '''' || ${lexeme} || ''':*')`;
}

/** The tsquery of one group: any of its forms (`||`), each a bound parameter. */
export function groupTsquery(g: TermGroup): SQL {
  return sql`(${sql.join(
    [
      sql`plainto_tsquery('pg_catalog.english', public.josie_search_text(${g.word}))`,
      sql`plainto_tsquery('pg_catalog.simple', public.josie_search_text(${g.word}))`,
      ...g.forms.map((f) => sql`plainto_tsquery('pg_catalog.simple', public.josie_search_text(${f}))`),
      ...(g.prefix ? [prefixTsquery(g.word)] : []),
    ],
    sql` || `,
  )})`;
}

/**
 * The tsquery of `groups`: every group must match (`&&`), a group by any of its forms (`||`). Each form is
 * a bound parameter read by plainto_tsquery, so no character of it is query syntax.
 */
export function tsquery(groups: TermGroup[]): SQL {
  return sql`(${sql.join(groups.map(groupTsquery), sql` && `)})`;
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
 * `after` (a position in this tier), leaving out the curators `viewerId` blocked or that blocked them
 * (docs/decisions/0048-blocking-and-muting.md). The inner read returns ids only; what presenting needs is joined to the
 * page's rows alone. PostgreSQL picks the plan by how common the words are: for a common word it walks
 * `josies_published_idx` newest first and keeps the matches until the page is full (a few hundred rows at
 * most); for a rare one it reads the GIN index and sorts the few matches.
 */
export function searchJosieRows(
  db: Executor,
  opts: {
    query: JosieQuery | null;
    tier: Tier;
    genre: string | null;
    after: { at: string; id: string } | null;
    take: number;
    viewerId: string | null;
  },
): Promise<SearchJosieRow[]> {
  const { query, tier, genre, after, take, viewerId } = opts;
  const conditions: SQL[] = [eq(josies.status, 'published'), isNotNull(josies.publishedAt)];
  if (query) {
    const head = josieMatch(josieHead, query);
    conditions.push(tier === TIERS.head ? head : sql`${josieMatch(josieDocument, query)} and not ${head}`);
  }
  if (genre !== null) {
    conditions.push(sql`public.josie_lower_genres(${josies.genres}) @> array[lower(${genre}::text)]`);
  }
  if (after) {
    conditions.push(
      sql`(${josies.publishedAt}, ${josies.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`,
    );
  }
  // Not the josies of a curator on either side of a block with the reader (decision 0048): a probe of
  // `blocks`' primary key per candidate row, inside the page's read, so a page stays full and one statement.
  if (viewerId) conditions.push(notBlockedWith(viewerId, josies.creatorId));
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
 * A josie query: every group must match the josie's document or, for the groups in `named`, be a word of
 * its curator's name ("Maya funk": "funk" in the josie, "Maya" in its document or its curator's name).
 */
export interface JosieQuery {
  groups: TermGroup[];
  /** For each group, the live curators whose name it matches ({@link curatorsNamedBy}); empty for none. */
  named: string[][];
}

/**
 * The condition that `query` matches `document` (a josie's head or whole document) or its curator's name,
 * word by word. The groups no curator's name matches are one tsquery, so the GIN index (or the check in
 * `josies_search_recent_idx`) serves them as before; each of the others is `document @@ group or the
 * creator is one of those curators`. The curators' ids are values, not a subquery: the planner then knows
 * how many rows the condition keeps (with an unknown array it guessed 1% of all josies, and walked the whole
 * index for rare words).
 */
function josieMatch(document: SQL, query: JosieQuery): SQL {
  const plain = query.groups.filter((_, i) => (query.named[i] ?? []).length === 0);
  const parts: SQL[] = plain.length > 0 ? [sql`${document} @@ ${tsquery(plain)}`] : [];
  query.groups.forEach((group, i) => {
    const ids = query.named[i] ?? [];
    if (ids.length > 0) {
      parts.push(sql`(${document} @@ ${groupTsquery(group)} or ${josies.creatorId} in ${ids})`);
    }
  });
  return sql`(${sql.join(parts, sql` and `)})`;
}

/** Most curators one query word stands for: a word (or a prefix) common to more names reads as a topic. */
const NAMED_PER_WORD = 50;

/**
 * For each group, the live curators whose name it matches (`users_curator_name_search_idx`), at most
 * {@link NAMED_PER_WORD} by id: the same ones on every page of one query, so that a josie's relevance tier
 * cannot change between pages. One statement for all the groups.
 */
export async function curatorsNamedBy(db: Executor, groups: TermGroup[]): Promise<string[][]> {
  if (groups.length === 0) return [];
  const perGroup = groups.map(
    (group, i) => sql`(select ${i}::integer as i, ${users.id}::text as id from ${users}
      where ${users.role} = 'curator' and ${users.deletedAt} is null
        and public.josie_search_words(${users.name}) @@ ${groupTsquery(group)}
      order by ${users.id} limit ${NAMED_PER_WORD})`,
  );
  const result = (await db.execute(sql.join(perGroup, sql` union all `))) as unknown as {
    rows: { i: number; id: string }[];
  };
  const named: string[][] = groups.map(() => []);
  for (const row of result.rows) named[Number(row.i)]?.push(row.id);
  return named;
}

/** The curator search document (`users_curator_search_idx`): name (A) and bio (C). */
const curatorDocument = sql`public.josie_curator_vector(${users.name}, ${users.bio})`;

/**
 * One page (plus one row) of live curators matching `query` by name or bio, by `(score desc, id desc)`,
 * with their follower counts; for a signed-in `viewerId`, not those on either side of a block with them
 * (docs/decisions/0048-blocking-and-muting.md).
 */
export function searchCuratorRows(
  db: Executor,
  opts: { query: SQL; after: CuratorPosition | null; take: number; viewerId: string | null },
) {
  const { query, after, take, viewerId } = opts;
  const score = sql<number>`round(1000000 * ts_rank(${curatorDocument}, ${query}))::integer`;
  const conditions: SQL[] = [
    eq(users.role, 'curator'),
    isNull(users.deletedAt),
    sql`${curatorDocument} @@ ${query}`,
  ];
  if (after) conditions.push(sql`(${score}, ${users.id}) < (${after.score}::integer, ${after.id}::uuid)`);
  if (viewerId) conditions.push(notBlockedWith(viewerId, users.id));
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

/** The words the dictionary keeps: long enough to be misspelt, short enough to be words. */
const KEPT_WORD = sql`length(w) between 3 and 40`;

/**
 * Makes `search_words` again from the published josies and the live curators' names: adds what is missing
 * and deletes the words no longer anywhere (a josie unpublished or deleted, a curator renamed), in one
 * statement, while searches keep reading it. A word added meanwhile by {@link addJosieWords} from a josie
 * this statement's snapshot does not see is not deleted: the statement does not see that row either.
 */
export async function refreshSearchWords(db: Db): Promise<void> {
  await db.execute(sql`
    with live as (
      select word as w from ts_stat('select search from public.josies where status = ''published''')
      union
      select word from ts_stat('select to_tsvector(''pg_catalog.simple'', public.josie_search_text(name))
                                from public.users where role = ''curator'' and deleted_at is null')
    ),
    gone as (
      delete from search_words s where not exists (select 1 from live where live.w = s.word)
    )
    insert into search_words (word) select w from live where ${KEPT_WORD} order by w
    on conflict do nothing`);
}

/**
 * Adds the words of published josie `id` to `search_words` (none when it is not published), so that their
 * misspellings are forgiven at once: a few hundred index entries at most, words already known skipped. In
 * word order, so that two josies published together with new words in common wait for each other rather
 * than deadlock.
 */
export async function addJosieWords(db: Executor, id: string): Promise<void> {
  await db.execute(sql`
    insert into search_words (word)
    select distinct w from ${josies}, unnest(tsvector_to_array(${josies}.search)) as w
    where ${josies.id} = ${id} and ${josies.status} = 'published' and ${KEPT_WORD}
    order by w
    on conflict do nothing`);
}

/** Adds the words of live curator `id`'s name to `search_words` (none for a user who is not one). */
export async function addCuratorWords(db: Executor, id: string): Promise<void> {
  await db.execute(sql`
    insert into search_words (word)
    select distinct w from ${users},
      unnest(tsvector_to_array(to_tsvector('pg_catalog.simple', public.josie_search_text(${users.name})))) as w
    where ${users.id} = ${id} and ${users.role} = 'curator' and ${users.deletedAt} is null and ${KEPT_WORD}
    order by w
    on conflict do nothing`);
}
