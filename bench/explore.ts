/**
 * Explore benchmark on the large data set (docs/decisions/0023-explore-and-taste.md, docs/performance.md):
 * `GET /api/explore` and `GET /api/explore/genres/{name}` (first pages of random genres, and next pages),
 * each for many distinct readers (the tokens of BENCH_READERS signed-in users, 100 by default, and
 * visitors, in turn), next to a bare Fastify route measured in the same run. Prints requests/s, p50/p99 ms,
 * the ratio to the bare route and the server's CPU time per request, and checks the feed's budgets
 * (p99 < 50 ms, >= 10% of the bare route). Usage: `npm run bench:explore -w bench`; BENCH_DURATION seconds
 * per endpoint (10), BENCH_ONLY=1,3 measures only those endpoints (1 explore, 2 genre first pages, 3 next
 * pages) beside the bare route, BENCH_DATABASE_URL the database (the large set is seeded there when missing).
 *
 * The large set's josies carry no genres and its likes are all as old as the seeding: this benchmark's own
 * setup tags every josie with one or two seed genres, and spreads the likes over the last 14 days, once.
 */

import { join } from 'node:path';
import { GENRES } from '@josie/contract';
import pg from 'pg';
import { BENCH_DATABASE_URL } from './lib/db.js';
import { type LoadResult, load, printTable } from './lib/load.js';
import { loadLine, machineLine } from './lib/machine.js';
import { repoRoot, startJosie, startProcess } from './lib/server.js';
import { type Budget, printBudgets } from './lib/stats.js';
import { BENCH_PASSWORD, seedLarge } from './seed-large.js';

const READERS = Number(process.env.BENCH_READERS ?? 100);

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Tags the large set with genres and dates its likes across two weeks (once: both are kept). */
async function prepare(db: pg.Client): Promise<void> {
  const { rows } = await db.query<{ untagged: boolean; spread: boolean }>(
    `select exists (select 1 from josies where genres = '{}') as untagged,
            (select max(created_at) - min(created_at) > interval '1 day' from josie_likes) as spread`,
  );
  if (rows[0]!.untagged) {
    const t = Date.now();
    await db.query(
      `update josies set genres = array_remove(array[
         ($1::text[])[1 + (hashtext(id::text) & 2147483647) % 20],
         case when hashtext(id::text) % 2 = 0 then ($1::text[])[1 + (hashtext(reverse(id::text)) & 2147483647) % 20] end
       ], null) where genres = '{}'`,
      [GENRES],
    );
    console.log(`  tagged the josies with genres: ${Date.now() - t} ms`);
  }
  if (!rows[0]!.spread) {
    const t = Date.now();
    await db.query(
      `update josie_likes set created_at = now() - ((hashtext(user_id::text || josie_id::text) & 2147483647) % 1209600) * interval '1 second'`,
    );
    console.log(`  spread the likes over 14 days: ${Date.now() - t} ms`);
  }
  await db.query('vacuum (analyze) josies, josie_likes');
}

async function main(): Promise<void> {
  console.log(machineLine());
  await seedLarge();
  const db = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await db.connect();
  await prepare(db);
  const { rows: readerRows } = await db.query<{ email: string }>(
    `select email from users where email like 'bench%' order by email limit $1`,
    [READERS],
  );
  const { rows: weekRows } = await db.query<{ n: string }>(
    `select count(*) as n from josie_likes where created_at > now() - interval '7 days'`,
  );
  await db.end();
  console.log(
    `${readerRows.length} signed-in readers and visitors in turn; ${weekRows[0]!.n} likes in the week`,
  );

  const bare = await startProcess(join(repoRoot, 'bench/bare-server.ts'), {});
  const josie = await startJosie(BENCH_DATABASE_URL, { RATE_LIMIT_DISCOVERY_MAX: '100000000' });
  const results: LoadResult[] = [];
  try {
    const tokens: (string | null)[] = [null];
    for (const { email } of readerRows) {
      const session = await json<{ token: string }>(
        await fetch(`${josie.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: BENCH_PASSWORD }),
        }),
      );
      tokens.push(session.token);
    }
    // Next-page cursors of every genre, as a reader scrolling on would send them.
    const cursors: string[] = [];
    for (const genre of GENRES) {
      const page = await json<{ data: { nextCursor: string | null } }>(
        await fetch(`${josie.url}/api/explore/genres/${encodeURIComponent(genre)}`),
      );
      if (page.data.nextCursor) cursors.push(`${encodeURIComponent(genre)}?cursor=${page.data.nextCursor}`);
    }
    const first = await json<{ data: { trending: unknown[]; genres: unknown[] } }>(
      await fetch(`${josie.url}/api/explore`),
    );
    const bytes = JSON.stringify(first).length;
    console.log(
      `explore answers ${first.data.trending.length} trending josies, ${first.data.genres.length} genre rows, ${Math.round(bytes / 1024)} KB`,
    );
    let turn = 0;
    const reader = () => {
      const token = tokens[turn++ % tokens.length];
      return token ? { authorization: `Bearer ${token}` } : ({} as Record<string, string>);
    };
    const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

    results.push(
      await load({ name: 'bare Fastify route', url: `${bare.url}/bare`, serverPid: bare.child.pid }),
    );
    const runs = [
      { name: 'GET /api/explore', path: () => '/api/explore' },
      {
        name: 'GET /api/explore/genres/:name',
        path: () => `/api/explore/genres/${encodeURIComponent(pick(GENRES))}`,
      },
      { name: 'GET /api/explore/genres/:name?cursor=', path: () => `/api/explore/genres/${pick(cursors)}` },
    ];
    const only = process.env.BENCH_ONLY?.split(',');
    for (const run of runs.filter((_run, i) => !only || only.includes(String(i + 1)))) {
      results.push(
        await load({
          name: run.name,
          url: josie.url,
          path: run.path,
          requestHeaders: reader,
          serverPid: josie.child.pid,
        }),
      );
    }
    printTable(results, results[0]);
  } finally {
    await josie.stop();
    await bare.stop();
  }
  console.log(`measured at ${loadLine()}`);

  const baseline = results[0]!;
  const budgets: Budget[] = results.slice(1).flatMap((r) => {
    const share = (100 * r.requestsPerSec) / baseline.requestsPerSec;
    const clean = r.errors === 0 && r.non2xx === 0;
    return [
      { what: `${r.name} p99`, figure: `${r.p99} ms`, budget: '< 50 ms', met: r.p99 < 50 && clean },
      {
        what: `${r.name} requests/s vs bare route`,
        figure: `${share.toFixed(1)}%`,
        budget: '>= 10%',
        met: share >= 10 && clean,
      },
    ];
  });
  printBudgets(budgets);
}

await main();
