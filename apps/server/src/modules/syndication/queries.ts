import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { genres, josies, users } from '../../db/schema.js';
import { type Keyset, keysetTime } from '../feed/index.js';

// Reads only: the syndication module writes no table (docs/decisions/0042-feeds-and-search-engines.md). It
// reads the josies, users and genres tables in joins, as explore does.

/** A live curator as their feed, page head and JSON-LD describe them. */
export interface CuratorHead {
  id: string;
  name: string;
  bio: string;
  avatarUrl: string | null;
  createdAt: Date;
}

/** A curator whose page is public: the role `curator`, not deleted. */
const liveCurator = (): SQL[] => [eq(users.role, 'curator'), isNull(users.deletedAt)];

/** What every public josie is: published, dated, and by an account that is not deleted. */
const publicJosie = (): SQL[] => [
  eq(josies.status, 'published'),
  isNotNull(josies.publishedAt),
  isNull(users.deletedAt),
];

/** The live curator `id` (a UUID), or undefined for anyone else (unknown, deleted, not a curator). */
export async function findLiveCurator(db: Executor, id: string): Promise<CuratorHead | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      bio: users.bio,
      avatarUrl: users.avatarUrl,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.id, id), ...liveCurator()));
  return row;
}

/** The ids of curator `creatorId`'s `limit` newest published josies, newest first (`josies_feed_idx`). */
export async function newestJosieIdsOf(db: Executor, creatorId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: josies.id })
    .from(josies)
    .where(
      and(eq(josies.creatorId, creatorId), eq(josies.status, 'published'), isNotNull(josies.publishedAt)),
    )
    .orderBy(desc(josies.publishedAt), desc(josies.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** One URL of the sitemap: the id of what it shows and when that last changed. */
export interface SitemapRow {
  key: string;
  lastmod: Date | null;
}

/** How many public josies there are (the index's count of josie pages). */
export async function countPublicJosies(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(josies)
    .innerJoin(users, eq(users.id, josies.creatorId))
    .where(and(...publicJosie()));
  return row?.count ?? 0;
}

/** How many live curators there are (the index's count of curator pages). */
export async function countLiveCurators(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(...liveCurator()));
  return row?.count ?? 0;
}

/**
 * One batch of public josies in publication order, oldest first (so a sitemap page keeps its URLs as new
 * josies are published: they go to the last page): `take` rows after `after`, or, for a page's first batch,
 * after skipping `skip` rows. Read backwards along `josies_published_idx`.
 */
export async function publicJosieBatch(
  db: Executor,
  position: { after: Keyset } | { skip: number },
  take: number,
): Promise<(SitemapRow & { position: Keyset })[]> {
  const conditions = publicJosie();
  if ('after' in position) {
    conditions.push(
      sql`(${josies.publishedAt}, ${josies.id}) > (${position.after.at}::timestamptz, ${position.after.id}::uuid)`,
    );
  }
  const query = db
    .select({
      key: josies.id,
      lastmod: josies.updatedAt,
      at: keysetTime(josies.publishedAt),
    })
    .from(josies)
    .innerJoin(users, eq(users.id, josies.creatorId))
    .where(and(...conditions))
    .orderBy(asc(josies.publishedAt), asc(josies.id))
    .limit(take);
  const rows = 'skip' in position && position.skip > 0 ? await query.offset(position.skip) : await query;
  return rows.map((row) => ({ key: row.key, lastmod: row.lastmod, position: { at: row.at, id: row.key } }));
}

/**
 * One batch of live curators by id: `take` after the id `after`, or after skipping `skip`. `lastmod` is
 * their newest publication, else when they joined.
 */
export async function liveCuratorBatch(
  db: Executor,
  position: { after: string } | { skip: number },
  take: number,
): Promise<SitemapRow[]> {
  const conditions = liveCurator();
  if ('after' in position) conditions.push(sql`${users.id} > ${position.after}::uuid`);
  // Written out with aliases: in a query of one table Drizzle leaves column names unqualified, and an
  // unqualified `id` inside the subquery would be the josie's.
  const newest = sql<string | Date | null>`${sql.raw(`(select max(j.published_at) from josies j
      where j.creator_id = "users"."id" and j.status = 'published')`)}`;
  const query = db
    .select({
      key: users.id,
      newest: newest.mapWith((v: string | Date | null) => (v ? new Date(v) : null)),
      joined: users.createdAt,
    })
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.id))
    .limit(take);
  const rows = 'skip' in position && position.skip > 0 ? await query.offset(position.skip) : await query;
  return rows.map((row) => ({ key: row.key, lastmod: row.newest ?? row.joined }));
}

/**
 * The live genres (the admin's list) that have a public josie, by name, each with its newest publication:
 * the genre pages worth listing (a live genre without josies shows an empty page).
 */
export async function genresWithJosies(db: Executor): Promise<SitemapRow[]> {
  // Written out with aliases, as in liveCuratorBatch: the outer query reads one table.
  // `max` rather than `order by ... limit 1`: the genre's josies are found through `josies_genres_idx`,
  // where walking `josies_published_idx` in order for a genre no josie carries reads every josie
  // (docs/decisions/0023-explore-and-taste.md).
  const newest = sql<string | Date | null>`${sql.raw(`(select max(j.published_at) from josies j
      join users u on u.id = j.creator_id
      where j.status = 'published' and u.deleted_at is null and j.genres @> array["genres"."name"]::text[])`)}`;
  const rows = await db
    .select({ key: genres.name, newest })
    .from(genres)
    .orderBy(asc(sql`lower(${genres.name})`));
  return rows.flatMap((row) => (row.newest ? [{ key: row.key, lastmod: new Date(row.newest) }] : []));
}

/** When the newest public josie was published (the explore page's and home page's `lastmod`). */
export async function newestPublication(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ at: josies.publishedAt })
    .from(josies)
    .where(eq(josies.status, 'published'))
    .orderBy(sql`${josies.publishedAt} desc nulls last`)
    .limit(1);
  return row?.at ?? null;
}
