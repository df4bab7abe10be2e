/**
 * The curator studio's counts (docs/decisions/0050-curator-studio-counts.md, docs/performance.md "The curator
 * studio"), on the large data set's curators in a database of their own (`<BENCH_DATABASE_URL>_studio`):
 *
 * 1. Seeds raw events in bulk SQL (`generate_series`, one statement per million): STUDIO_EVENTS in all
 *    (default 10,000,000), of which all but STUDIO_LIVE_EVENTS (default 300,000) over the last 365 days;
 *    views, plays, "Also on" clicks, shares, likes, follows and 2 % bots, a third on the curator `bench1`,
 *    who is given 2,000 published josies.
 * 2. Counts the year with the app's own `rollUp` as one batch ({@link bulkFill}) and checks a sample of
 *    josies against the raw events ({@link checkSample}).
 * 3. Adds STUDIO_LIVE_EVENTS live-shaped events (yesterday and today) and counts them with `rollUp` as the
 *    job does: the rollup's events/s (the budget: keep up with 1,000 events/s).
 * 4. Streams `bench1`'s josie table as CSV in this process through the service and `csv-stringify`, as the
 *    route does, and prints the most memory it held above the level before.
 * 5. Starts the server and measures the overview (7d, 30d, all), the josie table (30d, all), a josie's page
 *    (90d) and the audience (90d) for `bench1` beside the other curators, and `bench1` alone, beside the
 *    bare Fastify route in the same run (50 connections, BENCH_DURATION seconds each).
 *
 * Usage: `npm run bench:studio -w bench` or `npx tsx bench/studio.ts` (STUDIO_STEPS=seed: only step 1).
 * Idempotent: a second run seeds and counts only what is missing, and adds and counts new live events.
 */

import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { STUDIO_METRICS } from '@josie/contract';
import { stringify } from 'csv-stringify';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.js';
import { createStudioService, rollUp } from '../apps/server/src/modules/studio/index.js';
import { BENCH_DATABASE_URL, ensureDatabase } from './lib/db.js';
import { type LoadResult, load, printTable } from './lib/load.js';
import { loadLine, machineLine } from './lib/machine.js';
import { repoRoot, startJosie, startProcess } from './lib/server.js';
import { mintSessions } from './lib/sessions.js';
import { seedLarge } from './seed-large.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const MB = 2 ** 20;

/** The studio's own database on the bench server. */
export function studioDatabaseUrl(url = BENCH_DATABASE_URL): string {
  const own = new URL(url);
  own.pathname = `${own.pathname}_studio`;
  return own.toString();
}

const TARGET_EVENTS = Number(process.env.STUDIO_EVENTS ?? 10_000_000);
/** The live-shaped events of a run (today and yesterday), through the real rollup: its throughput. */
const LIVE_EVENTS = Number(process.env.STUDIO_LIVE_EVENTS ?? 300_000);
/** The year's events: filled into the rollup tables in bulk (see {@link bulkFill}). */
const YEAR_EVENTS = TARGET_EVENTS - LIVE_EVENTS;
const HEAVY_JOSIES = 2_000;
const CHUNK = 1_000_000;

/** Gives `bench1` {@link HEAVY_JOSIES} published josies (the large set gives each curator 200). */
async function heavyCurator(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ id: string; n: number }>(
    `select u.id, (select count(*)::int from josies where creator_id = u.id and status = 'published') as n
     from users u where u.email = 'bench1@bench.josie'`,
  );
  const { id, n } = rows[0]!;
  if (n < HEAVY_JOSIES) {
    await client.query(
      `insert into josies (id, creator_id, title, paragraphs, status, published_at)
       select gen_random_uuid(), $1, 'Heavy ' || g, '[{"type":"text","content":"More."}]'::jsonb, 'published',
         now() - g * interval '4 hours'
       from generate_series(1, $2::int) g`,
      [id, HEAVY_JOSIES - n],
    );
  }
  return id;
}

