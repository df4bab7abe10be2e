import type { RecommendationStrategy } from '@josie/contract';
import { and, asc, count, desc, eq, isNull, ne, notExists, notInArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { follows, josies, users } from '../../db/schema.js';
import { curatorColumns } from '../curators/index.js';
import { notBlockedWith } from '../follows/index.js';

const mine = alias(follows, 'mine');

/** Which curators may be recommended to `viewerId` (null: a visitor, who follows nobody). */
export interface Candidates {
  viewerId: string | null;
  /** Ids the client already shows or dismissed. */
  exclude: readonly string[];
  /** The viewer's chosen genres (for the `genre` strategy), as stored in their preferences. */
  genres: readonly string[];
}

/**
 * Live curators other than the viewer, not excluded, not already followed and not on either side of a block
 * with the viewer (docs/decisions/0048-blocking-and-muting.md), ordered by `strategy`:
 * `random`; `popular` (followers, then name); `genre`
 * (docs/decisions/0023-explore-and-taste.md#recommendations-by-taste): how many of the viewer's genres the curator's PUBLISHED josies are tagged with (distinct genres, compared
 * case-insensitively), most first, then the number of their published josies in those genres, then at
 * random, so curators sharing no genre top the list up at random.
 * The curator's own preferences do not count: what they publish does. One query.
 */
export async function recommendCurators(
  db: Executor,
  strategy: RecommendationStrategy,
  candidates: Candidates,
  limit: number,
) {
  const followers = count(follows.followerId);
  const conditions: SQL[] = [eq(users.role, 'curator'), isNull(users.deletedAt)];
  if (candidates.viewerId !== null) {
    const alreadyFollowed = db
      .select({ one: sql`1` })
      .from(mine)
      .where(and(eq(mine.followerId, candidates.viewerId), eq(mine.curatorId, users.id)));
    // Neither side of a block is suggested to the other (docs/decisions/0048-blocking-and-muting.md).
    conditions.push(
      ne(users.id, candidates.viewerId),
      notExists(alreadyFollowed),
      notBlockedWith(candidates.viewerId, users.id),
    );
  }
  if (candidates.exclude.length > 0) conditions.push(notInArray(users.id, [...candidates.exclude]));
  const wanted = candidates.genres.map((g) => g.toLowerCase());
  // Read per candidate through `josies_feed_idx` (creator, status): the curator's published josies only.
  const shared = sql<number>`(select count(distinct lower(g.name)) from ${josies}
      cross join lateral unnest(${josies.genres}) as g(name)
      where ${josies.creatorId} = ${users.id} and ${josies.status} = 'published'
        and lower(g.name) = any(${sql.param(wanted)}::text[]))`;
  // Between curators sharing as many genres, the one with more published josies in them: more to hear.
  const inTaste = sql<number>`(select count(*) from ${josies}
      where ${josies.creatorId} = ${users.id} and ${josies.status} = 'published'
        and exists (select 1 from unnest(${josies.genres}) as g(name)
          where lower(g.name) = any(${sql.param(wanted)}::text[])))`;
  const order: SQL[] =
    strategy === 'popular'
      ? [desc(followers), asc(users.name), asc(users.id)]
      : strategy === 'genre' && wanted.length > 0
        ? [desc(shared), desc(inTaste), sql`random()`]
        : [sql`random()`];
  return db
    .select({ ...curatorColumns, followersCount: followers })
    .from(users)
    .leftJoin(follows, eq(follows.curatorId, users.id))
    .where(and(...conditions))
    .groupBy(users.id)
    .orderBy(...order)
    .limit(limit);
}
