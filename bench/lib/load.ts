import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { percentile } from './stats.js';

/** One measured endpoint. */
export interface LoadResult {
  name: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Bytes received per answer, headers and body, as sent (compressed when asked for). */
  bytesPerRequest: number;
  /** Answers per HTTP status in the measured run (e.g. the 304s of conditional GETs). */
  statusCodes: Record<string, number>;
  /**
   * CPU time the server process spent per request, in µs (user + system, from `/proc/<pid>/stat`): on a
   * shared machine it moves far less with other work than requests/s do. Undefined without `serverPid`.
   */
  serverCpuUs?: number;
  /**
   * CPU time PostgreSQL spent per request, in µs (user + system of every process named `postgres`,
   * backends and background workers alike, but for client backends of databases other than
   * {@link LoadOptions.postgresDatabases}): what the endpoint costs the database. The machine's PostgreSQL
   * is shared; its background workers' share of other work still counts: compare runs at a quiet load.
   */
  postgresCpuUs?: number;
  /** The 1-minute load average just before the warm-up and just after the measured run. */
  loadBefore: number;
  loadAfter: number;
}

/** Options of one load run. */
export interface LoadOptions {
  name: string;
  url: string;
  connections?: number;
  durationSec?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Request body sent with every request (JSON text). */
  body?: string;
  /**
   * Varies the path per request (e.g. a random josie). A fixed list of paths would be cheaper for the load
   * generator, but autocannon walks it in step on every connection, so all 50 would miss the cache on the
   * same josie at once: not a reader's pattern.
   */
  path?: () => string;
  /**
   * Headers added per request (e.g. the next reader's token, `rotateReaders` in sessions.ts). Called once
   * per request on the load generator's hot path: answer prebuilt objects; they are copied, never kept.
   */
  requestHeaders?: () => Readonly<Record<string, string>>;
  /**
   * Per-request hooks with autocannon's context of the connection (one request in flight on it at a time):
   * `setup` may set the request's path and headers and note in `context` who asks (e.g. a feed reader and
   * the `If-None-Match` of its last answer); `onResponse` sees the status and headers of that request's
   * answer with the same context (e.g. to keep the reader's new ETag). Called after `path` and
   * `requestHeaders`.
   */
  hooks?: RequestHooks;
  /**
   * Seconds of the same load run first and not recorded (BENCH_WARMUP, 2): the JIT compiles the hot
   * paths and caches fill as they would in a server that has been up for a while.
   */
  warmupSec?: number;
  /** Called once the warm-up is over, just before the measured run (e.g. to reset the run's own counters). */
  onMeasured?: () => void;
  /** The server's process id, to read its CPU time ({@link LoadResult.serverCpuUs}). */
  serverPid?: number;
  /**
   * The databases whose client backends count in {@link LoadResult.postgresCpuUs} (other helpers' tests
   * share the PostgreSQL server); every backend counts without it.
   */
  postgresDatabases?: readonly string[];
}

/** See {@link LoadOptions.hooks}. */
export interface RequestHooks {
  setup(request: { path?: string; headers: Record<string, string> }, context: Record<string, unknown>): void;
  onResponse(status: number, headers: Record<string, string>, context: Record<string, unknown>): void;
}

/** An answer's headers as autocannon hands them (a flat list of names and values), by lower-case name. */
function headerMap(raw: unknown): Record<string, string> {
  if (!Array.isArray(raw)) return (raw ?? {}) as Record<string, string>;
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) out[String(raw[i]).toLowerCase()] = String(raw[i + 1]);
  return out;
}

/** CPU time (user + system) of process `pid` so far, in µs; Linux only. */
function processCpuUs(pid: number): number {
  // Fields after the parenthesised command name; utime and stime are the 12th and 13th of them.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1e6) / 100; // USER_HZ is 100 on Linux
}

/**
 * A client backend's process title (`postgres: [cluster: ]<user> <database> <host>(<port>) <state>`, as
 * PostgreSQL sets it with its default `update_process_title`): its database. Background processes
 * (`postgres: 15/main: checkpointer`) and the postmaster have none.
 */
const BACKEND_TITLE = /^postgres: (?:[^:\s]+: )?\S+ (\S+) (?:\S+\(\d+\)|\[local\])/;