/** When a year's event happened: any time in the last 365 days. */
const YEAR_AT = `now() - random() * interval '365 days'`;
/** When a live event happened: from yesterday's start (UTC) to now, as the traffic of a running app. */
const LIVE_AT = `now() - random() * (now() - (date_trunc('day', now() at time zone 'UTC') - interval '1 day') at time zone 'UTC')`;

/**
 * Inserts `n` raw events, `chunk` a statement (one transaction each): every event's josie drawn from all
 * published josies (a third from `bench1`'s), its reader one of 20,000 a day, its time given by `at` (SQL).
 */
async function insertEvents(client: pg.Client, heavyId: string, n: number, at: string, chunk: number) {
  for (let done = 0; done < n; ) {
    const count = Math.min(chunk, n - done);
    await client.query(
      `with pool as (select array_agg(id) as ids, count(*)::int as n from josies where status = 'published'),
            heavy as (select array_agg(id) as ids, count(*)::int as n from josies where creator_id = $2),
            curators as (select array_agg(id) as ids, count(*)::int as n from users where role = 'curator'),
            draws as (
              select random() as k, random() as h, floor(random() * 20000)::int as r, random() as b,
                ${at} as at, floor(random() * 8)::int as s
              from generate_series(1, $1::int)
            )
       insert into analytics_events (name, params, reader, bot, at)
       select name, params, case when bot then null else md5(r::text || (at at time zone 'UTC')::date::text) end, bot, at
       from (
         select d.at, d.r, d.b < 0.02 as bot,
           case when d.k < 0.6 then 'josie_view' when d.k < 0.85 then 'josie_play' when d.k < 0.9 then 'also_on_click'
                when d.k < 0.93 then 'josie_share' when d.k < 0.97 then 'josie_like' when d.k < 0.99 then 'follow_source'
                else 'follow_gained' end as name,
           case when d.k < 0.97 then jsonb_build_object(
                  'josie_id', case when d.h < 0.33 then heavy.ids[1 + floor(random() * heavy.n)::int]
                                   else pool.ids[1 + floor(random() * pool.n)::int] end,
                  'surface', (array['feed','explore','search','genre','curator','invite','external','other'])[1 + d.s],
                  'language', case when d.s < 3 then 'he' else 'en' end,
                  'service', (array['spotify','youtube','other'])[1 + d.s % 3],
                  'item', (d.s % 4)::text,
                  'channel', (array['native','copy','other'])[1 + d.s % 3])
                else jsonb_build_object('curator_id', curators.ids[1 + floor(random() * curators.n)::int],
                  'source', (array['invite','explore','search','onboarding','josie','curator','other'])[1 + d.s % 7]) end
             as params
         from draws d, pool, heavy, curators
       ) e`,
      [count, heavyId],
    );
    done += count;
    process.stdout.write(`  ${done.toLocaleString('en')} events\r`);
  }
}

/** Adds the year's events up to {@link YEAR_EVENTS} (a run that finds them there adds none). */
async function seedYear(client: pg.Client, heavyId: string): Promise<void> {
  const { rows } = await client.query<{ n: number }>('select count(*)::int as n from analytics_events');
  const missing = YEAR_EVENTS - rows[0]!.n;
  if (missing <= 0) return;
  const started = performance.now();
  await insertEvents(client, heavyId, missing, YEAR_AT, CHUNK);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `seeded ${missing.toLocaleString('en')} events over a year in ${seconds.toFixed(0)} s, ` +
      `${Math.round(missing / seconds).toLocaleString('en')} events/s`,
  );
}

/** Streams `curatorId`'s josie table as CSV to nowhere; answers rows, bytes and peak memory above the start. */
async function csvMemory(studio: ReturnType<typeof createStudioService>, curatorId: string) {
  gc();
  const before = process.memoryUsage();
  let heap = before.heapUsed;
  let rss = before.rss;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    heap = Math.max(heap, now.heapUsed);
    rss = Math.max(rss, now.rss);
  }, 5);
  let bytes = 0;
  let lines = 0;
  const started = performance.now();
  try {
    const csv = Readable.from(studio.allJosies(curatorId, 'all')).pipe(
      stringify({ header: true, columns: ['id', 'title', 'publishedAt', ...STUDIO_METRICS], bom: true }),
    );
    for await (const chunk of csv) {
      bytes += chunk.length;
      lines += chunk.toString().split('\n').length - 1;
    }
  } finally {
    clearInterval(sampler);
  }
  return {
    rows: lines - 1,
    bytes,
    ms: performance.now() - started,
    heapMb: (heap - before.heapUsed) / MB,
    rssMb: (rss - before.rss) / MB,
  };
}

