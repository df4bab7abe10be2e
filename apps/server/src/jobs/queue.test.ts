import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import {
  backoffMs,
  createJobQueue,
  type Job,
  type JobQueue,
  type JobQueueOptions,
  MAX_BACKOFF_MS,
  PermanentJobError,
} from './queue.js';

type TestJobs = {
  'test.echo': { n: number };
  'test.flaky': { failures: number };
  'test.broken': { reason: string };
};

const silent = { warn: () => {}, error: () => {} };

/** Waits until `check` answers a value (polling), or fails after `timeoutMs`. */
async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs = 5000): Promise<T> {
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
      db: ctx.database.db,
      log: silent,
      pollIntervalMs: 20,
      retryBaseMs: 40,
      concurrency: 4,
      ...overrides,
    });
    queues.push(q);
    return q;
  }

  const rowOf = async (id: string) => (await ctx.database.db.select().from(jobs).where(eq(jobs.id, id)))[0];
  const rowsNamed = (name: string) => ctx.database.db.select().from(jobs).where(eq(jobs.name, name));

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop()));
    await ctx.database.db.delete(jobs).where(sql`${jobs.name} like 'test.%'`);
  });
  afterAll(() => ctx.close());

  it('runs an enqueued job with its payload once and marks it completed', async () => {
    const q = queue();
    const seen: Job<{ n: number }>[] = [];
    q.work('test.echo', async (job) => {
      seen.push(job);
    });
    q.start();
    expect(await q.enqueue('test.echo', { n: 7 })).toBe(true);
    const [row] = await until(async () => {
      const rows = await rowsNamed('test.echo');
      return rows[0]?.state === 'completed' && rows;
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ name: 'test.echo', payload: { n: 7 }, attempt: 1, maxAttempts: 10 });
    expect(row).toMatchObject({ attempts: 1, lastError: null, lockedUntil: null });
    expect(row?.finishedAt).toBeInstanceOf(Date);
  });

  it('retries a failed job after an exponential back-off, then completes it', async () => {
    const q = queue({ retryBaseMs: 200 });
    const attempts: number[] = [];
    const times: number[] = [];
    q.work('test.flaky', async (job) => {
      attempts.push(job.attempt);
      times.push(Date.now());
      if (job.attempt <= job.payload.failures) throw new Error(`attempt ${job.attempt} failed`);
    });
    q.start();
    await q.enqueue('test.flaky', { failures: 2 });
    const [row] = await until(async () => {
      const rows = await rowsNamed('test.flaky');
      return rows[0]?.state === 'completed' && rows;
    });
    expect(attempts).toEqual([1, 2, 3]);
    expect(row?.attempts).toBe(3);
    // The first retry waits at least half of the base, the second at least half of twice the base.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(100 - 5);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(200 - 5);
  });

  it('records the last error while a job waits for its retry', async () => {
    const q = queue({ retryBaseMs: 60_000 });
    q.work('test.flaky', async () => {
      throw new Error('mail server down');
    });
    q.start();
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
    q.start();
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

  it('enqueues inside a transaction: a rollback leaves no job', async () => {
    const q = queue();
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await q.enqueue('test.echo', { n: 1 }, {}, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rowsNamed('test.echo')).toEqual([]);
  });

  it('keeps jobs across a restart: a new instance runs what a stopped one left, including a crashed attempt', async () => {
    const first = queue();
    await first.enqueue('test.echo', { n: 1 });
    await first.enqueue('test.echo', { n: 2 }, { delayMs: 50 });
    await first.stop();
    // A worker that died mid-job: the row is active with a lease that has run out.
    await ctx.database.db.insert(jobs).values({
      name: 'test.echo',
      payload: { n: 3 },
      state: 'active',
      attempts: 1,
      lockedUntil: new Date(Date.now() - 1000),
    });

    const second = queue();
    const seen: number[] = [];
    second.work('test.echo', async (job) => {
      seen.push(job.payload.n);
    });
    second.start();
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
    for (const w of workers) w.start();
    await until(async () => (await rowsNamed('test.echo')).every((r) => r.state === 'completed'));
    expect(counts.size).toBe(30);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
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
    q.start();
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
    q.start();
    const id = (await q.enqueue('test.echo', { n: 1 })) && (await rowsNamed('test.echo'))[0]!.id;
    await started;
    await q.stop();
    expect(finished).toBe(true);
    expect((await rowOf(id as string))?.state).toBe('completed');
  });
});

describe('backoffMs', () => {
  it('doubles per attempt between half and all of the exponential delay, capped at an hour', () => {
    expect(backoffMs(1, 1000, () => 0)).toBe(500);
    expect(backoffMs(1, 1000, () => 1)).toBe(1000);
    expect(backoffMs(2, 1000, () => 0)).toBe(1000);
    expect(backoffMs(4, 1000, () => 1)).toBe(8000);
    expect(backoffMs(30, 1000, () => 1)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(30, 1000, () => 0)).toBe(MAX_BACKOFF_MS / 2);
  });
});
