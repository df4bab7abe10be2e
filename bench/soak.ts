/**
 * Soak benchmark (docs/decisions/0005-security-and-reliability-checks.md): a steady mixed load on loopback
 * against the server on the embedded database with the demo data, for `SOAK_MINUTES` minutes (10). Each
 * minute prints requests, errors, p50 and p99 latency, the server's resident memory and its V8 heap in use
 * (`/metrics`); the summary gives the memory growth and the p99 drift (last minute against the first), and
 * the run fails when any request failed.
 *
 * The mix, per connection and in turn: the home feed, a josie read, a like toggle, a curator feed, a josie
 * read, the curators strip, a sign-in (argon2, the expensive one). `SOAK_RATE` requests/s in all (20),
 * over `SOAK_CONNECTIONS` connections (5): a steady load well under the embedded server's capacity on a
 * small machine, so that drift shows rather than saturation. Not part of CI: `npm run bench:soak`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { machineLine } from './lib/machine.js';
import { repoRoot, startProcess } from './lib/server.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const RATE = Number(process.env.SOAK_RATE ?? 20);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 5);
/** The soak's server answers `/metrics` to this bearer token only. */
const METRICS_TOKEN = crypto.randomUUID();
const DEMO_PASSWORD = 'demo-password';

/** Resident memory of a process in MiB (Linux `/proc`), or NaN elsewhere. */
function rssMiB(pid: number): number {
  try {
    const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib ? Number(kib) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * The server's V8 heap in use in MiB, from its own `/metrics` (prom-client's `nodejs_heap_size_used_bytes`):
 * unlike RSS, not held up by memory the allocator keeps after a peak, so a leak shows as a rising floor.
 */
async function heapUsedMiB(url: string): Promise<number> {
  const text = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then(
    (r) => r.text(),
  );
  const bytes = /^nodejs_heap_size_used_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)$/m.exec(text)?.[1];
  return bytes ? Number(bytes) / 2 ** 20 : Number.NaN;
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface MinuteResult {
  minute: number;
  requests: number;
  'req/s': number;
  errors: number;
  non2xx: number;
  'p50 ms': number;
  'p99 ms': number;
  'rss MiB': number;
  'heap MiB': number;
}

async function main() {
  console.log(machineLine());
  console.log(
    `soak: ${MINUTES} min at ${RATE} req/s over ${CONNECTIONS} connections, embedded database, demo data`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'josie-soak-'));
  const server = await startProcess(
    join(repoRoot, 'apps/server/src/main.ts'),
    {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      DEMO_PASSWORD,
      DATABASE_URL: '',
      REDIS_URL: '',
      RATE_LIMIT_AUTH_MAX: '100000000',
      METRICS_TOKEN,
    },
    '/readyz',
    300_000,
  );
  const pid = server.child.pid!;
  try {
    const login = (email: string) =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
    const { token } = await json<{ token: string }>(await login('listener1@demo.josie'));
    const auth = { authorization: `Bearer ${token}` };
    const { curators } = await json<{ curators: { _id: string }[] }>(
      await fetch(`${server.url}/api/users/curators/feed`),
    );
    const josieIds: string[] = [];
    for (const curator of curators) {
      const feed = await json<{ data: { posts: { _id: string }[] } }>(
        await fetch(`${server.url}/api/josies/curator/${curator._id}/feed`, { headers: auth }),
      );
      josieIds.push(...feed.data.posts.map((p) => p._id));
    }
    if (!josieIds.length) throw new Error('the demo data has no published josie');
    const curatorIds = curators.map((c) => c._id);
    const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
    console.log(`demo data: ${curatorIds.length} curators, ${josieIds.length} published josies`);

    // No content type on requests without a body: Fastify refuses an empty JSON body.
    const headers = auth;
    const randomPath = (path: (id: string) => string, ids: string[]) => (r: autocannon.Request) => ({
      ...r,
      path: path(pick(ids)),
    });
    /** The mix, sent in turn by each connection. */
    const mix: autocannon.Request[] = [
      { method: 'GET', path: '/api/josies/feed', headers },
      {
        method: 'GET',
        headers,
        setupRequest: randomPath((id) => `/api/josies/${id}`, josieIds),
      },
      {
        method: 'POST',
        headers,
        setupRequest: randomPath((id) => `/api/josies/${id}/like`, josieIds),
      },
      {
        method: 'GET',
        headers,
        setupRequest: randomPath((id) => `/api/josies/curator/${id}/feed`, curatorIds),
      },
      {
        method: 'GET',
        headers,
        setupRequest: randomPath((id) => `/api/josies/${id}`, josieIds),
      },
      { method: 'GET', path: '/api/users/curators/feed', headers },
      {
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'listener2@demo.josie', password: DEMO_PASSWORD }),
      },
    ];
    /**
     * Non-2xx answers of the current minute by status, with one body each (autocannon's per-request
     * callbacks do not reliably name the request that was answered under a rate limit, so no names).
     */
    let failures = new Map<string, { count: number; body: string }>();
    const requests = mix.map((request) => ({
      ...request,
      onResponse: (status: number, body: string) => {
        if (status < 300) return;
        const key = String(status);
        const seen = failures.get(key) ?? { count: 0, body: body.slice(0, 160) };
        seen.count += 1;
        failures.set(key, seen);
      },
    }));

    const minutes: MinuteResult[] = [];
    const rssStart = rssMiB(pid);
    const heapStart = await heapUsedMiB(server.url);
    for (let minute = 1; minute <= MINUTES; minute++) {
      const result = await autocannon({
        url: server.url,
        connections: CONNECTIONS,
        overallRate: RATE,
        duration: 60,
        requests,
      });
      const row: MinuteResult = {
        minute,
        requests: result.requests.total,
        'req/s': Math.round(result.requests.average),
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'rss MiB': Math.round(rssMiB(pid)),
        'heap MiB': Math.round(await heapUsedMiB(server.url)),
      };
      minutes.push(row);
      console.log(
        `minute ${minute}: ${row.requests} requests, ${row.errors} errors, ${row.non2xx} non-2xx, p50 ${row['p50 ms']} ms, p99 ${row['p99 ms']} ms, RSS ${row['rss MiB']} MiB, heap ${row['heap MiB']} MiB`,
      );
      for (const [status, { count, body }] of failures) console.log(`  ${count} x ${status}: ${body}`);
      failures = new Map();
    }
    console.table(minutes);

    const first = minutes[0]!;
    const last = minutes[minutes.length - 1]!;
    const failed = minutes.reduce((n, m) => n + m.errors + m.non2xx, 0);
    const total = minutes.reduce((n, m) => n + m.requests, 0);
    console.log(`requests: ${total}; errors and non-2xx: ${failed} (must be 0)`);
    console.log(
      `RSS: ${Math.round(rssStart)} MiB before the load, ${first['rss MiB']} after minute 1, ${last['rss MiB']} after minute ${last.minute} (${(last['rss MiB'] - first['rss MiB']).toFixed(0)} MiB since minute 1)`,
    );
    const heaps = minutes.map((m) => m['heap MiB']);
    console.log(
      `heap in use: ${Math.round(heapStart)} MiB before the load, ${first['heap MiB']} after minute 1, ${last['heap MiB']} after minute ${last.minute}; lowest ${Math.min(...heaps)} in the first half, ${Math.min(...heaps.slice(Math.floor(heaps.length / 2)))} in the second`,
    );
    console.log(
      `p99 drift: ${first['p99 ms']} ms in minute 1, ${last['p99 ms']} ms in minute ${last.minute} (${last['p99 ms'] - first['p99 ms']} ms)`,
    );
    if (failed > 0) process.exitCode = 1;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
