/**
 * Notifications benchmark (docs/performance.md#notifications; docs/decisions/0024-notifications-centre.md):
 * what approving a josie costs when its curator has 10,000 followers who all turned the in-app `new-josie`
 * entry on (the worst case: the default is off), against the same approval for a curator with no follower,
 * beside a bare Fastify route's requests/s measured in the same run. Then how long the background jobs take
 * to write the 10,000 entries (they must never be in the request).
 *
 * The approvals are sequential HTTP requests from one editor (an editor approves one josie at a time); each
 * round approves a fresh pending josie. Accounts, follows and josies are written with SQL (signing up 10,000
 * users through the API would measure argon2).
 *
 * Usage: `npm run bench:notifications -w bench` (or `npx tsx bench/notifications.ts`). NOTIF_FOLLOWERS
 * (10000), NOTIF_ROUNDS (20). Database: NOTIF_BENCH_DATABASE_URL, else BENCH_DATABASE_URL's server with a
 * database of its own (`<name>_notifications`), so other benchmarks' data sets are left alone.
 */
import { join } from 'node:path';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/modules/auth/service.js';
import { BENCH_DATABASE_URL, ensureDatabase } from './lib/db.js';
import { load } from './lib/load.js';
import { loadLine, machineLine } from './lib/machine.js';
import { type RunningServer, repoRoot, startJosie, startProcess } from './lib/server.js';
import { percentile } from './lib/stats.js';

const FOLLOWERS = Number(process.env.NOTIF_FOLLOWERS ?? 10_000);
const ROUNDS = Number(process.env.NOTIF_ROUNDS ?? 20);
const PASSWORD = 'notifications-bench-password';

function databaseUrl(): string {
  if (process.env.NOTIF_BENCH_DATABASE_URL) return process.env.NOTIF_BENCH_DATABASE_URL;
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = `${url.pathname}_notifications`;
  return url.toString();
}

async function api<T>(server: RunningServer, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The editor, a curator with `FOLLOWERS` followers (new-josie in-app on), a curator with none. */
async function prepare(client: pg.Client) {
  const passwordHash = await hashPassword(PASSWORD);
  const { rows } = await client.query<{ id: string; email: string }>(
    `insert into users (name, email, password_hash, role, onboarding) values
       ('Bench Editor', 'notif-editor@bench.josie', $1, 'editor', '{"completed": true, "step": 3}'),
       ('Popular Curator', 'notif-popular@bench.josie', $1, 'curator', '{"completed": true, "step": 3}'),
       ('Quiet Curator', 'notif-quiet@bench.josie', $1, 'curator', '{"completed": true, "step": 3}')
     on conflict (email) do update set password_hash = excluded.password_hash
     returning id, email`,
    [passwordHash],
  );
  const id = (email: string) => rows.find((r) => r.email === email)!.id;
  await client.query(
    `insert into users (name, email, role, notification_settings)
     select 'Follower ' || i, 'notif-follower-' || i || '@bench.josie', 'listener',
            '{"allowPushNotifications": true, "allowEmails": true, "kinds": {"new-josie": {"inApp": true}}}'
       from generate_series(1, $1::int) as i
     on conflict (email) do nothing`,
    [FOLLOWERS],
  );
  await client.query(
    `insert into follows (follower_id, curator_id)
     select id, $1 from users where email like 'notif-follower-%@bench.josie'
     on conflict do nothing`,
    [id('notif-popular@bench.josie')],
  );
  const { rows: count } = await client.query<{ n: number }>(
    'select count(*)::int as n from follows where curator_id = $1',
    [id('notif-popular@bench.josie')],
  );
  return {
    editor: 'notif-editor@bench.josie',
    popular: id('notif-popular@bench.josie'),
    quiet: id('notif-quiet@bench.josie'),
    followers: count[0]!.n,
  };
}

/** `n` pending josies of `curatorId`, straight into the table. */
async function pendingJosies(client: pg.Client, curatorId: string, n: number): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `insert into josies (creator_id, title, paragraphs, status)
     select $1, 'Bench josie ' || i, '[{"type": "text", "content": "Ten thousand followers."}]', 'pending'
       from generate_series(1, $2::int) as i
     returning id`,
    [curatorId, n],
  );
  return rows.map((r) => r.id);
}

/** Approves each josie in turn; answers each request's time in ms and the requests per second. */
async function approveAll(server: RunningServer, token: string, ids: string[]) {
  const times: number[] = [];
  const started = performance.now();
  for (const id of ids) {
    const t = performance.now();
    await api(server, 'PUT', `/api/josies/${id}/approve`, undefined, token);
    times.push(performance.now() - t);
  }
  return { times, rps: ids.length / ((performance.now() - started) / 1000) };
}

export async function runNotificationsBench(): Promise<void> {
  console.log(machineLine());
  const url = databaseUrl();
  await ensureDatabase(url);
  // The server migrates the database at start.
  const server = await startJosie(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const bare = await startProcess(join(repoRoot, 'bench/bare-server.ts'), {});
  try {
    const accounts = await prepare(client);
    console.log(`popular curator has ${accounts.followers} followers with new-josie in-app on`);
    const { token } = await api<{ token: string }>(server, 'POST', '/api/auth/login', {
      email: accounts.editor,
      password: PASSWORD,
    });
    const warm = await pendingJosies(client, accounts.quiet, 5);
    await approveAll(server, token, warm);

    const quietIds = await pendingJosies(client, accounts.quiet, ROUNDS);
    const popularIds = await pendingJosies(client, accounts.popular, ROUNDS);
    const quiet = await approveAll(server, token, quietIds);
    const before = Date.now();
    const popular = await approveAll(server, token, popularIds);

    // The background work the approvals left: one new-josie entry per follower per josie.
    const expected = accounts.followers * ROUNDS;
    let written = 0;
    const deadline = Date.now() + 5 * 60_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from notifications where kind = 'new-josie' and subject_id = any($1::uuid[])`,
        [popularIds],
      );
      written = rows[0]!.n;
      if (written >= expected) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const jobsSeconds = (Date.now() - before) / 1000;

    const bareResult = await load({
      name: 'bare Fastify route',
      url: `${bare.url}/bare`,
      connections: 10,
      durationSec: 5,
    });

    const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
    console.table({
      [`approve, curator with ${accounts.followers} followers`]: {
        samples: ROUNDS,
        'req/s (1 connection)': popular.rps.toFixed(1),
        p50: fmt(percentile(popular.times, 50)),
        p99: fmt(percentile(popular.times, 99)),
      },
      'approve, curator with no follower': {
        samples: ROUNDS,
        'req/s (1 connection)': quiet.rps.toFixed(1),
        p50: fmt(percentile(quiet.times, 50)),
        p99: fmt(percentile(quiet.times, 99)),
      },
      'bare Fastify route (10 connections)': {
        samples: '5 s',
        'req/s (1 connection)': bareResult.requestsPerSec.toFixed(0),
        p50: fmt(bareResult.p50),
        p99: fmt(bareResult.p99),
      },
    });
    console.log(
      `${written} of ${expected} new-josie entries written by the jobs ${jobsSeconds.toFixed(1)} s after the` +
        ` first approval (${(written / jobsSeconds).toFixed(0)} entries/s)`,
    );
    console.log(`measured at ${loadLine()}`);
  } finally {
    await client.query(
      `delete from josies where creator_id in (select id from users where email like 'notif-%@bench.josie' and role = 'curator')`,
    );
    await client.end();
    await Promise.all([server.stop(), bare.stop()]);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runNotificationsBench();
}
