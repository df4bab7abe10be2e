import { randomUUID } from 'node:crypto';
import { LIMITS } from '@josie/contract';
import DataLoader from 'dataloader';
import { NIL as NIL_UUID } from 'uuid';
import type { Db, Executor } from '../../db/client.js';
import type { AppJobQueue } from '../../jobs/app-jobs.js';
import type { Job } from '../../jobs/queue.js';
import type { Keyset } from './cursor.js';
import {
  addCuratorToTimeline,
  dropWithdrawn,
  type FeedEntryRow,
  fanOutPage,
  fillTimeline,
  followedCreatorIds,
  insertTimeline,
  liveEntriesAtOrBefore,
  lockTimelines,
  type OwnedTimelineRow,
  type PairedEntryRow,
  prepareEntryQueries,
  removeCuratorFromTimeline,
  type TimelineRow,
  trimTimeline,
  trimTimelines,
  withdrawFromTimelines,
} from './queries.js';

/** The jobs of home timelines, by name, with their payloads (docs/decisions/0027-home-timelines.md). */
export type FeedJobs = {
  /**
   * Adds a published josie to the next page of its curator's followers' timelines (after `after`). `run`
   * names the approval the chain of pages belongs to: the pages' idempotency keys carry it, so a josie
   * approved again (after an edit sent it back to review) gets a chain of its own.
   */
  'feed.fan-out': { josieId: string; creatorId: string; run: string; after: string | null };
  /** Trims every timeline to its bound, moving horizons (hourly). */
  'feed.trim': { run: 'hourly' };
};

/** The rows one reader's timeline keeps unless `HOME_FEED_MAX` says otherwise: 20 pages. */
export const HOME_FEED_MAX_DEFAULT = 400;

/** Followers a `feed.fan-out` job adds at once: one statement, tens of milliseconds. */
export const FAN_OUT_PAGE = 1_000;
/** Timelines a `feed.trim` statement handles at once. */
const TRIM_BATCH = 500;
/** When timelines are trimmed: every hour, at minute 20 (cron, UTC). */
export const TRIM_CRON = '20 * * * *';

/** A fan-out page's idempotency key: the josie, the approval's chain and the page's first follower. */
const fanOutKey = (josieId: string, run: string, after: string | null) =>
  `feed-fan-out:${josieId}:${run}:${after ?? 'start'}`;

/** A creator page's batch key: the creator and the viewer. */
const pairKey = (creatorId: string, viewerId: string) => `${creatorId}:${viewerId}`;

/** The lock of a curator's publications and follows, and of one reader's timeline ({@link lockTimelines}). */
const curatorKey = (id: string) => `curator:${id}`;
const readerKey = (id: string) => `reader:${id}`;

/** Options of {@link createHomeTimelines}. */
export interface HomeTimelinesOptions {
  db: Db;
  jobs: AppJobQueue;
  /** The most rows one reader's timeline keeps (`HOME_FEED_MAX`). */
  max: number;
  /** Followers a publication adds in its own transaction (`HOME_FEED_INLINE_FOLLOWERS`). */
  inlineFollowers: number;
}

/** The most readers whose first pages one statement reads (docs/decisions/0029-batched-timeline-reads.md). */
export const FIRST_PAGE_BATCH = 64;

/** The rows a feed's first page reads: the page size, and one more to tell whether more exist. */
const FIRST_PAGE_ROWS = LIMITS.feedPageSize + 1;

/**
 * A loader of the first pages asked for during one turn of the event loop, read in one statement when the
 * turn ends (docs/decisions/0029-batched-timeline-reads.md): under load, many requests share one round trip
 * and one execution instead of each paying its own. `read` answers the rows of every ask; `askKey` and
 * `rowKey` tell which ask a row belongs to; asks with the same key share one answer. Nothing is kept between batches (`cache: false`): each request
 * reads the database afresh.
 */
function batchedPages<K, R>(
  read: (asks: readonly K[]) => Promise<R[]>,
  askKey: (ask: K) => string,
  rowKey: (row: R) => string,
): DataLoader<K, R[], string> {
  return new DataLoader<K, R[], string>(
    async (asks) => {
      // The same ask twice in a batch (two tabs of one reader) is read once: a pair listed twice would
      // come back with every row twice.
      const unique = [...new Map(asks.map((ask) => [askKey(ask), ask])).values()];
      const byAsk = new Map<string, R[]>();
      for (const row of await read(unique)) {
        const rows = byAsk.get(rowKey(row));
        if (rows) rows.push(row);
        else byAsk.set(rowKey(row), [row]);
      }
      return asks.map((ask) => byAsk.get(askKey(ask)) ?? []);
    },
    { cache: false, maxBatchSize: FIRST_PAGE_BATCH, batchScheduleFn: (run) => setImmediate(run) },
  );
}

