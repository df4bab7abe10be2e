import {
  and,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  max,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { follows, josieSaves, josies, users } from '../../db/schema.js';
import { type PresentableRow, presentationColumns } from '../josies/index.js';
import { afterCursor, type Keyset, keysetTime, newestFirst } from './cursor.js';

/**
 * A josie row with its position printed for the next cursor ({@link Keyset.at}), and what presenting it to
 * the viewer needs (creator, likedByMe, savedByMe: `presentationColumns`), so a page is one statement.
 */
export type JosieRowAt = PresentableRow & { cursorAt: string };

const josieColumns = getTableColumns(josies);

/** A value, or a placeholder that a prepared statement binds at each execution. */
type Param<T> = T | Placeholder;

/** A keyset position given as values or as placeholders. */
type KeysetParam = { at: Param<string>; id: Param<string> };

/** The conditions every feed row meets: published, with a publication time, after the cursor. */
function publishedAfter(after: KeysetParam | null): SQL[] {
  const conditions = [eq(josies.status, 'published'), isNotNull(josies.publishedAt)];
  if (after) conditions.push(afterCursor(josies.publishedAt, josies.id, after));
  return conditions;
}

/**
 * When the newest published josie of `creatorIds` was published, or null when they have none: the top of
 * the home feed of a reader following them (with the reader among the ids). Answered from
 * `josies_feed_idx` (creator, status, publication time) alone.
 */
export async function newestPublishedAt(db: Executor, creatorIds: readonly string[]): Promise<Date | null> {
  if (creatorIds.length === 0) return null;
  const [row] = await db
    .select({ at: max(josies.publishedAt) })
    .from(josies)
    .where(and(inArray(josies.creatorId, [...creatorIds]), ...publishedAfter(null)));
  return row?.at ?? null;
}

/**
 * One page (plus one row, to tell whether more exist) of the home feed: the published josies of the
 * curators `userId` follows and the user's own, newest first (docs/product/differences.md#feed-content).
 *
 * Shape, chosen from EXPLAIN on PostgreSQL 15 (see the issue's note): the creators (followed curators
 * `union all` the user) `cross join lateral` a per-creator `limit n` read of `josies_feed_idx` in index
 * order, with the cursor as a row comparison inside the index condition. That inner read needs only
 * `(published_at, id)`, which the index holds, so it is an index-only scan; the top `n` of at most
 * `n` per creator are then joined to `josies` by primary key, so only the page's own rows are fetched.
 * A plain `creator_id = any(...)` (or `in (select ...) or creator_id = $1`) instead reads every published
 * josie of every followed curator and sorts them all: its cost grows with the curators' history, not the
 * page.
 */
export function followingFeedRows(
  db: Executor,
  userId: string,
  after: Keyset | null,
  take: number,
): Promise<JosieRowAt[]> {
  return followingFeedQuery(db, userId, after, take);
}

function followingFeedQuery(
  db: Executor,
  userId: Param<string>,
  after: KeysetParam | null,
  take: Param<number>,
) {
  const creators = db
    .select({ id: follows.curatorId })
    .from(follows)
    .where(eq(follows.followerId, userId))
    .unionAll(db.select({ id: users.id }).from(users).where(eq(users.id, userId)))
    .as('creators');
  const perCreator = db
    .select({ id: josies.id, publishedAt: josies.publishedAt })
    .from(josies)
    .where(and(eq(josies.creatorId, creators.id), ...publishedAfter(after)))
    .orderBy(...newestFirst(josies.publishedAt, josies.id))
    .limit(take)
    .as('per_creator');
  const top = db
    .select({ id: perCreator.id })
    .from(creators)
    .crossJoinLateral(perCreator)
    .orderBy(...newestFirst(perCreator.publishedAt, perCreator.id))
    .limit(take)
    .as('top');
  return db
    .select({ ...josieColumns, cursorAt: keysetTime(josies.publishedAt), ...presentationColumns(userId) })
    .from(top)
    .innerJoin(josies, eq(josies.id, top.id))
    .leftJoin(users, eq(users.id, josies.creatorId))
    .orderBy(...newestFirst(josies.publishedAt, josies.id));
}

/**
 * One page (plus one row) of a creator's published josies, newest first, read in `josies_feed_idx` order;
 * likedByMe and savedByMe are `viewerId`'s.
 */
export function creatorFeedRows(
  db: Executor,
  creatorId: string,
  after: Keyset | null,
  take: number,
  viewerId: string | null = null,
): Promise<JosieRowAt[]> {
  return creatorFeedQuery(db, creatorId, viewerId, after, take);
}

function creatorFeedQuery(
  db: Executor,
  creatorId: Param<string>,
  viewerId: Param<string> | null,
  after: KeysetParam | null,
  take: Param<number>,
) {
  return db
    .select({ ...josieColumns, cursorAt: keysetTime(josies.publishedAt), ...presentationColumns(viewerId) })
    .from(josies)
    .leftJoin(users, eq(users.id, josies.creatorId))
    .where(and(eq(josies.creatorId, creatorId), ...publishedAfter(after)))
    .orderBy(...newestFirst(josies.publishedAt, josies.id))
    .limit(take);
}

/**
 * One page (plus one row) of the josies `userId` saved that are still published, most recently saved
 * first; the keyset is the save's `(created_at, josie_id)`.
 */
export function savedRows(
  db: Executor,
  userId: string,
  after: Keyset | null,
  take: number,
): Promise<JosieRowAt[]> {
  return savedQuery(db, userId, after, take);
}

function savedQuery(db: Executor, userId: Param<string>, after: KeysetParam | null, take: Param<number>) {
  const conditions = [eq(josieSaves.userId, userId), eq(josies.status, 'published')];
  if (after) conditions.push(afterCursor(josieSaves.createdAt, josieSaves.josieId, after));
  return db
    .select({ ...josieColumns, cursorAt: keysetTime(josieSaves.createdAt), ...presentationColumns(userId) })
    .from(josieSaves)
    .innerJoin(josies, eq(josies.id, josieSaves.josieId))
    .leftJoin(users, eq(users.id, josies.creatorId))
    .where(and(...conditions))
    .orderBy(...newestFirst(josieSaves.createdAt, josieSaves.josieId))
    .limit(take);
}

/**
 * Reads one page (plus one row) of a feed: whose feed, who is looking (whose likes and saves), after which
 * position, how many rows.
 */
export type FeedPageReader = (
  ownerId: string,
  viewerId: string,
  after: Keyset | null,
  take: number,
) => Promise<JosieRowAt[]>;

/**
 * A row limit written into the SQL text instead of bound as a parameter. PostgreSQL costs a generic plan
 * whose limit is a parameter as if it read a tenth of the rows, so it would keep planning a prepared page
 * query anew on every execution (custom plans: half of the feed's database time, measured); with the page
 * size in the text it settles on one cached plan per size. `rows` is ours (the page size plus one).
 */
function literalLimit(rows: number): number {
  if (!Number.isInteger(rows) || rows < 1) throw new Error(`Invalid page size: ${rows}`);
  return sql.raw(String(rows)) as unknown as number;
}

/**
 * The three feeds' page queries as prepared statements of `db` (docs/performance.md): each statement is built
 * once per page size instead of on every request (building the lateral feed query was a tenth of a feed
 * request's CPU), and on PostgreSQL it is parsed once per connection (named statements) and planned once
 * ({@link literalLimit}). Same SQL and the same rows as {@link followingFeedRows}, {@link creatorFeedRows}
 * and {@link savedRows}, which stay for callers inside a transaction (a prepared statement runs on the
 * database, not on a transaction).
 */
export function prepareFeedQueries(db: Db): {
  following: FeedPageReader;
  creator: FeedPageReader;
  saved: FeedPageReader;
} {
  const owner = sql.placeholder('owner');
  const viewer = sql.placeholder('viewer');
  const cursor = { at: sql.placeholder('at'), id: sql.placeholder('id') };
  type Prepared = { execute(values: Record<string, unknown>): Promise<JosieRowAt[]> };
  const both = (
    name: string,
    build: (after: KeysetParam | null, take: number) => { prepare(name: string): Prepared },
  ): FeedPageReader => {
    const prepared = new Map<string, Prepared>();
    const statement = (next: boolean, rows: number) => {
      const key = `${name}_${next ? 'next' : 'first'}_${rows}`;
      let found = prepared.get(key);
      if (!found) {
        found = build(next ? cursor : null, literalLimit(rows)).prepare(key);
        prepared.set(key, found);
      }
      return found;
    };
    return (ownerId, viewerId, after, rows) =>
      after
        ? statement(true, rows).execute({ owner: ownerId, viewer: viewerId, at: after.at, id: after.id })
        : statement(false, rows).execute({ owner: ownerId, viewer: viewerId });
  };
  return {
    following: both('feed_following', (after, take) => followingFeedQuery(db, owner, after, take)),
    creator: both('feed_creator', (after, take) => creatorFeedQuery(db, owner, viewer, after, take)),
    saved: both('feed_saved', (after, take) => savedQuery(db, owner, after, take)),
  };
}
