import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** One measured endpoint. */
export interface LoadResult {
  name: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /**
   * CPU time the server process spent per request, in µs (user + system, from `/proc/<pid>/stat`): on a
   * shared machine it moves far less with other work than requests/s do. Undefined without `serverPid`.
   */
  serverCpuUs?: number;
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
  /** Headers added per request (e.g. a token among many readers', or none for a visitor). */
  requestHeaders?: () => Record<string, string>;
  /**
   * Seconds of the same load run first and not recorded (BENCH_WARMUP, 2): the JIT compiles the hot
   * paths and caches fill as they would in a server that has been up for a while.
   */
  warmupSec?: number;
  /** The server's process id, to read its CPU time ({@link LoadResult.serverCpuUs}). */
  serverPid?: number;
}

/** CPU time (user + system) of process `pid` so far, in µs; Linux only. */
function processCpuUs(pid: number): number {
  // Fields after the parenthesised command name; utime and stime are the 12th and 13th of them.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1e6) / 100; // USER_HZ is 100 on Linux
}

/** Runs autocannon against one endpoint and answers requests/s and p50/p99 latency in ms. */
export async function load(opts: LoadOptions): Promise<LoadResult> {
  const run = (duration: number) =>
    autocannon({
      url: opts.url,
      connections: opts.connections ?? 50,
      duration,
      method: opts.method ?? 'GET',
      headers: opts.headers,
      body: opts.body,
      requests:
        opts.path || opts.requestHeaders
          ? [
              {
                setupRequest: (req) => ({
                  ...req,
                  ...(opts.path ? { path: opts.path() } : {}),
                  ...(opts.requestHeaders ? { headers: { ...req.headers, ...opts.requestHeaders() } } : {}),
                }),
              },
            ]
          : undefined,
    });
  const warmup = opts.warmupSec ?? Number(process.env.BENCH_WARMUP ?? 2);
  if (warmup > 0) await run(warmup);
  const cpuBefore = opts.serverPid ? processCpuUs(opts.serverPid) : 0;
  const result = await run(opts.durationSec ?? Number(process.env.BENCH_DURATION ?? 10));
  const cpu = opts.serverPid ? processCpuUs(opts.serverPid) - cpuBefore : 0;
  return {
    ...(opts.serverPid && result.requests.total > 0
      ? { serverCpuUs: Math.round(cpu / result.requests.total) }
      : {}),
    name: opts.name,
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
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
    errors: r.errors,
    non2xx: r.non2xx,
  }));
  console.table(rows);
}
