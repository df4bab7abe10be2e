import autocannon from 'autocannon';

/** One measured endpoint. */
export interface LoadResult {
  name: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
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
  /** Varies the path per request (e.g. a random josie). */
  path?: () => string;
}

/** Runs autocannon against one endpoint and answers requests/s and p50/p99 latency in ms. */
export async function load(opts: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections ?? 50,
    duration: opts.durationSec ?? Number(process.env.BENCH_DURATION ?? 10),
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    requests: opts.path ? [{ setupRequest: (req) => ({ ...req, path: opts.path!() }) }] : undefined,
  });
  return {
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
    errors: r.errors,
    non2xx: r.non2xx,
  }));
  console.table(rows);
}