/** Seeds the large data set, `bench1`'s josies and the year's events; answers `bench1`'s id. */
export async function seedStudio(url: string, client: pg.Client): Promise<string> {
  await ensureDatabase(url);
  await seedLarge(url);
  const heavyId = await heavyCurator(client);
  await seedYear(client, heavyId);
  return heavyId;
}

/**
 * Counts the year's backlog into the rollup tables: the app's own `rollUp` with the whole backlog as one
 * batch, so one transaction and one statement of each kind instead of 500 of 20,000 events. The property test
 * of `rollup.test.ts` shows that any batch size counts the same; the run is then checked against a direct
 * count of the raw events for a sample of josies ({@link checkSample}). It counts whatever the mark has not
 * reached (nothing when an earlier run counted the year and its live events). `work_mem` is raised for this one connection's sorts and hashes.
 */
async function bulkFill(url: string, client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from analytics_events
     where (xid, id) > coalesce((select (xid, last_id) from studio_marks where name = 'rollup'),
                                ('0'::xid8, '00000000-0000-0000-0000-000000000000'::uuid))`,
  );
  if (rows[0]!.n === 0) {
    console.log('year: counted by an earlier run');
    return;
  }
  const own = new URL(url);
  own.searchParams.set('options', '-c work_mem=512MB -c maintenance_work_mem=512MB');
  const bulk = await openDatabase({ url: own.toString(), dataDir: '/tmp', poolSize: 1 });
  try {
    const started = performance.now();
    // One more than the events: the run ends caught up, so it also deletes the past days' first-event rows.
    const result = await rollUp(bulk.db, { batch: rows[0]!.n + 1 });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `year: ${result.events.toLocaleString('en')} events counted by rollUp as one batch in ${seconds.toFixed(0)} s ` +
        `(${Math.round(result.events / seconds).toLocaleString('en')} events/s)`,
    );
  } finally {
    await bulk.close();
  }
  await client.query(
    'vacuum (analyze) studio_josie_days, studio_curator_days, studio_josie_running, studio_firsts',
  );
}

/**
 * Checks the rollup tables against the raw events for `sample` josies drawn at random (half of them
 * `bench1`'s): each day's views, the distinct readers of that day who were not bots, and each josie's
 * all-time running views, the sum of those days. Throws on the first difference.
 */
async function checkSample(client: pg.Client, heavyId: string, sample = 40): Promise<void> {
  const { rows: josieIds } = await client.query<{ id: string }>(
    `(select id from josies where creator_id = $1 order by random() limit $2)
     union all (select id from josies where creator_id <> $1 and status = 'published' order by random() limit $2)`,
    [heavyId, sample / 2],
  );
  const ids = josieIds.map((r) => r.id);
  const { rows } = await client.query<{ id: string; day: string; direct: number; rolled: number }>(
    `with direct as (
       select (params->>'josie_id')::uuid as id, (at at time zone 'UTC')::date as day, count(distinct reader)::int as n
       from analytics_events
       where name = 'josie_view' and not bot and params->>'josie_id' = any($1::text[])
         and (xid, id) <= (select xid, last_id from studio_marks where name = 'rollup')
       group by 1, 2
     ),
     rolled as (
       select josie_id as id, day, count as n from studio_josie_days
       where metric = 'views' and dim = '' and josie_id = any($1::uuid[])
     )
     select coalesce(d.id, r.id) as id, coalesce(d.day, r.day)::text as day, coalesce(d.n, 0) as direct,
       coalesce(r.n, 0) as rolled
     from direct d full join rolled r on r.id = d.id and r.day = d.day`,
    [ids],
  );
  const wrong = rows.filter((r) => r.direct !== r.rolled);
  if (wrong.length > 0)
    throw new Error(`rollup differs from the raw events: ${JSON.stringify(wrong.slice(0, 5))}`);
  const { rows: running } = await client.query<{ id: string; days: number; latest: number }>(
    `select j.id, (select coalesce(sum(count), 0)::int from studio_josie_days
        where josie_id = j.id and metric = 'views' and dim = '') as days,
      coalesce((select views from studio_josie_running where josie_id = j.id order by day desc limit 1), 0) as latest
     from unnest($1::uuid[]) as j(id)`,
    [ids],
  );
  const off = running.filter((r) => r.days !== r.latest);
  if (off.length > 0)
    throw new Error(`running totals differ from the days: ${JSON.stringify(off.slice(0, 5))}`);
  console.log(
    `checked: ${ids.length} josies' ${rows.length.toLocaleString('en')} days of views equal the distinct readers of the raw events, and their running totals the days' sums`,
  );
}

/**
 * The rollup on live-shaped traffic: {@link LIVE_EVENTS} new events between yesterday's start and now (10,000
 * a transaction), counted by the app's `rollUp` as the job does (20,000 a transaction). Answers events/s.
 */
async function liveRollup(db: Database['db'], client: pg.Client, heavyId: string): Promise<void> {
  const started = performance.now();
  await insertEvents(client, heavyId, LIVE_EVENTS, LIVE_AT, 10_000);
  console.log(
    `live: ${LIVE_EVENTS.toLocaleString('en')} events of today and yesterday added in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const rolling = performance.now();
  const result = await rollUp(db);
  const seconds = (performance.now() - rolling) / 1000;
  console.log(
    `rollup (live): ${result.events.toLocaleString('en')} events in ${result.batches} transactions, ${seconds.toFixed(1)} s: ` +
      `${Math.round(result.events / seconds).toLocaleString('en')} events/s (budget: keep up with 1,000 events/s)`,
  );
}

