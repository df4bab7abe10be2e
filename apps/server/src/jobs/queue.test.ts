import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { jobRows } from '../test/jobs.js';
import {
  createJobQueue,
  type Job,
  type JobQueue,
  type JobQueueOptions,
  jobIdOfKey,
  PermanentJobError,
  retryInstallRace,
} from './queue.js';

type TestJobs = {
  'test.echo': { n: number };
  'test.flaky': { failures: number };
  'test.broken': { reason: string };
};

const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** Waits until `check` answers a value (polling), or fails after `timeoutMs`. */
async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('job queue', () => {
  let ctx: TestContext;
  const queues: JobQueue<TestJobs>[] = [];

  /** A queue over the test database that handles only the test's job names (the app's own queue skips them). */
  function queue(overrides: Partial<JobQueueOptions> = {}) {
    const q = createJobQueue<TestJobs>({
      sql: ctx.database.sql,
      log: silent,
      pollIntervalMs: 500,
      retryBaseMs: 1000,
      concurrency: 4,
      ...overrides,
    });
    queues.push(q);
    return q;
  }

  const rowsNamed = (name: string) => jobRows(ctx.database, name);

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop()));
    await ctx.database.sql.executeSql(`delete from pgboss.job where name like 'test.%'`);
  });
  afterAll(() => ctx.close());

  it('runs an enqueued job with its payload once and marks it completed', async () => {
    const q = queue();
    const seen: Job<{ n: number }>[] = [];
    q.work('test.echo', async (job) => {
      seen.push(job);
    });
    await q.start();
    expect(await q.enqueue('test.echo', { n: 7 })).toBe(true);
    const [row] = await until(async () => {
      const rows = await rowsNamed('test.echo');
      return rows[0]?.state === 'completed' && rows;
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ name: 'test.echo', payload: { n: 7 }, attempt: 1, maxAttempts: 10 });
    expect(row).toMatchObject({ attempts: 1, lastError: null });
    expect(row?.finishedAt).toBeInstanceOf(Date);
  });

  it('retries a failed job after an exponential back-off, then completes it', async () => {
    const q = queue({ retryBaseMs: 1000 });
    const attempts: number[] = [];
    const times: number[] = [];
    q.work('test.flaky', async (job) => {
      attempts.push(job.attempt);
      times.push(Date.now());
      if (job.attempt <= job.payload.failures) throw new Error(`attempt ${job.attempt} failed`);
    });
    await q.start();
    await q.enqueue('test.flaky', { failures: 2 });
    const [row] = await until(async () => {
      const rows = await rowsNamed('test.flaky');
      return rows[0]?.state === 'completed' && rows;
    });
    expect(attempts).toEqual([1, 2, 3]);
    expect(row?.attempts).toBe(3);
    // The first retry waits at least half of the base, the second at least half of twice the base.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(500 - 5);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1000 - 5);
  });

  it('records the last error while a job waits for its retry', async () => {
    const q = queue({ retryBaseMs: 60_000 });
    q.work('test.flaky', async () => {
      throw new Error('mail server down');
    });
    await q.start();
    await q.enqueue('test.flaky', { failures: 1 });
    const row = await until(async () => {
      const [r] = await rowsNamed('test.flaky');
      return r?.lastError ? r : undefined;
    });
    expect(row).toMatchObject({ state: 'queued', attempts: 1, lastError: 'Error: mail server down' });
    expect(row.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
  });

  it('fails a job at once on a permanent error, and after its last attempt otherwise', async () => {
    const q = queue();
    let runs = 0;
    q.work('test.broken', async (job) => {
      runs += 1;
      if (job.payload.reason === 'permanent') throw new PermanentJobError('no such subscription');
      throw new Error('still failing');
    });
    await q.start();
    await q.enqueue('test.broken', { reason: 'permanent' }, { key: 'broken-permanent' });
    await q.enqueue('test.broken', { reason: 'transient' }, { key: 'broken-transient', maxAttempts: 3 });
    const rows = await until(async () => {
      const all = await rowsNamed('test.broken');
      return all.every((r) => r.state === 'failed') && all;
    });
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r]));
    expect(byKey['broken-permanent']).toMatchObject({
      attempts: 1,
      lastError: expect.stringContaining('no such'),
    });
    expect(byKey['broken-transient']).toMatchObject({ attempts: 3, lastError: 'Error: still failing' });
    expect(runs).toBe(4);
  });

  it('skips a job whose key is already queued', async () => {
    const q = queue();
    expect(await q.enqueue('test.echo', { n: 1 }, { key: 'once' })).toBe(true);
    expect(await q.enqueue('test.echo', { n: 2 }, { key: 'once' })).toBe(false);
    const added = await q.enqueueMany([
      { name: 'test.echo', payload: { n: 3 }, options: { key: 'once' } },
      { name: 'test.echo', payload: { n: 4 }, options: { key: 'twice' } },
      { name: 'test.echo', payload: { n: 5 } },
    ]);
    expect(added).toBe(2);
    const payloads = (await rowsNamed('test.echo')).map((r) => (r.payload as { n: number }).n).sort();
    expect(payloads).toEqual([1, 4, 5]);
  });

  it('enqueues inside a transaction: a rollback leaves no job, a commit runs it', async () => {
    const q = queue();
    const seen: number[] = [];
    q.work('test.echo', async (job) => {
      seen.push(job.payload.n);
    });
    await q.start();
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await q.enqueue('test.echo', { n: 1 }, {}, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rowsNamed('test.echo')).toEqual([]);

    await ctx.database.db.transaction(async (tx) => {
      expect(await q.enqueue('test.echo', { n: 2 }, { key: 'in-tx' }, tx)).toBe(true);
      // Not visible outside the transaction before it commits.
      expect(await q.enqueue('test.echo', { n: 3 }, { key: 'in-tx' }, tx)).toBe(false);
    });
    await until(async () => (await rowsNamed('test.echo'))[0]?.state === 'completed');
    expect(seen).toEqual([2]);
    expect((await rowsNamed('test.echo'))[0]?.id).toBe(jobIdOfKey('in-tx'));
  });

  it('wakes its workers when a transaction that enqueued a job commits, not at their next poll', async () => {
    // Polls an hour apart: only the wake after the commit can run the job before the test times out.
    const q = queue({ pollIntervalMs: 3_600_000 });
    const seen: number[] = [];
    q.work('test.echo', async (job) => {
      seen.push(job.payload.n);
    });
    await q.start();
    // A job outside a transaction first: once it has run, the worker has had its first look and sleeps.
    await q.enqueue('test.echo', { n: 1 });
    await until(async () => seen.length === 1);
    await ctx.database.db.transaction(async (tx) => {
      await q.enqueue('test.echo', { n: 2 }, {}, tx);
    });
    await until(async () => seen.length === 2);
    expect(seen).toEqual([1, 2]);
  });

  it('keeps jobs across a restart: a new instance runs what a stopped one left, including a crashed attempt', async () => {
    const first = queue();
    await first.enqueue('test.echo', { n: 1 });
    await first.enqueue('test.echo', { n: 2 }, { delayMs: 50 });
    await first.stop();
    // A worker that died mid-job: the row is active with a lease that has run out.
    await ctx.database.sql.executeSql(
      `insert into pgboss.job (name, data, state, started_on, expire_in, retry_limit, retry_delay, retry_backoff)
       values ('test.echo', '{"n": 3}', 'active', now() - interval '1 minute', interval '1 second', 9, 1, true)`,
    );

    const second = queue({ maintenanceIntervalMs: 1000 });
    const seen: number[] = [];
    second.work('test.echo', async (job) => {
      seen.push(job.payload.n);
    });
    await second.start();
    await until(async () => (await rowsNamed('test.echo')).every((r) => r.state === 'completed'));
    expect(seen.sort()).toEqual([1, 2, 3]);
    const crashed = (await rowsNamed('test.echo')).find((r) => (r.payload as { n: number }).n === 3);
    expect(crashed?.attempts).toBe(2);
  });

  it('runs each job once when several workers share the table', async () => {
    const counts = new Map<number, number>();
    const workers = [queue({ concurrency: 3 }), queue({ concurrency: 3 })];
    for (const w of workers) {
      w.work('test.echo', async (job) => {
        counts.set(job.payload.n, (counts.get(job.payload.n) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 5));
      });
    }
    await workers[0]!.enqueueMany(
      Array.from({ length: 30 }, (_, n) => ({ name: 'test.echo' as const, payload: { n } })),
    );
    for (const w of workers) await w.start();
    await until(async () => (await rowsNamed('test.echo')).every((r) => r.state === 'completed'));
    expect(counts.size).toBe(30);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
  });

  it('drains a backlog of many batches without waiting a poll interval between them', async () => {
    // pg-boss's worker sleeps its polling interval after every fetch, a full batch too: 40 jobs in batches of
    // 4 would take 10 polls (10 minutes here). A full batch must fetch the next one at once.
    const q = queue({ concurrency: 4, pollIntervalMs: 60_000 });
    const done: number[] = [];
    q.work('test.echo', async (job) => {
      done.push(job.payload.n);
    });
    await q.enqueueMany(
      Array.from({ length: 40 }, (_, n) => ({ name: 'test.echo' as const, payload: { n } })),
    );
    await q.start();
    await until(async () => done.length === 40, 10_000);
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
  });

  it('hands a batch handler many jobs at once and completes them together', async () => {
    const q = queue({ pollIntervalMs: 60_000 });
    const batches: number[][] = [];
    q.workBatch(
      'test.echo',
      async (jobs) => {
        batches.push(jobs.map((job) => job.payload.n));
      },
      { batchSize: 25 },
    );
    await q.enqueueMany(
      Array.from({ length: 60 }, (_, n) => ({ name: 'test.echo' as const, payload: { n } })),
    );
    await q.start();
    await until(async () => (await rowsNamed('test.echo')).every((r) => r.state === 'completed'), 10_000);
    expect(batches.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, n) => n));
    // Full batches, then the rest: 60 jobs in 3 calls, not 60.
    expect(batches.map((batch) => batch.length).sort((a, b) => b - a)).toEqual([25, 25, 10]);
  });

  it('runs the jobs of a failed batch alone: the bad one fails, the others complete', async () => {
    const q = queue({ pollIntervalMs: 60_000, retryBaseMs: 60_000 });
    const alone: number[] = [];
    q.workBatch(
      'test.echo',
      async (jobs) => {
        if (jobs.length === 1) alone.push(jobs[0]!.payload.n);
        if (jobs.some((job) => job.payload.n === 3)) throw new Error('job 3 is broken');
      },
      { batchSize: 10 },
    );
    await q.enqueueMany(
      Array.from({ length: 6 }, (_, n) => ({ name: 'test.echo' as const, payload: { n } })),
    );
    await q.start();
    const settled = (rows: Awaited<ReturnType<typeof rowsNamed>>) =>
      rows.length === 6 && rows.every((r) => r.state === 'completed' || r.lastError !== null);
    const rows = await until(async () => {
      const found = await rowsNamed('test.echo');
      return settled(found) && found;
    }, 10_000);
    const rowOf = (n: number) => rows.find((r) => (r.payload as { n: number }).n === n);
    expect(rowOf(3)).toMatchObject({ state: 'queued', attempts: 1 });
    expect(rowOf(3)?.lastError).toContain('job 3 is broken');
    for (const n of [0, 1, 2, 4, 5]) expect(rowOf(n)?.state).toBe('completed');
    expect(alone.sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('idle() resolves once everything due has run, not waiting for later retries', async () => {
    const q = queue({ retryBaseMs: 60_000 });
    const done: number[] = [];
    q.work('test.echo', async (job) => {
      await new Promise((r) => setTimeout(r, 20));
      done.push(job.payload.n);
    });
    q.work('test.flaky', async () => {
      throw new Error('later');
    });
    await q.start();
    await q.enqueueMany([
      { name: 'test.echo', payload: { n: 1 } },
      { name: 'test.echo', payload: { n: 2 } },
      { name: 'test.flaky', payload: { failures: 1 } },
    ]);
    await q.idle();
    expect(done.sort()).toEqual([1, 2]);
    const [flaky] = await rowsNamed('test.flaky');
    expect(flaky).toMatchObject({ state: 'queued', attempts: 1 });
  });

  it('idle() waits for a producer still on its way to enqueue (an event listener after the response)', async () => {
    let enqueued: Promise<unknown> = Promise.resolve();
    const q = queue({ producersIdle: () => enqueued.then(() => undefined) });
    const done: number[] = [];
    q.work('test.echo', async (job) => {
      done.push(job.payload.n);
    });
    await q.start();
    // What a bus listener does after the request answered: its insert lands only later.
    enqueued = new Promise((r) => setTimeout(r, 100)).then(() => q.enqueue('test.echo', { n: 3 }));
    await q.idle();
    expect(done).toEqual([3]);
  });

  it('stop() waits for the job in progress', async () => {
    const q = queue();
    let finished = false;
    let began!: () => void;
    const started = new Promise<void>((r) => {
      began = r;
    });
    q.work('test.echo', async () => {
      began();
      await new Promise((r) => setTimeout(r, 100));
      finished = true;
    });
    await q.start();
    await q.enqueue('test.echo', { n: 1 });
    await started;
    await q.stop();
    expect(finished).toBe(true);
    expect((await rowsNamed('test.echo'))[0]?.state).toBe('completed');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('job queue on a fresh PostgreSQL database', () => {
  const server = process.env.TEST_DATABASE_URL!;
  const dataDir = mkdtempSync(join(tmpdir(), 'josie-queue-'));

  async function onServer(statement: string) {
    const admin = await openDatabase({ url: server, dataDir, poolSize: 1 });
    try {
      await admin.db.execute(sql.raw(statement));
    } finally {
      await admin.close();
    }
  }
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Instances started together (a deploy, a scaled-out set) all find pg-boss's schema missing and install it
  // at once: PostgreSQL then fails the losers with a deadlock or a duplicate catalog key.
  it('starts when several instances install pg-boss on one new database at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const name = `josie_t_q_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
      await onServer(`create database ${name}`);
      const url = new URL(server);
      url.pathname = `/${name}`;
      const databases = await Promise.all(
        Array.from({ length: 6 }, () => openDatabase({ url: url.toString(), dataDir })),
      );
      try {
        const queues = databases.map((database) =>
          createJobQueue<TestJobs>({
            sql: database.sql,
            log: silent,
            pollIntervalMs: 500,
            retryBaseMs: 1000,
            concurrency: 1,
          }),
        );
        for (const q of queues) q.work('test.echo', async () => {});
        await Promise.all(queues.map((q) => q.start()));
        await Promise.all(queues.map((q) => q.stop()));
      } finally {
        await Promise.all(databases.map((database) => database.close()));
        await onServer(`drop database if exists ${name} with (force)`);
      }
    }
  });
});

describe('retryInstallRace', () => {
  /** An operation that fails `failures` times with SQLSTATE `code`, then answers 'done'. */
  function failing(code: string, failures: number) {
    let calls = 0;
    const operation = async () => {
      calls++;
      if (calls <= failures) throw Object.assign(new Error(`failed with ${code}`), { code });
      return 'done';
    };
    return { operation, calls: () => calls };
  }

  it.each(['40P01', '23505', '42P06', '42710', '42P07'])(
    'tries again after losing an install race (%s)',
    async (code) => {
      const op = failing(code, 2);
      await expect(retryInstallRace(op.operation)).resolves.toBe('done');
      expect(op.calls()).toBe(3);
    },
  );

  it('gives up after its last try, and at once on any other error', async () => {
    const race = failing('40P01', 10);
    await expect(retryInstallRace(race.operation, 3)).rejects.toMatchObject({ code: '40P01' });
    expect(race.calls()).toBe(3);
    const other = failing('23502', 10);
    await expect(retryInstallRace(other.operation)).rejects.toMatchObject({ code: '23502' });
    expect(other.calls()).toBe(1);
  });
});