/**
 * Home timelines kept on write (docs/decisions/0027-home-timelines.md): each reader's feed as rows of
 * `home_feed_entries`, so that a page is one range read whatever the number of curators followed. The rows
 * are written by the transactions that change a feed (a publication, a follow, an unfollow, an edit that
 * sends a published josie back to review) and removed with what they point at (foreign keys: a deleted
 * josie, a deleted reader), so a page reads them without checking `josies`. A reader's timeline is built
 * on their first read, so that readers who never come back cost no writes. Beyond its bound (its
 * horizon), the feed is read live from `josies` as before.
 */
export function createHomeTimelines(opts: HomeTimelinesOptions) {
  const { db, jobs, max, inlineFollowers } = opts;
  const entries = prepareEntryQueries(db);

  /** The home feeds' first pages, batched by reader. */
  const firstPages = batchedPages(
    (readerIds: readonly string[]) => entries.timelines(readerIds, null, FIRST_PAGE_ROWS),
    (readerId) => readerId,
    (row: OwnedTimelineRow) => row.owner,
  );

  /** The curator feeds' first pages, batched by curator and viewer (each viewer has their own marks). */
  const firstCreatorPages = batchedPages(
    (pairs: readonly { creatorId: string; viewerId: string }[]) =>
      entries.creators(pairs, null, FIRST_PAGE_ROWS),
    (pair) => pairKey(pair.creatorId, pair.viewerId),
    (row: PairedEntryRow) => pairKey(row.creator, row.viewer),
  );

  /** One page of `readerId`'s timeline: a first page through the batch, a later one alone. */
  const timelinePage = (readerId: string, after: Keyset | null, take: number): Promise<TimelineRow[]> =>
    after === null && take === FIRST_PAGE_ROWS
      ? firstPages.load(readerId)
      : entries.timelines([readerId], after, take);

  /**
   * Builds `readerId`'s timeline from the live feed: its newest `max` rows. The timeline row and its rows
   * commit together (a reader never sees a built but empty timeline); a publication committed while it ran
   * missed both the live read and this reader (it did not see the uncommitted timeline), so the live read
   * is repeated once after the commit, under the locks of the reader's curators (an approval committing
   * then is waited for) and the reader's own, as a follow and an unfollow take them. Under the same locks
   * it drops the rows of josies withdrawn meanwhile (an edit whose delete ran before this build's rows
   * were committed).
   */
  async function build(readerId: string): Promise<void> {
    const created = await db.transaction(async (tx) => {
      await lockTimelines(tx, readerKey(readerId));
      if (!(await insertTimeline(tx, readerId))) return false;
      if ((await fillTimeline(tx, readerId, max)) >= max) await trimTimeline(tx, readerId, max);
      return true;
    });
    if (!created) return;
    // Under the locks of the reader's curators (and the reader's own), which an approval holds until it
    // commits: one committing at this moment is waited for and then seen. Under the reader's lock too: an
    // unfollow committing meanwhile must not see its rows put back.
    await db.transaction(async (tx) => {
      for (const id of (await followedCreatorIds(tx, readerId)).sort())
        await lockTimelines(tx, curatorKey(id));
      await lockTimelines(tx, readerKey(readerId));
      await dropWithdrawn(tx, readerId);
      if ((await fillTimeline(tx, readerId, max)) > 0) await trimTimeline(tx, readerId, max);
    });
  }

  return {
    /**
     * Up to `take` rows of `readerId`'s home feed after `after`, newest first: the timeline's range, then,
     * when it runs out above its horizon, the live read below it. Builds the timeline on a first read.
     * One statement, unless the page reaches below the horizon.
     */
    async page(readerId: string, after: Keyset | null, take: number): Promise<FeedEntryRow[]> {
      let found = await timelinePage(readerId, after, take);
      if (found.length === 0) {
        await build(readerId);
        found = await timelinePage(readerId, after, take);
      }
      const rows = found.filter((r): r is TimelineRow & FeedEntryRow => r.id !== null);
      const since = found[0]?.since ?? null;
      if (rows.length === take || since === null) return rows;
      const last = rows.at(-1);
      const from = last ? { at: last.cursorAt, id: last.id } : after;
      return [...rows, ...(await liveEntriesAtOrBefore(db, readerId, from, since, take - rows.length))];
    },

    /**
     * One page of a curator's published josies for `viewerId` as feed rows (`josies_feed_idx` alone), in
     * one statement with the curator's account; null when `curatorId` is no live account.
     */
    async creatorPage(
      curatorId: string,
      viewerId: string | null,
      after: Keyset | null,
      take: number,
    ): Promise<FeedEntryRow[] | null> {
      // A visitor reads as the nil UUID, which no account has: both marks false, and one batch key for all.
      const pair = { creatorId: curatorId, viewerId: viewerId ?? NIL_UUID };
      const found =
        after === null && take === FIRST_PAGE_ROWS
          ? await firstCreatorPages.load(pair)
          : await entries.creators([pair], after, take);
      if (found.length === 0) return null;
      return found.filter((r): r is (typeof found)[number] & FeedEntryRow => r.id !== null);
    },

    /**
     * A josie was published, inside the approving transaction: it goes into its curator's timeline and
     * the first `inlineFollowers` followers' now, and a `feed.fan-out` job (enqueued in the same
     * transaction) takes the rest 1,000 at a time, so the approve request costs the same whatever the
     * curator's audience. Call {@link committed} after the commit.
     */
    async published(tx: Executor, josie: { id: string; creatorId: string }): Promise<void> {
      await lockTimelines(tx, curatorKey(josie.creatorId));
      const { count, last } = await fanOutPage(tx, josie.id, josie.creatorId, null, inlineFollowers);
      if (count < inlineFollowers) return;
      const run = randomUUID();
      await jobs.enqueue(
        'feed.fan-out',
        { josieId: josie.id, creatorId: josie.creatorId, run, after: last },
        { key: fanOutKey(josie.id, run, last) },
        tx,
      );
    },

    /** Wakes the fan-out workers after a transaction that called {@link published} committed. */
    committed(): void {
      jobs.wake('feed.fan-out');
    },

    /**
     * `readerId` now follows `curatorIds`, inside the follow's transaction: each curator's newest josies
     * join the reader's timeline (when the reader has one), under the curator's lock, so that a
     * publication committing meanwhile is either seen here or sees the follow.
     */
    async followed(tx: Executor, readerId: string, curatorIds: readonly string[]): Promise<void> {
      const sorted = [...curatorIds].sort();
      for (const id of sorted) await lockTimelines(tx, curatorKey(id));
      await lockTimelines(tx, readerKey(readerId));
      let full = false;
      for (const id of sorted) full = (await addCuratorToTimeline(tx, readerId, id, max)) >= max || full;
      // A curator with more josies than the bound above the horizon: the horizon moves up to the rows kept.
      if (full) await trimTimeline(tx, readerId, max);
    },

    /**
     * A published josie left the feeds (its creator's edit sent it back to review), inside that
     * transaction: it leaves every timeline, under its curator's lock, so that a fan-out page or a follow
     * running meanwhile (each reads the josie's status under that lock) either committed before, and its
     * rows are deleted here, or adds nothing; a build's rows are checked again by its second transaction.
     */
    async withdrawn(tx: Executor, josie: { id: string; creatorId: string }): Promise<void> {
      await lockTimelines(tx, curatorKey(josie.creatorId));
      await withdrawFromTimelines(tx, josie.id);
    },

    /** `readerId` no longer follows `curatorId`, inside the unfollow's transaction. */
    async unfollowed(tx: Executor, readerId: string, curatorId: string): Promise<void> {
      await lockTimelines(tx, curatorKey(curatorId));
      await lockTimelines(tx, readerKey(readerId));
      await removeCuratorFromTimeline(tx, readerId, curatorId);
    },
  };
}
export type HomeTimelines = ReturnType<typeof createHomeTimelines>;

