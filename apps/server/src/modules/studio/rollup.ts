import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import { lockMark, moveMark, purgeFirsts, purgeSalts } from './queries.js';
import { batchEnd, countRange } from './rollup.queries.js';

/**
 * The studio's rollup (docs/decisions/0050-curator-studio-counts.md): raw `analytics_events` become daily
 * counts per josie (`studio_josie_days`) and per curator (`studio_curator_days`), which are all the studio
 * reads.
 *
 * - Incremental: a mark (`studio_marks`) holds the last event counted by `(xid, id)`. Only events of
 *   transactions below the snapshot's `xmin` are read, every one of which has ended, so an event still
 *   committing is read by a later run, never skipped (as the like outbox, decision 0034).
 * - Idempotent: one batch is one transaction that locks the mark row (`for update`), counts the events after
 *   it and moves it. A retry after a failure rolls the counts back with the mark; a second instance waits on
 *   the lock, then reads on from the moved mark. No event is counted twice.
 * - Reader events (`josie_view`, `josie_play`, `also_on_click`, `josie_share`, `follow_source`) count once
 *   per reader, subject and UTC day: the first one inserts its `studio_firsts` row, a later one finds it.
 *   Bots' events are never counted. Server events (likes, saves, comments, follows, invite joins) count
 *   each.
 */

/**
 * The job's name and payload (registered by the composition root): `periodic` from the cron, `prompt` soon
 * after studio events are recorded ({@link studioRollupPrompt}).
 */
export type StudioJobs = {
  'studio.rollup': { run: 'periodic' | 'start' | 'prompt' };
};

/** When the rollup runs at the latest: every minute (cron), the backstop of the prompt runs. */
export const STUDIO_ROLLUP_CRON = '* * * * *';

/** The window of the prompt runs (seconds): an event is counted by a run that starts at most this long after it. */
export const STUDIO_PROMPT_SECONDS = 3;

/** Events one transaction counts at most: a bounded transaction, and a run's progress kept on failure. */
export const ROLLUP_BATCH = 20_000;

/** What one {@link rollUp} did: events read (counted or not) and batches (transactions). */
export interface RollupResult {
  events: number;
  batches: number;
}

/**
 * Counts every ended event after the mark, {@link ROLLUP_BATCH} per transaction, until none is left (or
 * `maxBatches` ran). When it caught up it deletes the `studio_firsts` rows of days before yesterday (they
 * guard only the days still being counted) and the salts of past days (decision 0050: a salt lives one day).
 */
export async function rollUp(
  db: Db,
  opts: { batch?: number; maxBatches?: number } = {},
): Promise<RollupResult> {
  const limit = opts.batch ?? ROLLUP_BATCH;
  const name = 'rollup';
  const result: RollupResult = { events: 0, batches: 0 };
  for (;;) {
    if (opts.maxBatches !== undefined && result.batches >= opts.maxBatches) return result;
    const moved = await db.transaction(async (tx) => {
      const from = await lockMark(tx, name);
      const to = await batchEnd(tx, from, limit);
      if (!to) return 0;
      await countRange(tx, from, to);
      await moveMark(tx, name, to);
      return to.events;
    });
    if (moved === 0) break;
    result.events += moved;
    result.batches += 1;
    if (moved < limit) break;
  }
  await purgeFirsts(db);
  await purgeSalts(db);
  return result;
}

/**
 * Asks for a rollup soon after a studio event was recorded (decision 0050, amended), so that counts appear
 * within seconds rather than at the next minute's cron: call it after the event's insert has committed.
 *
 * The clock is cut into windows of `seconds`; the first event of a window on this instance enqueues one
 * `studio.rollup` job keyed by the window (the queue's idempotency key: pg-boss's job id and singleton key,
 * so the instances of one window add one job between them), starting `seconds` after that event, hence
 * after the window's end and after every event of the window. Later events of the window enqueue nothing,
 * so a burst of any size costs one insert per instance and window, and one run. The instance wakes its
 * workers when the job is due instead of waiting for their next poll. A failed enqueue is logged and left to
 * the cron; instances whose clocks disagree near a window's edge may add a second job, which finds little
 * to count (the rollup is idempotent).
 */
export function studioRollupPrompt(deps: {
  jobs: Pick<JobQueue<StudioJobs>, 'enqueue' | 'wake'>;
  log: { warn(obj: object, msg: string): void };
  /** The window, in seconds (default {@link STUDIO_PROMPT_SECONDS}). */
  seconds?: number;
  /** Now, in milliseconds since the epoch (tests move it). */
  now?: () => number;
}): () => void {
  const windowMs = (deps.seconds ?? STUDIO_PROMPT_SECONDS) * 1000;
  const now = deps.now ?? Date.now;
  let asked = -1;
  return () => {
    const window = Math.floor(now() / windowMs);
    if (window === asked) return;
    asked = window;
    deps.jobs
      .enqueue('studio.rollup', { run: 'prompt' }, { key: `studio.rollup:${window}`, delayMs: windowMs })
      .then((added) => {
        if (!added) return;
        setTimeout(() => deps.jobs.wake('studio.rollup'), windowMs + 50).unref();
      })
      .catch((error: unknown) => {
        if (asked === window) asked = -1;
        deps.log.warn({ err: error }, 'studio rollup not asked for; the cron will run it');
      });
  };
}

/** The handler of `studio.rollup` (decision 0018): retried like any job when it fails. */
export function studioRollupJob(deps: { db: Db }): () => Promise<void> {
  return async () => {
    await rollUp(deps.db);
  };
}
