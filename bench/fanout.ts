/**
 * Realtime fan-out benchmark (docs/performance.md): 2,000 socket.io clients follow one curator; an editor
 * approves one of the curator's josies; the figure is the time from sending the approve call to the last
 * client's `new-post`, over several approvals (p50 and p99), with the spread of single deliveries beside it.
 *
 * The listeners are real accounts of the large data set. Their sessions are real session rows, and their
 * tokens are signed with the server's own token signer and JWT secret (`mintSessions`, bench/lib/sessions.ts):
 * signing in 2,000 times through the API would measure argon2, not the fan-out. The curator and the editor sign in
 * through the API. Clients use the websocket transport, as the web app tries first.
 *
 * Usage: `npm run bench:fanout -w bench` (or `npx tsx bench/fanout.ts`). FANOUT_SOCKETS (2000),
 * FANOUT_ROUNDS (10). With FANOUT_REDIS_URL the clients are spread over two server processes sharing
 * that Redis (the delivery then crosses the socket.io Redis adapter).
 */
import type { ClientToServerEvents, JoinFeedAck, Josie, ServerToClientEvents } from '@josie/contract';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { hashPassword } from '../apps/server/src/modules/auth/service.js';
import { BENCH_DATABASE_URL } from './lib/db.js';
import { loadLine, machineLine } from './lib/machine.js';
import { type RunningServer, startJosie } from './lib/server.js';
import { mintSessions } from './lib/sessions.js';
import { type Budget, percentile, printBudgets } from './lib/stats.js';
import { seedLarge } from './seed-large.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const SOCKETS = Number(process.env.FANOUT_SOCKETS ?? 2000);
const ROUNDS = Number(process.env.FANOUT_ROUNDS ?? 10);
const REDIS_URL = process.env.FANOUT_REDIS_URL;
const PASSWORD = 'fanout-password';
/** The budget: p99 of the approve-to-last-delivery time, for 2,000 sockets (docs/performance.md). */
const BUDGET_P99_MS = 500;

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

/** The fan-out's curator and editor (created once), and `count` listeners of the data set following the curator. */
async function prepareAccounts(count: number) {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  try {
    const passwordHash = await hashPassword(PASSWORD);
    const { rows } = await client.query<{ id: string; role: string; email: string }>(
      // Verified addresses: an unverified account may not publish (docs/decisions/0025-account-and-data.md).
      `insert into users (name, email, password_hash, role, onboarding, email_verified_at)
       values ('Fan-out Curator', 'fanout-curator@bench.josie', $1, 'curator', '{"completed": true, "step": 3}', now()),
              ('Fan-out Editor', 'fanout-editor@bench.josie', $1, 'editor', '{"completed": true, "step": 3}', now())
       on conflict (email) do update set password_hash = excluded.password_hash,
         email_verified_at = coalesce(users.email_verified_at, now())
       returning id, role, email`,
      [passwordHash],
    );
    const curator = rows.find((r) => r.role === 'curator')!;
    const editor = rows.find((r) => r.role === 'editor')!;
    const listeners = await client.query<{ id: string }>(
      `select id from users where role = 'listener' and email like 'bench%@bench.josie' order by email limit $1`,
      [count],
    );
    if (listeners.rowCount !== count)
      throw new Error(`the data set has ${listeners.rowCount} listeners, not ${count}`);
    await client.query(
      `insert into follows (follower_id, curator_id) select unnest($1::uuid[]), $2 on conflict do nothing`,
      [listeners.rows.map((r) => r.id), curator.id],
    );
    return { curator, editor, listenerIds: listeners.rows.map((r) => r.id) };
  } finally {
    await client.end();
  }
}

/**
 * Leaves the data set as the HTTP benchmark expects it: the fan-out's sessions, follows and josies go
 * (the accounts stay, for the next run).
 */
async function cleanUp(curatorId: string) {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  try {
    await client.query('delete from follows where curator_id = $1', [curatorId]);
    await client.query('delete from josies where creator_id = $1', [curatorId]);
  } finally {
    await client.end();
  }
}

/** Connects one client and joins its feed rooms; resolves with the curators it joined. */
function connectClient(url: string, token: string): Promise<{ socket: Client; joined: JoinFeedAck }> {
  return new Promise((resolve, reject) => {
    const socket: Client = io(url, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
    });
    socket.once('connect_error', reject);
    socket.once('connect', () => {
      socket.emit('join-feed', undefined, (joined) => resolve({ socket, joined }));
    });
  });
}

