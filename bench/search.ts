/**
 * Search benchmark on the large data set (docs/decisions/0021-search-in-postgresql.md, docs/performance.md
 * "Search"): `GET /api/search/josies` at 20 connections for one-word and two-word queries in English and in
 * Hebrew, each a rotation of several distinct queries (prefixed Hebrew words and a misspelt artist among
 * them), beside the bare Fastify route and the curator feed (a page of 20 josies from one prepared
 * statement, the list route the search's cost compares with) in the same run. Prints requests/s, p50/p99 ms, the budget (p99 < 50
 * ms), the refresh time of the known-words dictionary and the `EXPLAIN (ANALYZE, BUFFERS)` plan of each
 * kind of query exactly as the search service sends it. Usage: `npm run bench:search -w bench` (or `npx tsx
 * bench/search.ts`); BENCH_DATABASE_URL, BENCH_DURATION seconds per endpoint (10), BENCH_CONNECTIONS (20).
 */
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createSearchService } from '../apps/server/src/modules/search/index.js';
import { recordQueries } from '../apps/server/src/test/queries.js';
import { BENCH_DATABASE_URL } from './lib/db.js';
import { type LoadResult, load, printTable } from './lib/load.js';
import { loadLine, machineLine } from './lib/machine.js';
import { repoRoot, startJosie, startProcess } from './lib/server.js';
import { type Budget, printBudgets } from './lib/stats.js';
import { BENCH_PASSWORD, seedLarge } from './seed-large.js';

/** The rotated queries of each measured kind (words of the seeded vocabulary, seed-large.ts). */
export const QUERIES = {
  'English, one word': ['midnight', 'guitars', 'Springsteen', 'whiskey', 'lullaby', 'Coltrane'],
  'English, two words': [
    'summer night',
    'golden river',
    'Leonard Cohen',
    'blue guitar',
    'Amy Winehouse',
    'beatels yesterday',
  ],
  'Hebrew, one word': ['בירושלים', 'גיטרה', 'ארגוב', 'והמוזיקה', 'בחיפה', 'איינשטיין'],
  'Hebrew, two words': ['שיר אהבה', 'אריק איינשטיין', 'הים הכחול', 'לילה בתל', 'זוהר ארגוב', 'מכתב מהבית'],
} as const;
type Kind = keyof typeof QUERIES;

const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

/**
 * How many published josies each query matches, in the first relevance tier (title, genres, items, curator)
 * and in all, by running the first tier's statement as the service sends it with no page limit (and, for
 * all, against the whole document). With tiers a page no longer ranks every match; these say how selective
 * each query is.
 */
async function matchCounts(): Promise<Record<string, string>> {
  const database = await openDatabase({ url: BENCH_DATABASE_URL, dataDir: '/tmp', poolSize: 1 });
  const search = createSearchService({ db: database.db });
  const client = (database.db as unknown as { $client: pg.Pool }).$client;
  const counts: Record<string, string> = {};
  try {
    for (const q of Object.values(QUERIES).flat()) {
      const { queries: sent } = await recordQueries(database, () =>
        search.searchJosies(null, { q, limit: 20 }),
      );
      // The statements: the words, the curators named, then the first tier's page (its limit the last value).
      const tier = sent[2]!;
      const params = [...tier.params.slice(0, -1), 10_000_000];
      const count = async (text: string) =>
        (await client.query(`select count(*)::int as n from (${text}) s`, params)).rows[0].n as number;
      const head = await count(tier.sql);
      const all = await count(tier.sql.replaceAll('"josies".search_head @@', '"josies".search @@'));
      counts[q] = `${head}/${all}`;
    }
  } finally {
    await database.close();
  }
  return counts;
}