/**
 * CPU time (user + system, µs) of every process whose `/proc/<pid>/comm` is `postgres`, by pid: the
 * postmaster, its background workers and the backends (of `databases` only, when given). Processes that
 * exit while being read are left out.
 */
function postgresCpuByPid(databases?: readonly string[]): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      if (databases) {
        const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        const database = BACKEND_TITLE.exec(title)?.[1];
        if (database !== undefined && !databases.includes(database)) continue;
      }
      cpu.set(pid, processCpuUs(pid));
    } catch {
      // exited between the listing and the read
    }
  }
  return cpu;
}

/**
 * PostgreSQL's CPU time between two {@link postgresCpuByPid} snapshots, in µs: what each process present in
 * both spent in between, plus all of what processes started in between spent (a backend the pool opened).
 * A backend that exited in between takes its last seconds with it: a small undercount, never a negative one.
 */
function postgresCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, us] of after) total += us - (before.get(pid) ?? 0);
  return total;
}

/** Options of autocannon for one run of `opts`, `duration` seconds or `amount` requests. */
function autocannonRun(opts: LoadOptions, limit: { duration: number } | { amount: number }) {
  const { path, requestHeaders, hooks } = opts;
  return autocannon({
    url: opts.url,
    connections: opts.connections ?? 50,
    ...limit,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    requests:
      path || requestHeaders || hooks
        ? [
            {
              // autocannon hands a fresh object with its own copy of the headers for every request.
              setupRequest: (req, context) => {
                if (path) req.path = path();
                if (requestHeaders) Object.assign(req.headers as object, requestHeaders());
                if (hooks) {
                  req.headers ??= {};
                  hooks.setup(
                    req as { path?: string; headers: Record<string, string> },
                    context as Record<string, unknown>,
                  );
                }
                return req;
              },
              ...(hooks
                ? {
                    onResponse: (status: number, _body: string, context: object, headers?: unknown) =>
                      hooks.onResponse(status, headerMap(headers), context as Record<string, unknown>),
                  }
                : {}),
            },
          ]
        : undefined,
  });
}

/** Runs autocannon against one endpoint and answers requests/s and p50/p99 latency in ms. */
export async function load(opts: LoadOptions): Promise<LoadResult> {
  const loadBefore = loadavg()[0]!;
  const warmup = opts.warmupSec ?? Number(process.env.BENCH_WARMUP ?? 2);
  if (warmup > 0) await autocannonRun(opts, { duration: warmup });
  opts.onMeasured?.();
  const cpuBefore = opts.serverPid ? processCpuUs(opts.serverPid) : 0;
  const pgBefore = postgresCpuByPid(opts.postgresDatabases);
  const result = await autocannonRun(opts, {
    duration: opts.durationSec ?? Number(process.env.BENCH_DURATION ?? 10),
  });
  const cpu = opts.serverPid ? processCpuUs(opts.serverPid) - cpuBefore : 0;
  const pgCpu = postgresCpuBetween(pgBefore, postgresCpuByPid(opts.postgresDatabases));
  const total = result.requests.total;
  return {
    ...(opts.serverPid && total > 0 ? { serverCpuUs: Math.round(cpu / total) } : {}),
    ...(total > 0 ? { postgresCpuUs: Math.round(pgCpu / total) } : {}),
    loadBefore,
    loadAfter: loadavg()[0]!,
    name: opts.name,
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerRequest:
      result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat?.count ?? 0]),
    ),
  };
}

/** Options of {@link loadCalls}. */
export interface CallLoadOptions {
  name: string;
  /** One call, made by each caller again as soon as its last one answered (a closed loop, as autocannon). */
  call: () => Promise<unknown>;
  /** Callers at once (50, as the HTTP runs' connections). */
  connections?: number;
  /** Seconds measured (BENCH_DURATION, 10) and seconds of unrecorded calls first (BENCH_WARMUP, 2). */
  durationSec?: number;
  warmupSec?: number;
  /** As {@link LoadOptions.postgresDatabases}. */
  postgresDatabases?: readonly string[];
}

/**
 * The same measurement as {@link load} for calls made in this process instead of HTTP requests: what a
 * statement costs with no server in front of it, measured as the endpoints are (the like statement beside
 * the like toggle, docs/performance.md). Latency is each call's time in ms (p50 and p99 by nearest rank,
 * to 0.1 ms); {@link LoadResult.serverCpuUs} is this process's CPU per call, the caller's share (the
 * driver's work that a server would do). A call that throws counts as an error.
 */
