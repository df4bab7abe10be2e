/**
 * Seeds the large data set into a real PostgreSQL database for the benchmarks: 10,000 users (1,000
 * curators), 200,000 published josies, 100,000 follows and 1,000,000 likes, with like counts in step.
 * Idempotent: does nothing when the data set is already there. Usage: `npx tsx bench/seed-large.ts`
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/josie_bench).
 */
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedReference } from '../apps/server/src/db/seed/reference.js';
import { BENCH_DATABASE_URL, ensureDatabase } from './lib/db.js';
import { machineLine } from './lib/machine.js';

export const SIZES = { users: 10_000, curators: 1_000, josies: 200_000, follows: 100_000, likes: 1_000_000 };
export const BENCH_PASSWORD = 'bench-password';

/** Seeds when needed; answers the elapsed time in ms (0 when the data set existed). */
export async function seedLarge(url = BENCH_DATABASE_URL): Promise<number> {
  await ensureDatabase(url);
  const database = await openDatabase({ url, dataDir: '/tmp' });
  await database.migrate();
  await seedReference(database.db);
  await database.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from josies');
    if (Number(rows[0]?.n) >= SIZES.josies) return 0;
    const started = Date.now();
    const passwordHash = await hash(BENCH_PASSWORD, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const step = async (label: string, sql: string, params: unknown[] = []) => {
      const t = Date.now();
      await client.query(sql, params);
      console.log(`  ${label}: ${Date.now() - t} ms`);
    };
    await client.query('begin');
    await step(
      'users',
      `insert into users (name, email, password_hash, role, preferences, onboarding)
       select 'Bench ' || g, 'bench' || g || '@bench.josie', $1,
              case when g <= $2 then 'curator' else 'listener' end,
              jsonb_build_object('genres', jsonb_build_array((array['Pop','Rock','Jazz','House','Funk'])[1 + g % 5]),
                                 'myFont', 'Anton', 'myColor', 'Blue'),
              '{"completed": true, "step": 3}'::jsonb
       from generate_series(1, $3) g`,
      [passwordHash, SIZES.curators, SIZES.users],
    );
    await step(
      'numbered users',
      `create temp table nu as select row_number() over (order by email) as n, id, role from users where email like 'bench%@bench.josie';
       create index on nu (n);`,
    );
    await step(
      'josies',
      `insert into josies (creator_id, title, paragraphs, status, created_at, updated_at, published_at)
       select c.id, 'Bench josie ' || g,
              jsonb_build_array(
                jsonb_build_object('type', 'text', 'content', 'A benchmark josie about music number ' || g || ', with enough words to make an excerpt worth cutting short for the feed cards.'),
                jsonb_build_object('type', 'audioItem', 'content', jsonb_build_object('name', 'Mr. Brightside', 'type', 'track', 'url', 'https://open.spotify.com/track/003vvx7Niy0yvhvHt4a68B', 'provider', 'spotify', 'image', null))),
              'published', t, t, t
       from generate_series(1, $1) g
       join nu c on c.n = 1 + (g % $2)
       cross join lateral (select now() - (g * interval '150 seconds')) as ts(t)`,
      [SIZES.josies, SIZES.curators],
    );
    await step(
      'follows',
      `insert into follows (follower_id, curator_id)
       select f.id, c.id
       from generate_series(0, $1 - 1) g
       join nu f on f.n = $2 + 1 + (g % ($3 - $2))
       join nu c on c.n = 1 + ((g / ($3 - $2)) * 97 + g * 31) % $2
       on conflict do nothing`,
      [SIZES.follows, SIZES.curators, SIZES.users],
    );
    await step(
      'numbered josies',
      `create temp table nj as select row_number() over (order by id) as n, id from josies; create index on nj (n);`,
    );
    await step(
      'likes',
      `insert into josie_likes (josie_id, user_id)
       select j.id, u.id
       from generate_series(0, $1 - 1) g
       join nu u on u.n = 1 + (g % $2)
       join nj j on j.n = 1 + ((g::bigint * 7919 + (g / $2) * 104729) % $3)
       on conflict do nothing`,
      [SIZES.likes, SIZES.users, SIZES.josies],
    );
    await step(
      'like counts',
      `update josies set like_count = l.c from (select josie_id, count(*) c from josie_likes group by josie_id) l where l.josie_id = josies.id`,
    );
    await client.query('commit');
    // Statistics for the planner, and the visibility map that index-only scans need (autovacuum's work).
    await step('vacuum analyze', 'vacuum (analyze)');
    const counts = await client.query(
      `select (select count(*) from users) users, (select count(*) from josies) josies,
              (select count(*) from follows) follows, (select count(*) from josie_likes) likes`,
    );
    console.log('  rows:', counts.rows[0]);
    return Date.now() - started;
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(machineLine());
  const ms = await seedLarge();
  console.log(
    ms ? `seeded the large data set in ${(ms / 1000).toFixed(1)} s` : 'large data set already present',
  );
}
