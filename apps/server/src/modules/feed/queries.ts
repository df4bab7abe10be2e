import {
  and,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  max,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client.js';
import {
  follows,
  homeFeedEntries,
  homeFeeds,
  josieLikes,
  josieSaves,
  josies,
  users,
} from '../../db/schema.js';
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

/**
 * The ids and publication times of the newest `take` josies of `userId`'s home feed after `after` (and,
 * with `atOrBefore`, published at or before it), as a subquery: the lateral read described at
 * {@link followingFeedRows}.
 */
function followingTop(
  db: Executor,
  userId: Param<string>,
  after: KeysetParam | null,
  atOrBefore: Param<string> | null,
  take: Param<number>,
) {
  const creators = db
    .select({ id: follows.curatorId })
    .from(follows)
    .where(eq(follows.followerId, userId))
    .unionAll(db.select({ id: users.id }).from(users).where(eq(users.id, userId)))
    .as('creators');
  const conditions = [eq(josies.creatorId, creators.id), ...publishedAfter(after)];
  if (atOrBefore !== null) conditions.push(sql`${josies.publishedAt} <= ${atOrBefore}::timestamptz`);
  const perCreator = db
    .select({ id: josies.id, publishedAt: josies.publishedAt })
    .from(josies)
    .where(and(...conditions))
    .orderBy(...newestFirst(josies.publishedAt, josies.id))
    .limit(take)
    .as('per_creator');
  return db
    .select({ id: perCreator.id })
    .from(creators)
    .crossJoinLateral(perCreator)
    .orderBy(...newestFirst(perCreator.publishedAt, perCreator.id))
    .limit(take)
    .as('top');
}

function followingFeedQuery(
  db: Executor,
  userId: Param<string>,
  after: KeysetParam | null,
  take: Param<number>,
) {
  const top = followingTop(db, userId, after, null, take);
  return db
    .select({ ...josieColumns, cursorAt: keysetTime(josies.publishedAt), ...presentationColumns(userId) })
    .from(top)
    .innerJoin(josies, eq(josies.id, top.id))
    .leftJoin(users, eq(users.id, josies.creatorId))
    .orderBy(...newestFirst(josies.publishedAt, josies.id));
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
 * Reads one page (plus one row) of a user's saved feed (the user's own likes and saves), after which
 * position, how many rows.
 */
export type FeedPageReader = (userId: string, after: Keyset | null, take: number) => Promise<JosieRowAt[]>;

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
 * The saved feed's page query as a prepared statement of `db` (docs/performance.md): built once per page
 * size instead of on every request, and on PostgreSQL parsed once per connection (named statements) and
 * planned once ({@link literalLimit}). Same SQL and the same rows as {@link savedRows}, which stays for
 * callers inside a transaction (a prepared statement runs on the database, not on a transaction). The home
 * and curator feeds read their rows with {@link prepareEntryQueries}.
 */
export function prepareFeedQueries(db: Db): { saved: FeedPageReader } {
  const owner = sql.placeholder('owner');
  const cursor = { at: sql.placeholder('at'), id: sql.placeholder('id') };
  type Prepared = { execute(values: Record<string, unknown>): Promise<JosieRowAt[]> };
  const prepared = new Map<string, Prepared>();
  const statement = (next: boolean, rows: number) => {
    const key = `feed_saved_${next ? 'next' : 'first'}_${rows}`;
    let found = prepared.get(key);
    if (!found) {
      found = savedQuery(db, owner, next ? cursor : null, literalLimit(rows)).prepare(key);
      prepared.set(key, found);
    }
    return found;
  };
  return {
    saved: (userId, after, rows) =>
      after
        ? statement(true, rows).execute({ owner: userId, at: after.at, id: after.id })
        : statement(false, rows).execute({ owner: userId }),
  };
}

// Home timelines kept on write (docs/decisions/0027-home-timelines.md). A reader's timeline holds every
// josie of their feed published after its horizon `home_feeds.since` (all of it when null); the rows at or
// before the horizon are read live from `josies` with followingTop.

/**
 * A feed row without the josie itself: what a page needs besides the shared serialized josies
 * (reads/read-caches.ts): the josie's id and creator, its position printed for the cursor, and the viewer's
 * two marks.
 */
export interface FeedEntryRow {
  id: string;
  creatorId: string;
  cursorAt: string;
  likedByMe: boolean;
  savedByMe: boolean;
}

/**
 * Whether `viewer` liked (or saved) the josie `josieId`: a primary-key probe of `table`. The probe is an
 * SQL of its own inside the field: drizzle writes the top-level columns of a one-table select's fields
 * without their table, which would turn `josie_likes.josie_id = home_feed_entries.josie_id` into
 * `"josie_id" = "josie_id"`, true for any like of the viewer.
 */
function marked(
  table: typeof josieLikes | typeof josieSaves,
  josieId: PgColumn,
  viewer: Param<string> | PgColumn | SQL,
) {
  const probe = sql`select 1 from ${table}
    where ${table.josieId} = ${josieId} and ${table.userId} = ${viewer}`;
  return sql<boolean>`exists (${probe})`;
}

/**
 * The {@link FeedEntryRow} fields of a page read as a lateral subquery named `page` (`id`, `creatorId`,
 * `publishedAt`; null on the row that says the page is empty), with `viewer`'s two marks, for the statement
 * around it.
 *
 * The marks are probed here, on the page's rows, and not inside the page: there PostgreSQL costs them for
 * every row the page's range could hold, not the page's 21, and reads all of the viewer's likes into a hash
 * instead of probing 21 keys (measured in docs/performance.md, "ninth round").
 */
function entryFields(
  page: {
    id: SQL.Aliased<string>;
    creatorId: SQL.Aliased<string>;
    publishedAt: SQL.Aliased<Date>;
  },
  viewer: PgColumn | SQL,
) {
  // A scalar subquery, which PostgreSQL never turns into a hash of the whole table: an `exists` here was,
  // in the prepared statement's generic plan, whose page size is a parameter (its estimate 68 rows a page,
  // not 21): a sequential scan of the 51,000 likes of the peer's data shape, 25 ms a statement.
  const josieId = sql`${sql.identifier('page')}.${sql.identifier(page.id.fieldAlias)}`;
  const mark = (table: typeof josieLikes | typeof josieSaves) =>
    sql<boolean>`coalesce((select true from ${table}
      where ${table.josieId} = ${josieId} and ${table.userId} = ${viewer} limit 1), false)`;
  return {
    id: sql<string>`${page.id}`.as('id'),
    creatorId: sql<string>`${page.creatorId}`.as('creatorId'),
    cursorAt: keysetTime(sql`${page.publishedAt}`).as('cursorAt'),
    likedByMe: mark(josieLikes).as('likedByMe'),
    savedByMe: mark(josieSaves).as('savedByMe'),
  };
}

/** `order by time desc, id desc`: the primary key of `home_feed_entries` read backwards. */
const timelineOrder = [sql`${homeFeedEntries.publishedAt} desc`, sql`${homeFeedEntries.josieId} desc`];

/**
 * A timeline page as {@link timelineQuery} reads it: the reader's horizon on every row, and a row whose `id`
 * is null when the page is empty (no row at all: the reader has no timeline yet).
 */
export interface TimelineRow extends Omit<FeedEntryRow, 'id' | 'creatorId'> {
  id: string | null;
  creatorId: string | null;
  /** The reader's horizon printed as a {@link Keyset.at}, or null when the timeline holds the whole feed. */
  since: string | null;
}

/** A {@link TimelineRow} with the reader whose timeline it belongs to, as a batched read answers it. */
export interface OwnedTimelineRow extends TimelineRow {
  owner: string;
}

/**
 * One page of each of `owners`' timelines after `after`, in one statement: each reader's `home_feeds` row,
 * then (lateral) a backward range of the primary key from the reader's newest row, rows at or before the
 * horizon left to the live read; the rows come grouped by reader. Several readers' first pages share one
 * statement (docs/decisions/0029-batched-timeline-reads.md). The rows are not checked against `josies`: a
 * josie that leaves the feeds leaves every timeline in the same transaction ({@link withdrawFromTimelines};
 * a deletion by cascade), which spares each page 21 probes of `josies` (a third of the statement's cost;
 * docs/performance.md).
 */
function timelineQuery(
  db: Executor,
  owners: Param<string[]>,
  after: KeysetParam | null,
  take: Param<number>,
) {
  const conditions = [
    eq(homeFeedEntries.userId, homeFeeds.userId),
    sql`(${homeFeeds.since} is null or ${homeFeedEntries.publishedAt} > ${homeFeeds.since})`,
  ];
  if (after) conditions.push(afterCursor(homeFeedEntries.publishedAt, homeFeedEntries.josieId, after));
  const page = db
    .select({
      id: sql<string>`${homeFeedEntries.josieId}`.as('id'),
      creatorId: sql<string>`${homeFeedEntries.creatorId}`.as('creator_id'),
      publishedAt: sql<Date>`${homeFeedEntries.publishedAt}`.as('published_at'),
    })
    .from(homeFeedEntries)
    .where(and(...conditions))
    .orderBy(...timelineOrder)
    .limit(take)
    .as('page');
  return db
    .select({
      owner: sql<string>`${homeFeeds.userId}`.as('owner'),
      ...entryFields(page, homeFeeds.userId),
      since: sql<
        string | null
      >`case when ${homeFeeds.since} is null then null else ${keysetTime(homeFeeds.since)} end`.as('since'),
    })
    .from(homeFeeds)
    .leftJoinLateral(page, sql`true`)
    .where(sql`${homeFeeds.userId} = any(${owners}::uuid[])`)
    .orderBy(sql`${homeFeeds.userId}`, sql`${page.publishedAt} desc`, sql`${page.id} desc`);
}

/** A creator page's row as {@link creatorEntriesQuery} answers it, with the creator and viewer it is for. */
export interface PairedEntryRow extends Omit<TimelineRow, 'since'> {
  creator: string;
  viewer: string;
}

/**
 * One page of each creator's published josies for a viewer, as {@link FeedEntryRow}s (`josies_feed_idx`
 * alone), in one statement with the creators' accounts: for each (creator, viewer) pair of the two arrays
 * (read side by side), the live curator's `users` row, then (lateral) the page with that viewer's marks; the
 * rows come grouped by pair (docs/decisions/0029-batched-timeline-reads.md). No row for a pair: no such live
 * curator (a listener, editor or admin has no curator feed, as the curator page shows none:
 * docs/product/routes-and-roles.md#curator-profile); one row with a null `id`: a curator without published
 * josies after `after`. The page's
 * columns have names of their own, so that no reader of the SQL has to work out which `id` is meant.
 */
function creatorEntriesQuery(
  db: Executor,
  creators: Param<string[]>,
  viewers: Param<string[]>,
  after: KeysetParam | null,
  take: Param<number>,
) {
  const viewer = sql`pair.viewer_id`;
  const page = db
    .select({
      id: sql<string>`${josies.id}`.as('entry_id'),
      creatorId: sql<string>`${josies.creatorId}`.as('entry_creator_id'),
      publishedAt: sql<Date>`${josies.publishedAt}`.as('entry_published_at'),
    })
    .from(josies)
    .where(and(eq(josies.creatorId, users.id), ...publishedAfter(after)))
    .orderBy(...newestFirst(josies.publishedAt, josies.id))
    .limit(take)
    .as('page');
  return db
    .select({
      creator: sql<string>`pair.creator_id`.as('creator'),
      viewer: sql<string>`${viewer}`.as('viewer'),
      ...entryFields(page, viewer),
    })
    .from(sql`unnest(${creators}::uuid[], ${viewers}::uuid[]) as pair(creator_id, viewer_id)`)
    .innerJoin(
      users,
      and(sql`${users.id} = pair.creator_id`, isNull(users.deletedAt), eq(users.role, 'curator')),
    )
    .leftJoinLateral(page, sql`true`)
    .orderBy(sql`pair.creator_id`, sql`${viewer}`, sql`${page.publishedAt} desc`, sql`${page.id} desc`);
}

/**
 * The rows of `userId`'s home feed published at or before `atOrBefore` (the timeline's horizon) and after
 * `after`, read live from `josies` (the lateral read of {@link followingFeedRows}): the pages beyond what the
 * timeline keeps.
 */
export function liveEntriesAtOrBefore(
  db: Executor,
  userId: string,
  after: Keyset | null,
  atOrBefore: string,
  take: number,
): Promise<FeedEntryRow[]> {
  const top = followingTop(db, userId, after, atOrBefore, take);
  return db
    .select({
      id: josies.id,
      creatorId: josies.creatorId,
      cursorAt: keysetTime(josies.publishedAt),
      likedByMe: marked(josieLikes, josies.id, userId),
      savedByMe: marked(josieSaves, josies.id, userId),
    })
    .from(top)
    .innerJoin(josies, eq(josies.id, top.id))
    .orderBy(...newestFirst(josies.publishedAt, josies.id));
}

/**
 * Serializes, until the end of `tx`, the timeline writes about `key` (a curator's publications and follows,
 * or one reader's timeline): a transaction-scoped advisory lock on its hash, so that of a publication and a
 * follow running at once the later one sees the earlier one's rows.
 */
export async function lockTimelines(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`feed:${key}`}, 0))`);
}

/** The curators `userId` follows and `userId`: whose publications reach the reader's timeline. */
export async function followedCreatorIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.select({ id: follows.curatorId }).from(follows).where(eq(follows.followerId, userId));
  return [...rows.map((r) => r.id), userId];
}

/** Makes `userId`'s timeline row; false when it exists already. */
export async function insertTimeline(tx: Executor, userId: string): Promise<boolean> {
  const rows = await tx
    .insert(homeFeeds)
    .values({ userId })
    .onConflictDoNothing()
    .returning({ id: homeFeeds.userId });
  return rows.length > 0;
}

/**
 * Writes the newest `max` josies of `userId`'s feed published after the horizon into the timeline (those
 * there already are kept). @returns how many rows were added.
 */
export async function fillTimeline(db: Executor, userId: string, max: number): Promise<number> {
  const top = followingTop(db, userId, null, null, max);
  const rows = await db
    .insert(homeFeedEntries)
    .select(
      db
        .select({
          userId: homeFeeds.userId,
          publishedAt: sql<Date>`${josies.publishedAt}`.as('published_at'),
          josieId: josies.id,
          creatorId: josies.creatorId,
        })
        .from(top)
        .innerJoin(josies, eq(josies.id, top.id))
        .innerJoin(homeFeeds, eq(homeFeeds.userId, userId))
        .where(sql`${homeFeeds.since} is null or ${josies.publishedAt} > ${homeFeeds.since}`),
    )
    .onConflictDoNothing()
    .returning({ id: homeFeedEntries.josieId });
  return rows.length;
}

/**
 * Keeps at most `keep` rows of `userId`'s timeline: the horizon moves to the `keep`-th newest row's time
 * and the rows at or before it go (the live read answers them).
 */
export async function trimTimeline(db: Executor, userId: string, keep: number): Promise<void> {
  await db.execute(sql`
    with cut as (
      select ${homeFeedEntries.publishedAt} as at from ${homeFeedEntries}
       where ${homeFeedEntries.userId} = ${userId}
       order by ${homeFeedEntries.publishedAt} desc, ${homeFeedEntries.josieId} desc
       offset ${keep - 1} limit 1
    ), moved as (
      update ${homeFeeds} set since = cut.at from cut
       where ${homeFeeds.userId} = ${userId} and (${homeFeeds.since} is null or ${homeFeeds.since} < cut.at)
      returning ${homeFeeds.since} as since
    )
    delete from ${homeFeedEntries} using moved
     where ${homeFeedEntries.userId} = ${userId} and ${homeFeedEntries.publishedAt} <= moved.since`);
}

/**
 * {@link trimTimeline} for the timelines of a batch of readers in user id order after `afterUserId`.
 * @returns how many readers the batch held and the last one's id (the next batch's start).
 */
export async function trimTimelines(
  db: Executor,
  afterUserId: string,
  batch: number,
  keep: number,
): Promise<{ count: number; last: string | null }> {
  const result = (await db.execute(sql`
    with readers as (
      select ${homeFeeds.userId} as id from ${homeFeeds} where ${homeFeeds.userId} > ${afterUserId}::uuid
       order by ${homeFeeds.userId} limit ${batch}
    ), cut as (
      select r.id, c.at from readers r cross join lateral (
        select e.published_at as at from ${homeFeedEntries} e where e.user_id = r.id
         order by e.published_at desc, e.josie_id desc offset ${keep - 1} limit 1) c
    ), moved as (
      update ${homeFeeds} h set since = cut.at from cut
       where h.user_id = cut.id and (h.since is null or h.since < cut.at)
      returning h.user_id as id, h.since as since
    ), gone as (
      delete from ${homeFeedEntries} e using moved where e.user_id = moved.id and e.published_at <= moved.since
    )
    select count(*)::int as "count", max(id::text) as "last" from readers`)) as unknown as {
    rows: { count: number; last: string | null }[];
  };
  const row = result.rows[0];
  return { count: Number(row?.count ?? 0), last: row?.last ?? null };
}

/**
 * Adds published josie `josieId` to the timelines of one page of its curator's followers (in follower id
 * order after `afterFollowerId`, `limit` of them) that have a timeline, and, on the first page, to the
 * curator's own. Read from the josie row, so a josie no longer published adds nothing.
 * @returns how many followers the page held and the last one's id (the next page's start).
 */
export async function fanOutPage(
  db: Executor,
  josieId: string,
  creatorId: string,
  afterFollowerId: string | null,
  limit: number,
): Promise<{ count: number; last: string | null }> {
  const start = afterFollowerId ?? '00000000-0000-0000-0000-000000000000';
  const self = afterFollowerId === null ? sql`union all select ${creatorId}::uuid` : sql``;
  const result = (await db.execute(sql`
    with page as (
      select ${follows.followerId} as id from ${follows}
       where ${follows.curatorId} = ${creatorId} and ${follows.followerId} > ${start}::uuid
       order by ${follows.followerId} limit ${limit}
    ), added as (
      insert into ${homeFeedEntries} (user_id, published_at, josie_id, creator_id)
      select h.user_id, j.published_at, j.id, j.creator_id
        from (select id from page ${self}) r
        join ${homeFeeds} h on h.user_id = r.id
        join ${josies} j on j.id = ${josieId} and j.status = 'published' and j.published_at is not null
       where h.since is null or j.published_at > h.since
      on conflict do nothing
    )
    select count(*)::int as "count", max(id::text) as "last" from page`)) as unknown as {
    rows: { count: number; last: string | null }[];
  };
  const row = result.rows[0];
  return { count: Number(row?.count ?? 0), last: row?.last ?? null };
}

/**
 * Adds curator `curatorId`'s newest `max` published josies after the horizon to `readerId`'s timeline, if
 * the reader has one (a follow). @returns how many rows were added.
 */
export async function addCuratorToTimeline(
  db: Executor,
  readerId: string,
  curatorId: string,
  max: number,
): Promise<number> {
  const result = (await db.execute(sql`
    insert into ${homeFeedEntries} (user_id, published_at, josie_id, creator_id)
    select h.user_id, j.published_at, j.id, j.creator_id from ${homeFeeds} h
     cross join lateral (
       select id, creator_id, published_at from ${josies}
        where creator_id = ${curatorId} and status = 'published' and published_at is not null
          and (h.since is null or published_at > h.since)
        order by published_at desc nulls last, id desc nulls last limit ${max}) j
     where h.user_id = ${readerId}
    on conflict do nothing
    returning josie_id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/**
 * Removes josie `josieId` from every timeline, unless it is published (an edit sent it back to review):
 * one statement on `home_feed_entries_josie_idx`, as many rows as readers who had it (a re-approval puts
 * them back through the fan-out).
 */
