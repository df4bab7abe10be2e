import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type SQLChunk, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { v5 as uuidv5 } from 'uuid';
import { afterCommit, type Executor, executeNamedText, type SqlExecutor } from '../db/client.js';

/**
 * The app's durable job queue, on pg-boss (decision 0018) in the application's own database: pg-boss keeps
 * its tables in the `pgboss` schema and runs its SQL through {@link SqlExecutor}, so the same queue works on
 * embedded PGlite and on a PostgreSQL server. Jobs survive a restart; a failed job is retried with
 * exponential back-off until `maxAttempts`; several instances share the tables (`for update skip locked`).
 * Delivery is at least once: a handler must tolerate running twice.
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
  /**
   * Idempotency key: while a job with this key is kept (until pg-boss archives it, see `keepFinished`),
   * another one with it is not enqueued. It becomes the job's id (a name-based UUID).
   */
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
   * Adds a job. With `executor` (a transaction) the job commits or rolls back with the caller's writes;
   * the queue must then be started (its tables exist), which the app does before it serves requests.
   * @returns false when `options.key` is already taken (nothing added).
   */
  enqueue<N extends keyof M & string>(
    name: N,
    payload: M[N],
    options?: EnqueueOptions,
    executor?: Executor,
  ): Promise<boolean>;
  /** Adds many jobs; jobs whose key is taken are skipped. @returns how many were added. */
  enqueueMany(specs: readonly JobSpec<M>[], executor?: Executor): Promise<number>;
  /** Registers the handler of `name`. A handler that throws makes the job retry (or fail, at the limit). */
  work<N extends keyof M & string>(name: N, handler: (job: Job<M[N]>) => Promise<void>): void;
  /**
   * Registers a handler of `name` that takes up to `batchSize` jobs at once, for work that costs far less
   * done together (a like storm's notifications: one write per group of likes, not per like). The batch is
   * completed together; when the handler throws, its jobs are run again one at a time, each retried or
   * failed on its own, so one bad job does not fail the others. The handler must be idempotent per job.
   */
  workBatch<N extends keyof M & string>(
    name: N,
    handler: (jobs: Job<M[N]>[]) => Promise<void>,
    options: { batchSize: number },
  ): void;
  /**
   * Runs `name` with `payload` on a cron schedule (5 fields, UTC), e.g. `'0 0 * * *'` every midnight. One
   * job per tick between all instances (pg-boss's timekeeper). Takes effect from {@link start}.
   */
  schedule<N extends keyof M & string>(name: N, cron: string, payload: M[N]): void;
  /** Creates pg-boss's schema if needed and starts the workers of the registered handlers (idempotent). */
  start(): Promise<void>;
  /**
   * Stops fetching and waits for the jobs in progress to finish (and their outcome to be recorded), so the
   * database can be closed next.
   */
  stop(): Promise<void>;
  /**
   * Resolves once this instance has nothing running and nothing due in its queues (jobs waiting for a later
   * retry do not count), e.g. before a test measures the queries of a request.
   */
  idle(): Promise<void>;
  /**
   * Wakes this instance's workers of `name` now rather than at their next poll. A job enqueued in a
   * `db.transaction` wakes them by itself once the transaction commits ({@link afterCommit}); this is for
   * work that makes jobs due otherwise.
   */
  wake(name: keyof M & string): void;
}