export async function loadCalls(opts: CallLoadOptions): Promise<LoadResult> {
  const loadBefore = loadavg()[0]!;
  const callers = opts.connections ?? 50;
  const run = async (seconds: number, latencies?: number[]) => {
    let errors = 0;
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: callers }, async () => {
        while (performance.now() < end) {
          const started = performance.now();
          try {
            await opts.call();
          } catch {
            errors += 1;
          }
          latencies?.push(performance.now() - started);
        }
      }),
    );
    return errors;
  };
  await run(opts.warmupSec ?? Number(process.env.BENCH_WARMUP ?? 2));
  const latencies: number[] = [];
  const durationSec = opts.durationSec ?? Number(process.env.BENCH_DURATION ?? 10);
  const cpuBefore = process.cpuUsage();
  const pgBefore = postgresCpuByPid(opts.postgresDatabases);
  const started = performance.now();
  const errors = await run(durationSec, latencies);
  const elapsedSec = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const pgCpu = postgresCpuBetween(pgBefore, postgresCpuByPid(opts.postgresDatabases));
  const total = latencies.length;
  const ms = (p: number) => Math.round(percentile(latencies, p) * 10) / 10;
  return {
    ...(total > 0
      ? {
          serverCpuUs: Math.round((cpu.user + cpu.system) / total),
          postgresCpuUs: Math.round(pgCpu / total),
        }
      : {}),
    loadBefore,
    loadAfter: loadavg()[0]!,
    name: opts.name,
    requestsPerSec: total / elapsedSec,
    p50: ms(50),
    p99: ms(99),
    errors,
    non2xx: 0,
    bytesPerRequest: 0,
    statusCodes: {},
  };
}

/** Prints results as a table, each with its ratio to `baseline` requests/s. */
export function printTable(results: LoadResult[], baseline?: LoadResult): void {
  const rows = results.map((r) => ({
    endpoint: r.name,
    'req/s': Math.round(r.requestsPerSec),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'vs bare': baseline ? `${((100 * r.requestsPerSec) / baseline.requestsPerSec).toFixed(1)}%` : '',
    'server CPU µs/req': r.serverCpuUs ?? '',
    'PG CPU µs/req': r.postgresCpuUs ?? '',
    'bytes/req': r.bytesPerRequest,
    'load 1m': `${r.loadBefore.toFixed(2)} -> ${r.loadAfter.toFixed(2)}`,
    errors: r.errors,
    non2xx: r.non2xx,
  }));
  console.table(rows);
}

/**
 * One request per reader, `connections` at a time (autocannon with as many requests as there are readers,
 * so a round robin of `requestHeaders` gives each reader exactly one): a reader's first feed read builds
 * what the server keeps for it (docs/performance.md), and a benchmark measures readers who have been here
 * before. Answers the elapsed time in ms.
 *
 * @throws when any request fails or answers other than 2xx (the readers would not be warm).
 */
export async function warmReaders(
  opts: Pick<LoadOptions, 'url' | 'path' | 'requestHeaders' | 'connections' | 'headers' | 'hooks'>,
  readers: number,
): Promise<number> {
  const started = performance.now();
  const result = await autocannonRun({ name: 'warm-up', ...opts }, { amount: readers });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) throw new Error(`warming ${readers} readers at ${opts.url}: ${failed} failed requests`);
  return performance.now() - started;
}

/**
 * Waits until process `pid` spends under `busyShare` of one core (0.05) over a `windowMs` window (1,000 ms),
 * at most `timeoutMs` (60,000): a freshly started server warms its caches and refreshes what it derives
 * from the data (e.g. the search words) in the background, which would otherwise count against the first
 * endpoint measured. Answers the ms waited.
 */
export async function waitUntilIdle(
  pid: number,
  { busyShare = 0.05, windowMs = 1000, timeoutMs = 60_000 } = {},
): Promise<number> {
  const started = performance.now();
  for (;;) {
    const before = processCpuUs(pid);
    await new Promise((r) => setTimeout(r, windowMs));
    const busy = (processCpuUs(pid) - before) / 1000 / windowMs;
    const waited = performance.now() - started;
    if (busy < busyShare || waited > timeoutMs) return waited;
  }
}
