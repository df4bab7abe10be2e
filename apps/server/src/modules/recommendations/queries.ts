import type { RecommendationStrategy } from '@josie/contract';
import { and, asc, count, desc, eq, isNull, ne, notExists, notInArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { follows, users } from '../../db/schema.js';
import { curatorColumns } from '../curators/index.js';

const mine = alias(follows, 'mine');

/** Which curators may be recommended to `viewerId`. */
export interface Candidates {
  viewerId: string;
  /** Ids the client already shows or dismissed. */
  exclude: readonly string[];
  /** The viewer's genres (for the `genre` strategy), as stored. */
  genres: readonly string[];
}

/**
 * Live curators other than the viewer, not excluded and not already followed, ordered by `strategy`:
 * `random`; `popular` (followers, then name); `genre` (number of genres shared with the viewer, compared
 * case-insensitively, then followers, then name, so curators without a shared genre top the list up with
 * the most followed). One query.
 */
export async function recommendCurators(
  db: Executor,
  strategy: RecommendationStrategy,
  candidates: Candidates,
  limit: number,
) {
  const followers = count(follows.followerId);
  const alreadyFollowed = db
    .select({ one: sql`1` })
    .from(mine)
    .where(and(eq(mine.followerId, candidates.viewerId), eq(mine.curatorId, users.id)));
  const conditions: SQL[] = [
    eq(users.role, 'curator'),
    isNull(users.deletedAt),
    ne(users.id, candidates.viewerId),
    notExists(alreadyFollowed),
  ];
  if (candidates.exclude.length > 0) conditions.push(notInArray(users.id, [...candidates.exclude]));
  const wanted = candidates.genres.map((g) => g.toLowerCase());
  const shared = sql<number>`(select count(*) from jsonb_array_elements_text(
      case when jsonb_typeof(${users.preferences} -> 'genres') = 'array'
        then ${users.preferences} -> 'genres' else '[]'::jsonb end) as g(name)
      where lower(g.name) = any(${sql.param(wanted)}::text[]))`;
  const order: SQL[] =
    strategy === 'random'
      ? [sql`random()`]
      : strategy === 'popular'
        ? [desc(followers), asc(users.name), asc(users.id)]
        : [desc(shared), desc(followers), asc(users.name), asc(users.id)];
  return db
    .select({ ...curatorColumns, followersCount: followers })
    .from(users)
    .leftJoin(follows, eq(follows.curatorId, users.id))
    .where(and(...conditions))
    .groupBy(users.id)
    .orderBy(...order)
    .limit(limit);
}