export async function withdrawFromTimelines(db: Executor, josieId: string): Promise<void> {
  await db.execute(sql`
    delete from ${homeFeedEntries} where ${homeFeedEntries.josieId} = ${josieId}
       and not exists (
         select 1 from ${josies} where ${josies.id} = ${josieId} and ${josies.status} = 'published')`);
}

/**
 * Removes from `readerId`'s timeline the rows of josies no longer published: what a build's first
 * transaction may have added from a snapshot taken before an edit withdrew the josie
 * ({@link withdrawFromTimelines} ran before those rows were committed). Each of the reader's rows (at most
 * `HOME_FEED_MAX`) looks up its josie's status by key, a subquery per row that the planner cannot turn into
 * a join: as a join on `status <> 'published'`, which no index answers, it read every josie on every
 * build (docs/performance.md).
 */
export async function dropWithdrawn(db: Executor, readerId: string): Promise<void> {
  await db.execute(sql`
    delete from ${homeFeedEntries} e
     where e.user_id = ${readerId}
       and (select j.status from ${josies} j where j.id = e.josie_id) is distinct from 'published'`);
}

/** Removes curator `curatorId`'s josies from `readerId`'s timeline (an unfollow). */
export async function removeCuratorFromTimeline(
  db: Executor,
  readerId: string,
  curatorId: string,
): Promise<void> {
  await db
    .delete(homeFeedEntries)
    .where(and(eq(homeFeedEntries.userId, readerId), eq(homeFeedEntries.creatorId, curatorId)));
}