/** Each kind's first query as the search service sends it, with its `EXPLAIN (ANALYZE, BUFFERS)`. */
async function plans(): Promise<string> {
  const database = await openDatabase({ url: BENCH_DATABASE_URL, dataDir: '/tmp', poolSize: 1 });
  const search = createSearchService({ db: database.db });
  const client = (database.db as unknown as { $client: pg.Pool }).$client;
  const out: string[] = [];
  try {
    for (const [kind, queries] of Object.entries(QUERIES)) {
      const q = queries[0]!;
      const { queries: sent } = await recordQueries(database, () =>
        search.searchJosies(null, { q, limit: 20 }),
      );
      out.push(
        `\n--- ${kind}: "${q}" (${sent.length} statements: the words, the curators named, each tier page)`,
      );
      for (const query of sent) {
        const { rows } = await client.query(
          `explain (analyze, buffers, format text) ${query.sql}`,
          query.params,
        );
        out.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      out.push(`\n${sent.at(-1)?.sql ?? ''}`);
    }
  } finally {
    await database.close();
  }
  return out.join('\n');
}

export async function runSearchBench(): Promise<Budget[]> {
  console.log(machineLine());
  await seedLarge();
  const db = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await db.connect();
  await db.query('vacuum (analyze) josies, users');
  // The reference list route: the busiest curator's feed, 20 josies of one prepared statement (http.ts).
  const { rows: curatorRows } = await db.query<{ id: string }>(
    `select creator_id as id from josies where status = 'published' group by creator_id
     order by count(*) desc, creator_id limit 1`,
  );
  const refreshStarted = Date.now();
  await db.query('refresh materialized view concurrently search_words');
  const refreshMs = Date.now() - refreshStarted;
  const { rows: sizes } = await db.query<{ josies: string; words: string; index: string; table: string }>(
    `select (select count(*) from josies where status = 'published') as josies,
            (select count(*) from search_words) as words,
            pg_size_pretty(pg_relation_size('josies_search_idx')) as index,
            pg_size_pretty(pg_table_size('josies')) as table`,
  );
  await db.end();
  console.log(
    `${sizes[0]?.josies} published josies (table ${sizes[0]?.table}, josies_search_idx ${sizes[0]?.index}); ` +
      `search_words: ${sizes[0]?.words} words, refreshed in ${refreshMs} ms`,
  );

  const bare = await startProcess(join(repoRoot, 'bench/bare-server.ts'), {});
  const josie = await startJosie(BENCH_DATABASE_URL, { RATE_LIMIT_SEARCH_MAX: '100000000' });
  const results: LoadResult[] = [];
  const measured = new Map<Kind, LoadResult>();
  try {
    // Every query answers, and finds something (a rotation of empty answers would flatter the figures).
    for (const queries of Object.values(QUERIES)) {
      for (const q of queries) {
        const res = await fetch(`${josie.url}/api/search/josies?q=${encodeURIComponent(q)}`);
        const body = (await res.json()) as { data: { posts: unknown[] } };
        if (!res.ok || body.data.posts.length === 0) throw new Error(`"${q}": ${res.status}, no results`);
      }
    }
    const baseline = await load({
      name: 'bare Fastify route',
      url: `${bare.url}/bare`,
      connections,
      serverPid: bare.child.pid,
    });
    results.push(baseline);
    const login = await fetch(`${josie.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench2000@bench.josie', password: BENCH_PASSWORD }),
    });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    results.push(
      await load({
        name: 'reference: GET /api/josies/curator/:id/feed',
        url: `${josie.url}/api/josies/curator/${curatorRows[0]!.id}/feed`,
        headers: { authorization: `Bearer ${token}` },
        connections,
        serverPid: josie.child.pid,
      }),
    );
    for (const [kind, queries] of Object.entries(QUERIES) as [Kind, readonly string[]][]) {
      let next = 0;
      const result = await load({
        name: `search: ${kind} (${queries.length} queries)`,
        url: josie.url,
        connections,
        path: () => `/api/search/josies?q=${encodeURIComponent(queries[next++ % queries.length]!)}`,
        serverPid: josie.child.pid,
      });
      measured.set(kind, result);
      results.push(result);
    }
    printTable(results, baseline);
  } finally {
    await josie.stop();
    await bare.stop();
  }
  console.log(`measured at ${loadLine()}, ${connections} connections`);
  const budgets: Budget[] = [...measured].map(([kind, r]) => ({
    what: `search p99, ${kind}`,
    figure: `${r.p99} ms`,
    budget: '< 50 ms',
    met: r.p99 < 50 && r.errors === 0 && r.non2xx === 0,
  }));
  printBudgets(budgets);
  const counts = await matchCounts();
  console.log('\nPublished josies each query matches, by title, genres, items or curator / in all:');
  for (const [kind, queries] of Object.entries(QUERIES)) {
    console.log(`  ${kind}: ${queries.map((q) => `${q} ${counts[q]}`).join(', ')}`);
  }
  console.log('\nThe search statements as the search service sends them, and their plans:');
  console.log(await plans());
  return budgets;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runSearchBench();
}
