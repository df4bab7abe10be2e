import {
  and,
  desc,
  eq,
  exists,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { blocks, follows, genres, josieLikes, josies, users } from '../../db/schema.js';
import { curatorColumns } from '../curators/index.js';
import { afterCursor, type Keyset, keysetTime, newestFirst } from '../feed/index.js';
import { notBlockedWith } from '../follows/index.js';
import { type PresentableRow, presentationColumns } from '../josies/index.js';

// Reads only: the explore module writes no table (docs/decisions/0023-explore-and-taste.md).

const josieColumns = getTableColumns(josies);

/** How far back a like counts for trending (hours): a week. */
export const TRENDING_WINDOW_HOURS = 7 * 24;

/** Published and dated: what every explore list shows. */
const published = (): SQL[] => [eq(josies.status, 'published'), isNotNull(josies.publishedAt)];

/**
 * How recently a josie must have been published to trend (hours): two weeks. An older one would need more
 * than `(338 / 26) ^ 1.5`, about 47, times the week's likes of a day-old josie to outrank it, and bounding
 * the candidates bounds the work: the josies of two weeks, not every josie ever liked.
 */
export const TRENDING_MAX_AGE_HOURS = 14 * 24;

/**
 * The ids of the `limit` trending josies: josies published in the last {@link TRENDING_MAX_AGE_HOURS} and
 * liked at least once in the last {@link TRENDING_WINDOW_HOURS}, by `likes_7d / (age_hours + 2) ^ 1.5` (age
 * since publication), highest first, newer first on a tie (docs/decisions/0023-explore-and-taste.md#trending).
 * The candidates come from `josies_published_idx`, each one's week of likes is counted from
 * `josie_likes_recent_idx (josie_id, created_at)` alone (an index-only count).
 */
export async function trendingIds(db: Executor, limit: number): Promise<string[]> {
  const likes = sql<number>`(select count(*) from ${josieLikes} where ${josieLikes.josieId} = ${josies.id}
      and ${josieLikes.createdAt} > now() - make_interval(hours => ${TRENDING_WINDOW_HOURS}))`;
  const candidates = db
    .select({ id: josies.id, publishedAt: josies.publishedAt, likes: likes.as('likes') })
    .from(josies)
    .where(
      and(
        eq(josies.status, 'published'),
        sql`${josies.publishedAt} > now() - make_interval(hours => ${TRENDING_MAX_AGE_HOURS})`,
      ),
    )
    .as('candidates');
  const ageHours = sql`greatest(extract(epoch from (now() - ${candidates.publishedAt})) / 3600, 0)`;
  const score = sql`${candidates.likes}::float8 / power(${ageHours} + 2, 1.5)`;
  const rows = await db
    .select({ id: candidates.id })
    .from(candidates)
    .where(sql`${candidates.likes} > 0`)
    .orderBy(desc(score), ...newestFirst(candidates.publishedAt, candidates.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * How many published josies carry each genre name (as stored), and how many are published in all: what
 * {@link readInOrder} chooses a plan from. Two scans of the published josies (about 400 ms on the large set,
 * docs/performance.md#explore), so the service keeps the answer for minutes; a stale count only chooses a
 * slower plan, never a wrong answer.
 */
export async function publishedGenreCounts(db: Executor): Promise<GenreCounts> {
  // Both drivers answer `{rows}` (node-postgres' QueryResult, PGlite's Results); the total is the row
  // without a name.
  const { rows } = (await db.execute(sql`
    select null as name, count(*)::int as n from ${josies} where ${and(...published())}
    union all
    select tag, count(*)::int from ${josies} cross join unnest(${josies.genres}) as tag
     where ${and(...published())} group by tag`)) as unknown as {
    rows: { name: string | null; n: number }[];
  };
  const byName = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    if (row.name === null) total = Number(row.n);
    else byName.set(row.name, Number(row.n));
  }
  return { total, byName };
}

/** Published josies per genre name, and in all ({@link publishedGenreCounts}). */
export interface GenreCounts {
  total: number;
  byName: ReadonlyMap<string, number>;
}

/**
 * Whether `take` josies tagged with a genre carried by `tagged` of `total` published josies are best read
 * newest first along `josies_published_idx`, checking each one's genres (about `take * total / tagged`
 * entries), rather than found through the GIN index `josies_genres_idx` and sorted (`tagged` rows). A
 * common genre reads in order (Jazz, one josie in six: 0.03 ms a row); a rare, new or unknown one through
 * the index: read in order, a genre with no josie read all 200,000 published josies of the large set (0.85 s)
 * before answering nothing.
 */
export function readInOrder(tagged: number, total: number, take: number): boolean {
  return tagged > 0 && tagged * tagged > take * total;
}

/**
 * The ids of published josies tagged with one of `names` (SQL array), for a rare genre: an `array(…)`
 * computed once through the GIN index, which the planner cannot fold into an ordered scan of every josie.
 */
const taggedIds = (names: SQL) =>
  sql`${josies.id} = any(array(select tagged.id from ${josies} as tagged where tagged.genres && ${names}))`;

/**
 * Every live genre (the admin list's order: by name, case-insensitively) that has published josies, with
 * the ids of its `perGenre` newest: a `limit` read per genre (`lateral`), in one statement for the common
 * genres (read in order) and one for the others (through the GIN index), as {@link readInOrder} chooses
 * from `counts`.
 */
export async function genreRowIds(
  db: Executor,
  perGenre: number,
  counts: GenreCounts,
): Promise<{ name: string; ids: string[] }[]> {
  const live = await db.select({ id: genres.id, name: genres.name }).from(genres);
  const common = live.filter((g) => readInOrder(counts.byName.get(g.name) ?? 0, counts.total, perGenre));
  const rare = live.filter((g) => !common.includes(g));
  const rowsOf = async (of: typeof live, inOrder: boolean) => {
    if (of.length === 0) return [];
    const names = sql`array[${genres.name}]::text[]`;
    const newest = db
      .select({ id: josies.id, publishedAt: josies.publishedAt })
      .from(josies)
      .where(and(...published(), inOrder ? sql`${josies.genres} @> ${names}` : taggedIds(names)))
      .orderBy(...newestFirst(josies.publishedAt, josies.id))
      .limit(perGenre)
      .as('newest');
    return db
      .select({ genreId: genres.id, name: genres.name, id: newest.id, publishedAt: newest.publishedAt })
      .from(genres)
      .crossJoinLateral(newest)
      .where(
        inArray(
          genres.id,
          of.map((g) => g.id),
        ),
      );
  };
  const rows = [...(await rowsOf(common, true)), ...(await rowsOf(rare, false))];
  const order = new Map(
    [...live]
      .sort(
        (a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase(), 'en') || a.id.localeCompare(b.id),
      )
      .map((g, i) => [g.id, i]),
  );
  rows.sort(
    (a, b) =>
      order.get(a.genreId)! - order.get(b.genreId)! ||
      (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) ||
      b.id.localeCompare(a.id),
  );
  const byName = new Map<string, string[]>();
  for (const row of rows) {
    const ids = byName.get(row.name) ?? [];
    ids.push(row.id);
    byName.set(row.name, ids);
  }
  return [...byName].map(([name, ids]) => ({ name, ids }));
}

/** The catalogue's spelling of genre `name` (compared case-insensitively), or undefined for none. */
export async function liveGenreName(db: Executor, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: genres.name })
    .from(genres)
    .where(sql`lower(${genres.name}) = lower(${name})`);
  return row?.name;
}

/** A josie row with its position printed for the next cursor, and what presenting it needs. */
export type GenreRowAt = PresentableRow & { cursorAt: string };

/**
 * One page (plus one row) of the published josies tagged with any of `genre.spellings` (exact names, as
 * josies store them), newest first, keyset on `(published_at, id)`; likedByMe and savedByMe are
 * `viewerId`'s. A common genre (`inOrder`, {@link readInOrder}) is read in `josies_published_idx` order until
 * the page is full; a rare, new or unknown one is first found through the GIN index, since reading in order
 * would walk the whole table to fill a page (figures: docs/performance.md#explore).
 */
export function genreFeedRows(
  db: Executor,
  genre: { spellings: readonly string[]; inOrder: boolean },
  viewerId: string | null,
  after: Keyset | null,
  take: number,
): Promise<GenreRowAt[]> {
  const conditions = published();
  const names = sql`${sql.param([...genre.spellings])}::text[]`;
  conditions.push(genre.inOrder ? sql`${josies.genres} && ${names}` : taggedIds(names));
  if (after) conditions.push(afterCursor(josies.publishedAt, josies.id, after));
  // Not a curator's on either side of a block with the reader (decision 0048): a probe of `blocks`' primary
  // key per candidate row, so the page stays full and one statement.
  if (viewerId) conditions.push(notBlockedWith(viewerId, josies.creatorId));
  return db
    .select({ ...josieColumns, cursorAt: keysetTime(josies.publishedAt), ...presentationColumns(viewerId) })
    .from(josies)
    .leftJoin(users, eq(users.id, josies.creatorId))
    .where(and(...conditions))
    .orderBy(...newestFirst(josies.publishedAt, josies.id))
    .limit(take);
}

/**
 * The `limit` newest live curators (by account creation) with at least one published josie, with their
 * follower counts.
 */
export function newestCurators(db: Executor, limit: number) {
  const followers = sql<number>`(select count(*)::int from ${follows} where ${follows.curatorId} = ${users.id})`;
  const hasPublished = db
    .select({ one: sql`1` })
    .from(josies)
    .where(and(eq(josies.creatorId, users.id), eq(josies.status, 'published')));
  return db
    .select({ ...curatorColumns, followersCount: followers })
    .from(users)
    .where(and(eq(users.role, 'curator'), isNull(users.deletedAt), exists(hasPublished)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

/**
 * The accounts on either side of a block with `userId` (docs/decisions/0048-blocking-and-muting.md): those
 * they blocked and those that blocked them, read by `blocks`' primary key and `blocks_blocked_idx`. One
 * statement; a reader's blocks are few.
 */
export async function blockedEitherWay(db: Executor, userId: string): Promise<string[]> {
  const result = (await db.execute(sql`
    select ${blocks.blockedId} as id from ${blocks} where ${blocks.blockerId} = ${userId}
    union
    select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${userId}`)) as unknown as {
    rows: { id: string }[];
  };
  return result.rows.map((row) => row.id);
}
