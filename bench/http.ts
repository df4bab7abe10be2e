/**
 * HTTP benchmark on the large data set (docs/product/rules-and-limits.md#feed, docs/performance.md): feed,
 * curator feed, josie read, like toggle and login at 50 connections, next to a bare Fastify route measured in
 * the same run. Prints requests/s, p50/p99 ms and the ratio to the bare route, the budgets, and the query
 * plan of the feed query exactly as the feed route sends it. Usage: `npm run bench:http` (or `npx tsx
 * bench/http.ts`); BENCH_DURATION seconds per endpoint (10); BENCH_ONLY=feed,read (names: floor, feed,
 * curator, read, like, login) measures only those, beside the bare route. `floor` is an empty Josie route
 * (the cached feature flags, signed in): what every request costs in this app's hooks (security headers,
 * session, metrics) before its own work. Each endpoint is warmed up for BENCH_WARMUP seconds (2) first, and
 * the server's CPU time per request is printed beside req/s.
 */
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { followingFeedRows } from '../apps/server/src/modules/feed/queries.js';
import { recordQueries } from '../apps/server/src/test/queries.js';
import { BENCH_DATABASE_URL } from './lib/db.js';
import { type LoadOptions, type LoadResult, load, printTable } from './lib/load.js';
import { loadLine, machineLine } from './lib/machine.js';
import { repoRoot, startJosie, startProcess } from './lib/server.js';
import { type Budget, printBudgets } from './lib/stats.js';
import { BENCH_PASSWORD, seedLarge } from './seed-large.js';

/** The endpoints measured beside the bare route, in this order. */
const ENDPOINTS = ['floor', 'feed', 'curator', 'read', 'like', 'login'] as const;
type Endpoint = (typeof ENDPOINTS)[number];

/** `BENCH_ONLY` (comma-separated endpoint names), or every endpoint. */
const only: readonly Endpoint[] = process.env.BENCH_ONLY
  ? (process.env.BENCH_ONLY.split(',').map((n) => n.trim()) as Endpoint[])
  : ENDPOINTS;
for (const name of only) {
  if (!ENDPOINTS.includes(name))
    throw new Error(`BENCH_ONLY: unknown endpoint ${name} (${ENDPOINTS.join(', ')})`);
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The feed query of `userId`'s first page as the server sends it, and its `EXPLAIN (ANALYZE, BUFFERS)`. */
async function feedPlan(userId: string): Promise<string> {
  const database = await openDatabase({ url: BENCH_DATABASE_URL, dataDir: '/tmp', poolSize: 1 });
  try {
    const { queries } = await recordQueries(database, () => followingFeedRows(database.db, userId, null, 21));
    const query = queries[0]!;
    const client = (database.db as unknown as { $client: pg.Pool }).$client;
    const { rows } = await client.query(`explain (analyze, buffers, format text) ${query.sql}`, query.params);
    return `${query.sql}\n\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`;
  } finally {
    await database.close();
  }
}

export async function runHttpBench(): Promise<Budget[]> {
  console.log(machineLine());
  await seedLarge();
  const db = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await db.connect();
  // Earlier runs (like toggles, fan-out) left dead rows: the state autovacuum keeps a live database in.
  await db.query('vacuum (analyze) josies, follows, josie_likes, josie_saves, sessions, users');
  // The data set's listener with the most follows, its busiest curator, and a sample of josies to read and
  // like.
  const { rows: listenerRows } = await db.query<{ email: string; id: string; follows: string }>(
    `select u.email, u.id, count(*) as follows from users u join follows f on f.follower_id = u.id
     where u.email like 'bench%' group by u.id order by count(*) desc, u.email limit 1`,
  );
  const { rows: curatorRows } = await db.query<{ id: string }>(
    `select f.curator_id as id from follows f join users c on c.id = f.curator_id
     where c.email like 'bench%' group by f.curator_id order by count(*) desc, f.curator_id limit 1`,
  );
  const { rows: josieRows } = await db.query<{ id: string }>(
    `select id from josies where status = 'published' order by published_at desc limit 1000`,
  );
  await db.end();
  const listener = listenerRows[0]!;
  const curatorId = curatorRows[0]!.id;
  const josieIds = josieRows.map((r) => r.id);
  console.log(
    `listener follows ${listener.follows} curators; ${josieIds.length} josies read and liked at random`,
  );

  const bare = await startProcess(join(repoRoot, 'bench/bare-server.ts'), {});
  const josie = await startJosie(BENCH_DATABASE_URL);
  const results: LoadResult[] = [];
  const measured = new Map<Endpoint, LoadResult>();
  try {
    const session = await json<{ token: string }>(
      await fetch(`${josie.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: listener.email, password: BENCH_PASSWORD }),
      }),
    );
    const auth = { authorization: `Bearer ${session.token}` };
    const pick = () => josieIds[Math.floor(Math.random() * josieIds.length)]!;

    const endpoints: Record<Endpoint, LoadOptions> = {
      floor: {
        name: 'empty Josie route (GET /api/config/flags)',
        url: `${josie.url}/api/config/flags`,
        headers: auth,
      },
      feed: { name: 'GET /api/josies/feed', url: `${josie.url}/api/josies/feed`, headers: auth },
      curator: {
        name: 'GET /api/josies/curator/:id/feed',
        url: `${josie.url}/api/josies/curator/${curatorId}/feed`,
        headers: auth,
      },
      read: {
        name: 'GET /api/josies/:id',
        url: josie.url,
        headers: auth,
        path: () => `/api/josies/${pick()}`,
      },
      like: {
        name: 'POST /api/josies/:id/like',
        url: josie.url,
        method: 'POST',
        headers: auth,
        path: () => `/api/josies/${pick()}/like`,
      },
      login: {
        name: 'POST /api/auth/login',
        url: `${josie.url}/api/auth/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: listener.email, password: BENCH_PASSWORD }),
      },
    };
    const baseline = await load({
      name: 'bare Fastify route',
      url: `${bare.url}/bare`,
      serverPid: bare.child.pid,
    });
    results.push(baseline);
    for (const name of ENDPOINTS) {
      if (only.includes(name))
        measured.set(name, await load({ ...endpoints[name], serverPid: josie.child.pid }));
    }
    results.push(...measured.values());
    printTable(results, baseline);
  } finally {
    await josie.stop();
    await bare.stop();
  }
  console.log(`measured at ${loadLine()}`);

  const baseline = results[0]!;
  const feed = measured.get('feed');
  const read = measured.get('read');
  const share = (r: LoadResult) => (100 * r.requestsPerSec) / baseline.requestsPerSec;
  const clean = (r: LoadResult) => r.errors === 0 && r.non2xx === 0;
  const budgets: Budget[] = [];
  if (feed) {
    budgets.push(
      { what: 'feed p99', figure: `${feed.p99} ms`, budget: '< 50 ms', met: feed.p99 < 50 && clean(feed) },
      {
        what: 'feed requests/s vs bare route',
        figure: `${share(feed).toFixed(1)}%`,
        budget: '>= 10%',
        met: share(feed) >= 10 && clean(feed),
      },
    );
  }
  if (read) {
    budgets.push({
      what: 'josie read requests/s vs bare route',
      figure: `${share(read).toFixed(1)}%`,
      budget: '>= 20%',
      met: share(read) >= 20 && clean(read),
    });
  }
  printBudgets(budgets);

  console.log('\nThe feed query as the feed route sends it, and its plan on the large data set:');
  console.log(await feedPlan(listener.id));
  return budgets;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runHttpBench();
}
