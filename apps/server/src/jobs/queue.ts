import { and, count, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../db/client.js';
import { jobs } from '../db/schema.js';

/**
 * A durable job queue on the application's own PostgreSQL database (table `jobs`), so it runs the same on
 * embedded PGlite and on a PostgreSQL server (decision 0006). Jobs survive a restart; a failed job is
 * retried with exponential back-off until `maxAttempts`; several instances share the table safely
 * (`for update skip locked`). Delivery is at least once: a handler must tolerate running twice.
 */

/** A map from job name to payload type, e.g. `{ 'send.email': { to: string } }`. */
export type JobPayloadMap = Record<string, unknown>;

/** One claimed job as its handler sees it. */
export interface Job<P = unknown> {
  id: string;
  name: string;
  payload: P;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
}

/** Options of one enqueued job. */
export interface EnqueueOptions {
  /** Idempotency key: while a job with this key is kept, another one with it is not enqueued. */
  key?: string;
  /** Run no sooner than this many milliseconds from now. */
  delayMs?: number;
  /** Attempts before the job is given up as failed (default 10). */
  maxAttempts?: number;
}

/** A job to enqueue, for {@link JobQueue.enqueueMany}. */
export type JobSpec<M extends JobPayloadMap> = {
  [N in keyof M & string]: { name: N; payload: M[N]; options?: EnqueueOptions };
}[keyof M & string];

/** Thrown by a handler for a failure that retrying cannot fix: the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** The queue's public face. */
export interface JobQueue<M extends JobPayloadMap> {
  /**
   * Adds a job. With `executor` (a transaction) the job commits or rolls back with the caller's writes.
   * @returns false when `options.key` is already taken (nothing added).
   */
  enqueue<N extends keyof M & string>(
    name: N,
    payload: M[N],
    options?: EnqueueOptions,
    executor?: Executor,
  ): Promise<boolean>;
  /** Adds many jobs in one statement; jobs whose key is taken are skipped. @returns how many were added. */
  enqueueMany(specs: readonly JobSpec<M>[], executor?: Executor): Promise<number>;
  /** Registers the handler of `name`. A handler that throws makes the job retry (or fail, at the limit). */
  work<N extends keyof M & string>(name: N, handler: (job: Job<M[N]>) => Promise<void>): void;
  /** Starts polling (idempotent). */
  start(): void;
  /** Stops polling and waits for the jobs in progress to finish. */
  stop(): Promise<void>;
  /**
   * Resolves once this instance has nothing running and nothing of its own due (jobs waiting for a later
   * retry do not count), e.g. before a test measures the queries of a request.
   */
  idle(): Promise<void>;
}

/** Options of {@link createJobQueue}. */
export interface JobQueueOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /**
   * The longest wait between two looks for due jobs when idle (milliseconds). Jobs enqueued here start at
   * once and retries at their due time; this bounds how soon jobs of other instances (or of a crashed
   * one) are noticed.
   */
  pollIntervalMs: number;
  /** The first retry's delay; it doubles with each further attempt (see {@link backoffMs}). */
  retryBaseMs: number;
  /** Jobs run at once by this instance. */
  concurrency: number;
  /** How long a claimed job is reserved to its worker before another may take it (default 5 minutes). */
  leaseMs?: number;
  /** Completed jobs are deleted after this long (default a day); failed ones after 14 days. */
  keepCompletedMs?: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The longest wait between two attempts. */
export const MAX_BACKOFF_MS = HOUR;
const DEFAULT_MAX_ATTEMPTS = 10;
const KEEP_FAILED_MS = 14 * 24 * HOUR;
/** How often expired leases are released and old jobs purged. */
const MAINTENANCE_EVERY_MS = MINUTE;
/** How much of `last_error` is kept. */
const ERROR_TEXT_MAX = 2000;

/**
 * The delay before attempt `attempt + 1`, after `attempt` failed: `base * 2^(attempt-1)` capped at
 * {@link MAX_BACKOFF_MS}, of which the upper half is random ("equal jitter"), so jobs that failed together
 * (a mail server restart) do not all retry in the same instant.
 */
export function backoffMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

const millis = (ms: number) => sql`(now() + ${Math.max(0, Math.round(ms))} * interval '1 millisecond')`;

/** The text kept for a failure. */
function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, ERROR_TEXT_MAX);
}

