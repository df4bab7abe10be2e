/**
 * Moderation queue benchmark (docs/decisions/0047-reports-and-moderation.md, docs/performance.md):
 * `GET /api/moderation/reports` (first pages, and next pages by cursor) as an editor, with 10,000 open reports
 * on 4,000 distinct targets (comments, josies and accounts, several reports each), beside a bare Fastify route
 * measured in the same run. Prints requests/s, p50/p99 ms, the ratio to the bare route and the server's CPU
 * time per request. Usage: `npm run bench:moderation -w bench`; BENCH_DURATION seconds per endpoint (10),
 * BENCH_MODERATION_DATABASE_URL the database (its own, `josie_bench_moderation`, seeded when empty).
 */

import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { BENCH_DATABASE_URL, ensureDatabase } from './lib/db.js';
import { type LoadResult, load, printTable } from './lib/load.js';
import { loadLine, machineLine } from './lib/machine.js';
import { repoRoot, startJosie, startProcess } from './lib/server.js';
import { mintSessions } from './lib/sessions.js';

const DATABASE_URL =
  process.env.BENCH_MODERATION_DATABASE_URL ??
  BENCH_DATABASE_URL.replace('/josie_bench', '/josie_bench_moderation');
const OPEN_REPORTS = 10_000;
const TARGETS = 4_000;

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Seeds, in bulk with `generate_series`, when there are fewer open reports than {@link OPEN_REPORTS}: 500
 * reporters, 1,000 authors with a published josie and a comment each, an editor, and 10,000 open reports on
 * {@link TARGETS} targets (a third comments, a third josies, a third accounts), spread over the last week.
 * @returns the editor's id.
 */
async function seed(db: pg.Client): Promise<string> {
  const { rows } = await db.query<{ n: string }>(
    'select count(*) as n from reports where resolved_at is null',
  );
  if (Number(rows[0]!.n) < OPEN_REPORTS) {
    const t = Date.now();
    await db.query('begin');
    await db.query(`delete from reports; delete from comments; delete from josies; delete from users`);
    await db.query(`insert into users (name, email, role)
      select 'Author ' || g, 'author' || g || '@bench.josie', 'curator' from generate_series(1, 1500) g`);
    await db.query(`insert into users (name, email, role)
      select 'Reporter ' || g, 'reporter' || g || '@bench.josie', 'listener' from generate_series(1, 500) g`);
    await db.query(
      `insert into users (name, email, role) values ('Bench Editor', 'editor@bench.josie', 'editor')`,
    );
    await db.query(`insert into josies (creator_id, title, paragraphs, status, published_at)
      select id, 'Josie of ' || name, '[{"type":"text","content":"Words"}]'::jsonb, 'published', now()
        from users where email like 'author%'`);
    await db.query(`insert into comments (josie_id, author_id, body)
      select j.id, j.creator_id, 'A comment that someone found rude, with enough words to look real.'
        from josies j`);
    await db.query(`update josies set comment_count = 1`);
    // Target t (1..TARGETS): kind t % 3 over the numbered comments, josies and authors; each gets 2 or 3
    // reports from distinct reporters, 10,000 in all.
    await db.query(
      `with numbered_comments as (select row_number() over (order by id) as n, id from comments),
            numbered_josies as (select row_number() over (order by id) as n, id from josies),
            numbered_authors as (select row_number() over (order by id) as n, id from users where email like 'author%'),
            numbered_reporters as (select row_number() over (order by id) as n, id from users where email like 'reporter%'),
            targets as (
              select t, case t % 3 when 0 then 'comment' when 1 then 'josie' else 'account' end as kind,
                     1 + t / 3 as pick
                from generate_series(1, $1::int) t),
            slots as (select g, 1 + (g - 1) % $1::int as t, (g - 1) / $1::int as k from generate_series(1, $2::int) g)
       insert into reports (reporter_id, target_type, target_id, reason, text, created_at)
       select r.id, tg.kind,
              case tg.kind when 'comment' then (select c.id from numbered_comments c where c.n = tg.pick)
                           when 'josie' then (select j.id from numbered_josies j where j.n = tg.pick)
                           else (select a.id from numbered_authors a where a.n = tg.pick) end,
              (array['spam','harassment','hate','sexual','other'])[1 + s.g % 5],
              case when s.g % 5 = 4 then 'Reported text number ' || s.g end,
              now() - (s.g * interval '53 seconds')
         from slots s join targets tg on tg.t = s.t
         join numbered_reporters r on r.n = 1 + (s.t * 7 + s.k * 131) % 500`,
      [TARGETS, OPEN_REPORTS],
    );
    await db.query('commit');
    await db.query('vacuum (analyze) reports, comments, josies, users');
    console.log(`  seeded ${OPEN_REPORTS} open reports: ${Date.now() - t} ms`);
  }
  const { rows: editor } = await db.query<{ id: string }>(
    `select id from users where email = 'editor@bench.josie'`,
  );
  return editor[0]!.id;
}

async function main(): Promise<void> {
  console.log(machineLine());
  await ensureDatabase(DATABASE_URL);
  const database = await openDatabase({ url: DATABASE_URL, dataDir: '/tmp' });
  await database.migrate();
  await database.close();
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const editorId = await seed(db);
  const { rows } = await db.query<{ reports: string; targets: string }>(
    `select count(*) as reports, count(distinct (target_type, target_id)) as targets
       from reports where resolved_at is null`,
  );
  await db.end();
  console.log(`${rows[0]!.reports} open reports on ${rows[0]!.targets} targets`);

  const sessions = await mintSessions(DATABASE_URL, [editorId]);
  const headers = { authorization: `Bearer ${sessions.tokens[0]}` };
  const bare = await startProcess(join(repoRoot, 'bench/bare-server.ts'), {});
  const josie = await startJosie(DATABASE_URL);
  const results: LoadResult[] = [];
  try {
    // Cursors of the queue's next pages, as an editor paging on would send them (the first 30 pages).
    const cursors: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: { targets: unknown[]; nextCursor: string | null } } = await json(
        await fetch(`${josie.url}/api/moderation/reports${cursor ? `?cursor=${cursor}` : ''}`, { headers }),
      );
      cursor = page.data.nextCursor;
      if (cursor) cursors.push(cursor);
    } while (cursor && cursors.length < 30);
    const pick = () => cursors[Math.floor(Math.random() * cursors.length)]!;
    results.push(
      await load({ name: 'bare Fastify route', url: `${bare.url}/bare`, serverPid: bare.child.pid }),
    );
    results.push(
      await load({
        name: 'GET /api/moderation/reports',
        url: `${josie.url}/api/moderation/reports`,
        headers,
        serverPid: josie.child.pid,
      }),
    );
    results.push(
      await load({
        name: 'GET /api/moderation/reports?cursor=',
        url: josie.url,
        path: () => `/api/moderation/reports?cursor=${pick()}`,
        headers,
        serverPid: josie.child.pid,
      }),
    );
    printTable(results, results[0]);
  } finally {
    await josie.stop();
    await bare.stop();
    await sessions.revoke();
  }
  console.log(`measured at ${loadLine()}`);
}

await main();