export async function runFanoutBench(): Promise<Budget[]> {
  console.log(machineLine());
  await seedLarge();
  const { curator, editor, listenerIds } = await prepareAccounts(SOCKETS);
  const readers = await mintSessions(BENCH_DATABASE_URL, listenerIds);
  const { tokens } = readers;
  const env: Record<string, string> = REDIS_URL
    ? { REDIS_URL, REDIS_PREFIX: `bench-fanout-${process.pid}:` }
    : {};
  const servers = await Promise.all(
    (REDIS_URL ? [1, 2] : [1]).map(() => startJosie(BENCH_DATABASE_URL, env)),
  );
  const sockets: Client[] = [];
  try {
    const login = (email: string) =>
      api<{ token: string }>(servers[0]!, 'POST', '/api/auth/login', { email, password: PASSWORD });
    const curatorToken = (await login(curator.email)).token;
    // The approvals go to the last server, so with two servers most deliveries cross Redis.
    const editorServer = servers.at(-1)!;
    const editorToken = (await login(editor.email)).token;

    const connectStarted = Date.now();
    const BATCH = 100;
    for (let i = 0; i < tokens.length; i += BATCH) {
      const batch = tokens
        .slice(i, i + BATCH)
        .map((token, j) => connectClient(servers[(i + j) % servers.length]!.url, token));
      for (const { socket, joined } of await Promise.all(batch)) {
        if (!joined.curators.includes(curator.id))
          throw new Error('a listener did not join the curator room');
        sockets.push(socket);
      }
    }
    console.log(
      `${sockets.length} sockets connected and joined in ${((Date.now() - connectStarted) / 1000).toFixed(1)} s` +
        ` over ${servers.length} server process${servers.length > 1 ? 'es (Redis adapter)' : ''}`,
    );

    const lastDelivery: number[] = [];
    const deliveries: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const josie = await api<Josie>(
        servers[0]!,
        'POST',
        '/api/josies',
        {
          title: `Fan-out ${round}`,
          paragraphs: [{ type: 'text', content: 'Two thousand listeners at once.' }],
        },
        curatorToken,
      );
      const arrivals: number[] = [];
      let started = 0;
      const all = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`round ${round}: ${arrivals.length} of ${sockets.length} deliveries`)),
          30_000,
        );
        for (const socket of sockets) {
          const onPost = (post: Josie) => {
            if (post._id !== josie._id) return;
            socket.off('new-post', onPost);
            arrivals.push(performance.now() - started);
            if (arrivals.length === sockets.length) {
              clearTimeout(timer);
              resolve();
            }
          };
          socket.on('new-post', onPost);
        }
      });
      started = performance.now();
      await api(editorServer, 'PUT', `/api/josies/${josie._id}/approve`, undefined, editorToken);
      await all;
      lastDelivery.push(Math.max(...arrivals));
      deliveries.push(...arrivals);
      // Lets the server settle between rounds, as approvals are minutes apart in real life.
      await new Promise((r) => setTimeout(r, 500));
    }

    const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
    console.table({
      'approve -> last delivery': {
        samples: ROUNDS,
        p50: fmt(percentile(lastDelivery, 50)),
        p99: fmt(percentile(lastDelivery, 99)),
        max: fmt(Math.max(...lastDelivery)),
      },
      'approve -> each delivery': {
        samples: deliveries.length,
        p50: fmt(percentile(deliveries, 50)),
        p99: fmt(percentile(deliveries, 99)),
        max: fmt(Math.max(...deliveries)),
      },
    });
    const p99 = percentile(lastDelivery, 99);
    const budgets: Budget[] = [
      {
        what: `fan-out to ${sockets.length} sockets, p99 of approve -> last new-post`,
        figure: fmt(p99),
        budget: `< ${BUDGET_P99_MS} ms`,
        met: sockets.length >= 2000 && p99 < BUDGET_P99_MS,
      },
    ];
    printBudgets(budgets);
    console.log(`measured at ${loadLine()}`);
    return budgets;
  } finally {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(servers.map((s) => s.stop()));
    await readers.revoke();
    await cleanUp(curator.id);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runFanoutBench();
}