/** Options of {@link createJobQueue}. */
export interface JobQueueOptions {
  /** Runs pg-boss's own SQL outside Drizzle (see {@link SqlExecutor}). */
  sql: SqlExecutor;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /**
   * The longest wait between two looks for due jobs of a queue when idle (milliseconds; at least 500,
   * pg-boss's floor). Jobs enqueued here start at once and retries at their due time; this bounds how soon
   * jobs of other instances (or of a crashed one) are noticed.
   */
  pollIntervalMs: number;
  /**
   * The first retry's delay (milliseconds, rounded up to whole seconds: pg-boss keeps seconds); it doubles
   * with each further attempt, with jitter (see decision 0018).
   */
  retryBaseMs: number;
  /** Jobs of one name run at once by this instance. */
  concurrency: number;
  /** How long a job may run before pg-boss gives its attempt up and retries it (default 5 minutes). */
  leaseMs?: number;
  /** Finished jobs are archived after this long (default a day), failed ones after 14 days. */
  keepCompletedMs?: number;
  /**
   * How often pg-boss's maintenance runs (milliseconds, default 2 minutes; one instance at a time): it
   * retries the attempts whose lease ran out (a worker that died) and archives finished jobs.
   */
  maintenanceIntervalMs?: number;
  /**
   * Resolves when the work that enqueues jobs on its own, after a request answered (the event bus's
   * listeners in flight), has finished: {@link JobQueue.idle} waits for it before each count of open jobs,
   * so an insert still on its way is not missed.
   */
  producersIdle?: () => Promise<void>;
  /** How long {@link JobQueue.stop} waits for running jobs before pg-boss marks them failed (default 30 s). */
  stopTimeoutMs?: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DEFAULT_MAX_ATTEMPTS = 10;
const KEEP_FAILED_MS = 14 * DAY;
/** pg-boss's shortest polling interval. */
const MIN_POLL_MS = 500;
/** Namespace of the job ids made from idempotency keys (a fixed random UUID). */
const KEY_NAMESPACE = '0d5a7c1e-5f0b-4a6e-9c55-3f1f2f8c2b71';
const SCHEMA = 'pgboss';

/** The job id of an idempotency key: the same key always gives the same id. */
export const jobIdOfKey = (key: string) => uuidv5(key, KEY_NAMESPACE);

/**
 * pg-boss's executor over a Drizzle transaction (or the database): its positional parameters (`$1`, ...)
 * become Drizzle parameters, so the statement runs on the transaction's own connection (PGlite has only
 * one: a statement outside an open transaction would wait for it).
 */
export function transactionExecutor(executor: Executor): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const name = statementName(text);
      // Named texts (pg-boss's hot statements) go as written: their parameters are already positional.
      if (name) return { rows: await executeNamedText(executor, name, text, values) };
      const chunks: SQLChunk[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)), sql.param(values[Number(match[1]) - 1]));
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const query = sql.join(chunks);
      const result = (await executor.execute(query)) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** The most distinct texts of pg-boss that {@link transactionExecutor} prepares (each stays on each connection). */
const MAX_NAMED_TEXTS = 32;
const namedTexts = new Map<string, string>();

/**
 * A prepared statement's name for one of pg-boss's texts sent in a transaction (its insert of a job, one
 * per like or follow): planned once per connection instead of on every enqueue (docs/performance.md). The
 * name is the text's hash, so one name always goes with one text. Past {@link MAX_NAMED_TEXTS} texts (a
 * library that wrote values into its SQL) the rest go unnamed, so that no connection gathers statements
 * without bound.
 */