/** Creates the queue; nothing runs until {@link JobQueue.start}. */
export function createJobQueue<M extends JobPayloadMap>(opts: JobQueueOptions): JobQueue<M> {
  const { db, log } = opts;
  const leaseMs = opts.leaseMs ?? 5 * MINUTE;
  const keepCompletedMs = opts.keepCompletedMs ?? 24 * HOUR;
  const handlers = new Map<string, (job: Job<unknown>) => Promise<void>>();
  const running = new Set<Promise<void>>();
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | null = null;
  let again = false;
  let lastMaintenance = 0;

  const row = (name: string, payload: unknown, options: EnqueueOptions = {}) => ({
    name,
    payload,
    key: options.key ?? null,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    ...(options.delayMs ? { runAt: millis(options.delayMs) } : {}),
  });

  async function insert(rows: ReturnType<typeof row>[], executor: Executor): Promise<number> {
    if (rows.length === 0) return 0;
    const added = await executor
      .insert(jobs)
      .values(rows)
      .onConflictDoNothing({ target: jobs.key })
      .returning({ id: jobs.id });
    if (added.length > 0 && rows.some((r) => !('runAt' in r))) wake();
    return added.length;
  }

  /** Releases the jobs of workers that died mid-run, and deletes old finished jobs. */
  async function maintain() {
    const now = Date.now();
    if (now - lastMaintenance < MAINTENANCE_EVERY_MS) return;
    lastMaintenance = now;
    const expired = and(eq(jobs.state, 'active'), lt(jobs.lockedUntil, sql`now()`));
    // A crashed attempt counts: a job that kills its worker every time still ends.
    await db
      .update(jobs)
      .set({ state: 'failed', finishedAt: sql`now()`, lockedUntil: null, lastError: 'lease expired' })
      .where(and(expired, sql`${jobs.attempts} >= ${jobs.maxAttempts}`));
    await db.update(jobs).set({ state: 'queued', lockedUntil: null }).where(expired);
    await db.delete(jobs).where(
      sql`(${jobs.state} = 'completed' and ${jobs.finishedAt} < ${millis(-keepCompletedMs)})
          or (${jobs.state} = 'failed' and ${jobs.finishedAt} < ${millis(-KEEP_FAILED_MS)})`,
    );
  }

  /** Claims up to `limit` due jobs of the names this instance handles, oldest due first. */
  async function claim(limit: number) {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(eq(jobs.state, 'queued'), lte(jobs.runAt, sql`now()`), inArray(jobs.name, [...handlers.keys()])),
      )
      .orderBy(jobs.runAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({ state: 'active', attempts: sql`${jobs.attempts} + 1`, lockedUntil: millis(leaseMs) })
      .where(inArray(jobs.id, due))
      .returning({
        id: jobs.id,
        name: jobs.name,
        payload: jobs.payload,
        attempts: jobs.attempts,
        maxAttempts: jobs.maxAttempts,
      });
  }

  /** Runs one claimed job and records the outcome; never throws. */
  async function run(claimed: Awaited<ReturnType<typeof claim>>[number]) {
    const job: Job<unknown> = {
      id: claimed.id,
      name: claimed.name,
      payload: claimed.payload,
      attempt: claimed.attempts,
      maxAttempts: claimed.maxAttempts,
    };
    // The row is ours only while it is still the attempt we claimed.
    const ours = and(eq(jobs.id, job.id), eq(jobs.state, 'active'), eq(jobs.attempts, job.attempt));
    try {
      const handler = handlers.get(job.name);
      if (!handler) throw new PermanentJobError(`no handler for ${job.name}`);
      await handler(job);
      await db
        .update(jobs)
        .set({ state: 'completed', finishedAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(ours);
    } catch (error) {
      const permanent = error instanceof PermanentJobError || job.attempt >= job.maxAttempts;
      log[permanent ? 'error' : 'warn'](
        { err: error, job: { id: job.id, name: job.name, attempt: job.attempt } },
        permanent ? 'job failed' : 'job failed; will retry',
      );
      try {
        await db
          .update(jobs)
          .set(
            permanent
              ? { state: 'failed', finishedAt: sql`now()`, lockedUntil: null, lastError: describe(error) }
              : {
                  state: 'queued',
                  runAt: millis(backoffMs(job.attempt, opts.retryBaseMs)),
                  lockedUntil: null,
                  lastError: describe(error),
                },
          )
          .where(ours);
      } catch (recordError) {
        // The lease will expire and the job run again.
        log.error({ err: recordError, job: { id: job.id } }, 'could not record a job failure');
      }
    }
  }

  /** Milliseconds until the next queued job of ours is due (by the database clock), at most `idle`. */
  async function untilNextDue(idle: number): Promise<number> {
    const [row] = await db
      .select({ ms: sql<number | null>`extract(epoch from (min(${jobs.runAt}) - now())) * 1000` })
      .from(jobs)
      .where(and(eq(jobs.state, 'queued'), inArray(jobs.name, [...handlers.keys()])));
    const ms = row?.ms === null || row?.ms === undefined ? idle : Number(row.ms);
    return Math.min(idle, Math.max(0, Math.ceil(ms)));
  }

  /**
   * Claims and starts what is due. @returns how long to wait before the next look: none after a full
   * batch, else until the next known due time (a retry), at most the poll interval (jobs enqueued by other
   * instances, or left by a crashed one). Local enqueues and finished jobs wake the poller sooner.
   */
  async function tick(): Promise<number> {
    const idle = opts.pollIntervalMs;
    try {
      await maintain();
      const free = opts.concurrency - running.size;
      if (free <= 0 || handlers.size === 0) return idle;
      const claimed = await claim(free);
      for (const job of claimed) {
        const task = run(job).finally(() => {
          running.delete(task);
          wake();
        });
        running.add(task);
      }
      if (claimed.length === free) return 0;
      return await untilNextDue(idle);
    } catch (error) {
      log.error({ err: error }, 'job queue poll failed');
      return idle;
    }
  }

  function schedule(delayMs: number) {
    clearTimeout(timer);
    timer = setTimeout(() => {
      again = false;
      ticking = tick().then((next) => {
        ticking = null;
        if (started) schedule(again ? 0 : next);
      });
    }, delayMs);
    timer.unref();
  }

  /** Looks for work now rather than at the next poll. */
  function wake() {
    if (!started) return;
    if (ticking) again = true;
    else schedule(0);
  }

  return {
    async enqueue(name, payload, options, executor = db) {
      return (await insert([row(name, payload, options)], executor)) === 1;
    },
    async enqueueMany(specs, executor = db) {
      return insert(
        specs.map((s) => row(s.name, s.payload, s.options)),
        executor,
      );
    },
    work(name, handler) {
      handlers.set(name, handler as (job: Job<unknown>) => Promise<void>);
      wake();
    },
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await ticking;
      await Promise.allSettled([...running]);
    },
    async idle() {
      // Event listeners that enqueue after a commit run on the next turns of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 0));
      for (;;) {
        if (running.size > 0) {
          await Promise.allSettled([...running]);
          continue;
        }
        if (ticking) {
          await ticking;
          continue;
        }
        if (!started || handlers.size === 0) return;
        const [row] = await db
          .select({ n: count() })
          .from(jobs)
          .where(
            and(
              eq(jobs.state, 'queued'),
              lte(jobs.runAt, sql`now()`),
              inArray(jobs.name, [...handlers.keys()]),
            ),
          );
        if (!row?.n) return;
        wake();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}