/**
 * The timeline and creator pages as prepared statements of `db` (see {@link prepareFeedQueries}): the hot
 * reads of the feed, parsed and planned once per connection and page size.
 */
export function prepareEntryQueries(db: Db): {
  /** One page of each reader's timeline ({@link timelineQuery}): no rows for a reader without one. */
  timelines: (ownerIds: readonly string[], after: Keyset | null, rows: number) => Promise<OwnedTimelineRow[]>;
  /** One page of each (creator, viewer) pair's creator feed ({@link creatorEntriesQuery}). */
  creators: (
    pairs: readonly { creatorId: string; viewerId: string }[],
    after: Keyset | null,
    rows: number,
  ) => Promise<PairedEntryRow[]>;
} {
  const owners = sql.placeholder('owners');
  const creators = sql.placeholder('creators');
  const viewers = sql.placeholder('viewers');
  const cursor = { at: sql.placeholder('at'), id: sql.placeholder('id') };
  // Read with `all()`: the driver's rows as they come, by column name, instead of `execute()`'s mapping of
  // each field through drizzle's decoders, which tells a column from an SQL by walking prototype chains
  // (`is()`): a tenth of the feed's server CPU for the 21 rows of each reader (docs/performance.md). Every
  // field of the two statements is aliased by its name in the row type, and each is a text, uuid or
  // boolean, which both drivers decode as the row type says. Both drivers' prepared queries have `all()`;
  // drizzle's common type leaves it out.
  type Prepared<R> = { all(values: Record<string, unknown>): Promise<R[]> };
  const cache = new Map<string, Prepared<unknown>>();
  const statement = <R>(key: string, build: () => { prepare(name: string): unknown }) => {
    let found = cache.get(key) as Prepared<R> | undefined;
    if (!found) {
      found = build().prepare(key) as Prepared<R>;
      cache.set(key, found);
    }
    return found;
  };
  return {
    timelines: (ownerIds, after, rows) =>
      statement<OwnedTimelineRow>(`feed_timelines_${after ? 'next' : 'first'}_${rows}`, () =>
        timelineQuery(db, owners, after ? cursor : null, literalLimit(rows)),
      ).all({ owners: [...ownerIds], ...(after ? { at: after.at, id: after.id } : {}) }),
    creators: (pairs, after, rows) =>
      statement<PairedEntryRow>(`feed_creator_entries_${after ? 'next' : 'first'}_${rows}`, () =>
        creatorEntriesQuery(db, creators, viewers, after ? cursor : null, literalLimit(rows)),
      ).all({
        creators: pairs.map((p) => p.creatorId),
        viewers: pairs.map((p) => p.viewerId),
        ...(after ? { at: after.at, id: after.id } : {}),
      }),
  };
}