function statementName(text: string): string | undefined {
  const known = namedTexts.get(text);
  if (known || namedTexts.size >= MAX_NAMED_TEXTS) return known;
  const name = `pgboss_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  namedTexts.set(text, name);
  return name;
}

/**
 * SQLSTATEs of a lost race between instances installing pg-boss's schema or creating its queues at the same
 * moment: a deadlock victim (40P01), or a catalog row another session just wrote (23505 on a catalog index
 * such as `pg_namespace_nspname_index`; 42P06 schema, 42710 type or function, 42P07 table already there).
 * Both operations are idempotent, so retrying on any of them, even a unique violation of another cause, is
 * safe: at worst it fails again after the last try.
 */
const INSTALL_RACE_CODES = new Set(['40P01', '23505', '42P06', '42710', '42P07']);

/**
 * Runs `operation` again when it lost an install race ({@link INSTALL_RACE_CODES}). Instances that start
 * together on one database all find pg-boss's schema missing and install it and its queues at once;
 * PostgreSQL fails some of them. Both operations are idempotent (the next try finds the schema installed),
 * so the loser tries again after a short, jittered pause (up to `tries` times; decision 0018).
 */
export async function retryInstallRace<T>(operation: () => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code !== 'string' || !INSTALL_RACE_CODES.has(code) || attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

/** Creates the queue; nothing is fetched until {@link JobQueue.start}. */
export function createJobQueue<M extends JobPayloadMap>(opts: JobQueueOptions): JobQueue<M> {
  const { log } = opts;
  const leaseSeconds = Math.ceil((opts.leaseMs ?? 5 * MINUTE) / 1000);
  const retryDelaySeconds = Math.max(1, Math.ceil(opts.retryBaseMs / 1000));
  const pollSeconds = Math.max(MIN_POLL_MS, opts.pollIntervalMs) / 1000;

  // Every statement pg-boss sends through the app's executor is tracked, so stop() can wait for the last
  // completion to be recorded before the database closes.
  const inFlight = new Set<Promise<unknown>>();
  const db: SqlExecutor = {
    executeSql(text, values) {
      const query = opts.sql.executeSql(text, values);
      const tracked = query.finally(() => inFlight.delete(tracked));
      tracked.catch(() => {});
      inFlight.add(tracked);
      return query;
    },
  };
  const boss = new PgBoss({
    db: db as PgBoss.Db,
    schema: SCHEMA,
    archiveCompletedAfterSeconds: Math.ceil((opts.keepCompletedMs ?? DAY) / 1000),
    archiveFailedAfterSeconds: KEEP_FAILED_MS / 1000,
    deleteAfterDays: 7,
    maintenanceIntervalSeconds: Math.max(1, Math.round((opts.maintenanceIntervalMs ?? 2 * MINUTE) / 1000)),
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));

  const handlers = new Map<string, (job: Job<unknown>) => Promise<void>>();
  /** The handlers of {@link JobQueue.workBatch}, with their batch sizes. */
  const batchHandlers = new Map<string, { handle: (jobs: Job<unknown>[]) => Promise<void>; size: number }>();
  const schedules = new Map<string, { cron: string; payload: unknown }>();
  const workers = new Map<string, string[]>();
  const queues = new Set<string>();
  const running = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let booted: Promise<void> | null = null;
  let started = false;
  let stopping = false;

  const boot = () => {
    booted ??= retryInstallRace(() => boss.start()).then(() => undefined);
    return booted;
  };

  /** pg-boss adds jobs only to an existing queue; creating one is idempotent. */
  async function ensureQueue(name: string) {
    if (queues.has(name)) return;
    await retryInstallRace(() =>
      boss.createQueue(name, {
        name,
        policy: 'standard',
        retryBackoff: true,
        retryDelay: retryDelaySeconds,
        retryLimit: DEFAULT_MAX_ATTEMPTS - 1,
        expireInSeconds: leaseSeconds,
      }),
    );
    queues.add(name);
  }

  /** Wakes the workers of `name` now rather than at their next poll. */
  function notify(name: string) {
    for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
  }

  /** Wakes the workers of `name` when a retry of job `id` is due (pg-boss draws the delay itself). */
  async function wakeForRetry(name: string, id: string) {
    const job = await boss.getJobById(name, id);
    if (job?.state !== 'retry') return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        notify(name);
      },
      Math.max(0, job.startAfter.getTime() - Date.now()) + 10,
    );
    timer.unref();
    timers.add(timer);
  }

  const jobOf = (name: string, fetched: PgBoss.JobWithMetadata<unknown>): Job<unknown> => ({
    id: fetched.id,
    name,
    payload: fetched.data,
    attempt: fetched.retryCount + 1,
    maxAttempts: fetched.retryLimit + 1,
  });

  /** The handler of one job of `name`: its own, or its batch handler with a batch of one. */
  function handlerOf(name: string): ((job: Job<unknown>) => Promise<void>) | undefined {
    const batched = batchHandlers.get(name);
    return batched ? (job) => batched.handle([job]) : handlers.get(name);
  }

  /** Runs one fetched job and records its outcome; never throws. */
  async function run(name: string, fetched: PgBoss.JobWithMetadata<unknown>) {
    const job = jobOf(name, fetched);
    try {
      const handler = handlerOf(name);
      if (!handler) throw new PermanentJobError(`no handler for ${name}`);
      await handler(job);
      await boss.complete(name, job.id);
    } catch (error) {
      const permanent = error instanceof PermanentJobError || job.attempt >= job.maxAttempts;
      // A retry is the queue doing its job (a provider offline at start, a brief outage): info; the attempt
      // that gives up is the error someone must see.
      log[permanent ? 'error' : 'info'](
        { err: error, job: { id: job.id, name, attempt: job.attempt } },
        permanent ? 'job failed' : 'job failed; will retry',
      );
      try {
        if (permanent) {
          // pg-boss retries while retry_count < retry_limit; a permanent failure has no attempts left.
          await db.executeSql(
            `update ${SCHEMA}.job set retry_limit = retry_count where name = $1 and id = $2 and state = 'active'`,
            [name, job.id],
          );
        }
        await boss.fail(name, job.id, error instanceof Error ? error : new Error(String(error)));
        if (!permanent && !stopping) await wakeForRetry(name, job.id);
      } catch (recordError) {
        // pg-boss expires the attempt after its lease and runs the job again.
        log.error({ err: recordError, job: { id: job.id } }, 'could not record a job failure');
      }
    }
  }

  /**
   * One pg-boss worker's batch: its jobs run side by side, each completed or failed on its own. A full batch
   * wakes its worker: pg-boss sleeps the polling interval after every fetch, a full one too, so a backlog
   * would otherwise drain at one batch per interval (8 jobs every 10 s by default: a like storm's thousands of
   * notification jobs took hours).
   */
  function handleBatch(name: string) {
    return async (batch: PgBoss.JobWithMetadata<unknown>[]) => {
      const tasks = batch.map((fetched) => {
        const task = run(name, fetched).finally(() => running.delete(task));
        running.add(task);
        return task;
      });
      await Promise.all(tasks);
      if (batch.length >= opts.concurrency && !stopping) notify(name);
    };
  }

  /**
   * A batch of a {@link JobQueue.workBatch} handler: handled and completed together; when the handler throws,
   * each job is run again alone ({@link run}), so each is retried or failed on its own. Never throws.
   */
  async function runTogether(name: string, batch: PgBoss.JobWithMetadata<unknown>[]) {
    const handler = batchHandlers.get(name);
    if (handler && batch.length > 1) {
      try {
        await handler.handle(batch.map((fetched) => jobOf(name, fetched)));
        await boss.complete(
          name,
          batch.map((fetched) => fetched.id),
        );
        return;
      } catch (error) {
        log.info(
          { err: error, job: { name, count: batch.length } },
          'job batch failed; running its jobs alone',
        );
      }
    }
    for (const fetched of batch) await run(name, fetched);
  }

  /** One pg-boss worker's batch of a {@link JobQueue.workBatch} handler; a full one wakes its worker. */
  function handleTogether(name: string, size: number) {
    return async (batch: PgBoss.JobWithMetadata<unknown>[]) => {
      const task = runTogether(name, batch).finally(() => running.delete(task));
      running.add(task);
      await task;
      if (batch.length >= size && !stopping) notify(name);
    };
  }

  /** Sends one job; @returns whether it was added (false: its key is taken). */
  async function send(name: string, payload: unknown, options: EnqueueOptions = {}, executor?: Executor) {
    if (executor && !booted) throw new Error('start the job queue before enqueueing in a transaction');
    await boot();
    await ensureQueue(name);
    const id = await boss.send(name, payload as object, {
      // The key is also kept as pg-boss's singleton key, so the job's row shows it.
      ...(options.key ? { id: jobIdOfKey(options.key), singletonKey: options.key } : {}),
      ...(options.delayMs ? { startAfter: `${Math.round(options.delayMs)} milliseconds` } : {}),
      // Per job, not only per queue: pg-boss keeps a queue's settings from its creation.
      retryLimit: (options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS) - 1,
      retryDelay: retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: leaseSeconds,
      ...(executor ? { db: transactionExecutor(executor) as PgBoss.Db } : {}),
    });
    // Without a transaction the job is visible now; with one, once it commits (a worker woken before would
    // find nothing and sleep until its next poll, up to JOBS_POLL_INTERVAL_MS).
    if (id && !options.delayMs) afterCommit(() => notify(name));
    return id !== null;
  }

  /** Counts the jobs of this instance's queues that are due or being run. */
  async function openJobs(): Promise<number> {
    const names = [...handlers.keys(), ...batchHandlers.keys()];
    if (names.length === 0) return 0;
    const { rows } = await db.executeSql(
      `select count(*)::int as n from ${SCHEMA}.job
        where name = any($1::text[]) and (state = 'active' or (state < 'active' and start_after < now()))`,
      [names],
    );
    return Number((rows[0] as { n: number } | undefined)?.n ?? 0);
  }

  return {
    enqueue: (name, payload, options, executor) => send(name, payload, options, executor),
    async enqueueMany(specs, executor) {
      const added = await Promise.all(specs.map((s) => send(s.name, s.payload, s.options, executor)));
      return added.filter(Boolean).length;
    },
    work(name, handler) {
      if (started) throw new Error(`register the handler of ${name} before the job queue starts`);
      handlers.set(name, handler as (job: Job<unknown>) => Promise<void>);
    },
    workBatch(name, handler, { batchSize }) {
      if (started) throw new Error(`register the handler of ${name} before the job queue starts`);
      batchHandlers.set(name, {
        handle: handler as (jobs: Job<unknown>[]) => Promise<void>,
        size: Math.max(1, batchSize),
      });
    },
    schedule(name, cron, payload) {
      schedules.set(name, { cron, payload });
    },
    async start() {
      if (started) return;
      started = true;
      await boot();
      const names = [...handlers.keys(), ...batchHandlers.keys()];
      for (const name of new Set([...names, ...schedules.keys()])) await ensureQueue(name);
      for (const [name, { cron, payload }] of schedules) {
        await boss.schedule(name, cron, payload as object, { tz: 'UTC' });
      }
      for (const name of handlers.keys()) {
        const id = await boss.work(
          name,
          { includeMetadata: true, batchSize: opts.concurrency, pollingIntervalSeconds: pollSeconds },
          handleBatch(name),
        );
        workers.set(name, [id]);
      }
      for (const [name, { size }] of batchHandlers) {
        const id = await boss.work(
          name,
          { includeMetadata: true, batchSize: size, pollingIntervalSeconds: pollSeconds },
          handleTogether(name, size),
        );
        workers.set(name, [id]);
      }
    },
    async stop() {
      if (!booted || stopping) return;
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      // pg-boss stops fetching and waits for the batches in progress; a fetch that answers meanwhile still
      // runs its jobs, so the queue waits for those and for every statement it sent before it returns.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: opts.stopTimeoutMs ?? 30_000 });
      for (;;) {
        await Promise.allSettled([...running, ...inFlight]);
        await new Promise((resolve) => setImmediate(resolve));
        if (running.size === 0 && inFlight.size === 0) break;
      }
    },
    wake(name) {
      notify(name);
    },
    async idle() {
      // Event listeners that enqueue after a commit run on the next turns of the event loop.
      await sleep(0);
      if (!started || stopping) return;
      for (;;) {
        await opts.producersIdle?.();
        if (running.size > 0) {
          await Promise.allSettled([...running]);
          continue;
        }
        if ((await openJobs()) === 0 && running.size === 0) return;
        for (const name of [...handlers.keys(), ...batchHandlers.keys()]) notify(name);
        await sleep(5);
      }
    },
  };
}