/**
 * The handlers of {@link FeedJobs}: `fanOut` for `feed.fan-out` and `trim` for the hourly `feed.trim`; the
 * composition root registers them and the trim's schedule ({@link TRIM_CRON}). `feed.fan-out` works one page
 * per job in a transaction holding the curator's lock (a follow or unfollow of that curator waits for it),
 * and enqueues the next page in it.
 */
export function timelineJobs(deps: { db: Db; jobs: AppJobQueue; max: number }) {
  const { db, jobs, max } = deps;
  const fanOut = async ({ payload: data }: Job<FeedJobs['feed.fan-out']>) => {
    const next = await db.transaction(async (tx) => {
      await lockTimelines(tx, curatorKey(data.creatorId));
      const { count, last } = await fanOutPage(tx, data.josieId, data.creatorId, data.after, FAN_OUT_PAGE);
      if (count < FAN_OUT_PAGE || last === null) return false;
      return jobs.enqueue(
        'feed.fan-out',
        { ...data, after: last },
        { key: fanOutKey(data.josieId, data.run, last) },
        tx,
      );
    });
    if (next) jobs.wake('feed.fan-out');
  };
  const trim = async () => {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const { count, last } = await trimTimelines(db, after, TRIM_BATCH, max);
      if (count < TRIM_BATCH || last === null) return;
      after = last;
    }
  };
  return { fanOut, trim };
}