/**
 * Other curators measured beside `bench1`, at most: those with published josies (the large set's 200,000
 * josies belong to 1,000 users, 200 published each, of whom 100 are curators; `bench1` has 2,000).
 */
const OTHER_CURATORS = 200;

export async function runStudioBench(): Promise<void> {
  console.log(machineLine());
  const url = studioDatabaseUrl();
  await ensureDatabase(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const heavyId = await seedStudio(url, client);
  await bulkFill(url, client);
  await checkSample(client, heavyId);
  const database = await openDatabase({ url, dataDir: '/tmp', poolSize: 4 });
  try {
    await liveRollup(database.db, client, heavyId);
    const { rows: sizes } = await client.query(
      `select (select count(*) from analytics_events)::int as events,
              (select count(*) from studio_josie_days)::int as josie_rows,
              (select count(*) from studio_josie_running)::int as running_rows,
              (select count(*) from studio_curator_days)::int as curator_rows`,
    );
    console.log(
      `tables: ${sizes[0].events.toLocaleString('en')} events; ${sizes[0].josie_rows.toLocaleString('en')} josie-day rows, ` +
        `${sizes[0].running_rows.toLocaleString('en')} running rows, ${sizes[0].curator_rows.toLocaleString('en')} curator-day rows`,
    );

    // The CSV export's memory, streamed.
    const studio = createStudioService({
      db: database.db,
      flags: { all: async () => ({ studio: 'true' }) as never },
      users: { findById: async () => undefined as never },
    });
    await csvMemory(studio, heavyId);
    const csv = await csvMemory(studio, heavyId);
    console.log(
      `CSV of bench1's ${csv.rows.toLocaleString('en')} josies, all time: ${(csv.bytes / 1024).toFixed(0)} KB in ${csv.ms.toFixed(0)} ms, ` +
        `peak heap +${csv.heapMb.toFixed(1)} MB, peak RSS +${csv.rssMb.toFixed(1)} MB`,
    );

    await client.query(
      `insert into feature_flags (key, value) values ('studio', 'true')
       on conflict (key) do update set value = 'true', updated_at = now()`,
    );
    // bench1 and OTHER_CURATORS others, each with the josie of theirs most viewed; bench1 asks every other turn.
    const { rows: curators } = await client.query<{ id: string; josie: string }>(
      `select c.id, (select r.josie_id from studio_josie_running r join josies j on j.id = r.josie_id
                     where j.creator_id = c.id order by r.views desc limit 1) as josie
       from (select $1::uuid as id union all
             (select u.id from users u where u.role = 'curator' and u.id <> $1
                and exists (select 1 from josies j where j.creator_id = u.id and j.status = 'published')
              order by u.email limit $2)) c`,
      [heavyId, OTHER_CURATORS],
    );
    const sessions = await mintSessions(
      url,
      curators.map((c) => c.id),
    );
    const tokenOf = new Map(sessions.userIds.map((id, i) => [id, sessions.tokens[i]!]));
    const askers = curators.map((c) => ({
      josie: c.josie,
      headers: Object.freeze({ authorization: `Bearer ${tokenOf.get(c.id)}` }),
    }));
    /** Every other request `bench1`'s, the others' in turn; `path` makes each one's path. */
    const mixed = (path: (josieId: string) => string) => {
      let turn = 0;
      let other = 0;
      return {
        setup(request: { path?: string; headers: Record<string, string> }) {
          const asker = turn++ % 2 === 0 ? askers[0]! : askers[1 + (other++ % (askers.length - 1))]!;
          request.path = path(asker.josie);
          Object.assign(request.headers, asker.headers);
        },
        onResponse() {},
      };
    };
    const bare = await startProcess(join(repoRoot, 'bench/bare-server.ts'), {});
    const results: LoadResult[] = [];
    let baseline: LoadResult | undefined;
    try {
      baseline = await load({
        name: 'bare Fastify route',
        url: `${bare.url}/bare`,
        serverPid: bare.child.pid,
      });
    } finally {
      await bare.stop();
    }
    const server = await startJosie(url);
    try {
      const db = [new URL(url).pathname.slice(1)];
      const runs: [string, (josieId: string) => string][] = [
        ['overview 7d', () => '/api/studio/overview?period=7d'],
        ['overview 30d', () => '/api/studio/overview?period=30d'],
        ['overview all', () => '/api/studio/overview?period=all'],
        ['josie table 30d by views, first 50', () => '/api/studio/josies?period=30d&sort=views'],
        ['josie table all by views, first 50', () => '/api/studio/josies?period=all&sort=views'],
        ["a josie's page 90d", (josie) => `/api/studio/josies/${josie}?period=90d`],
        ['audience 90d', () => '/api/studio/audience?period=90d'],
      ];
      for (const [name, path] of runs) {
        results.push(
          await load({
            name: `${name} (bench1 + ${askers.length - 1} curators)`,
            url: `${server.url}/`,
            hooks: mixed(path),
            serverPid: server.child.pid,
            postgresDatabases: db,
          }),
        );
      }
      // bench1 alone: the 2,000 josies on every request.
      for (const [name, path] of [
        ['josie table 30d by views, bench1 only', '/api/studio/josies?period=30d&sort=views'],
        ['overview all, bench1 only', '/api/studio/overview?period=all'],
      ] as const) {
        results.push(
          await load({
            name,
            url: `${server.url}${path}`,
            headers: askers[0]!.headers,
            serverPid: server.child.pid,
            postgresDatabases: db,
          }),
        );
      }
    } finally {
      await server.stop();
      await sessions.revoke();
    }
    if (baseline) {
      console.log(
        `bare Fastify route, same run: ${Math.round(baseline.requestsPerSec).toLocaleString('en')} req/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms`,
      );
    }
    printTable(results, baseline);
    console.log(`measured at ${loadLine()}`);
  } finally {
    await database.close();
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.env.STUDIO_STEPS === 'seed') {
    const url = studioDatabaseUrl();
    await ensureDatabase(url);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await seedStudio(url, client).finally(() => client.end());
  } else await runStudioBench();
}
