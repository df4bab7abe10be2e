/**
 * HTTP benchmark on the large data set (docs/product/rules-and-limits.md#feed, docs/performance.md), for many
 * distinct readers: every request carries the next reader's session (a round robin over 1,000 or 10,000
 * readers), so a per-reader cache answers a reader only what that reader asked for before, as in production.
 * Each endpoint runs at 50 connections beside a bare Fastify route measured in the same run, and prints
 * requests/s, p50/p99 ms, the ratio to the bare route, the server's and PostgreSQL's CPU µs per request and
 * the 1-minute load average before and after; then the budgets with their verdicts and the feed query's plan.
 *
 * Usage: `npm run bench:http -w bench` (or `npx tsx bench/http.ts`).
 *
 * Environment:
 * - BENCH_DATABASE_URL: the large data set's database (the machine's PostgreSQL through its Unix socket,
 *   else over TCP on 127.0.0.1:5432: bench/lib/db.ts);
 *   the peer's shape goes to `<BENCH_DATABASE_URL>_peer`. Both are seeded on first use (seed-large.ts).
 * - BENCH_DURATION: seconds measured per endpoint (10); BENCH_WARMUP: seconds of load first, unrecorded (2).
 * - BENCH_ONLY: comma-separated names (below) measured beside the bare route; all by default.
 * - BENCH_PEER_URL, BENCH_PEER_TOKENS: a running RealWorld API seeded in the peer's shape and a file of its
 *   JWTs (one a line); its `GET /api/articles/feed` is then measured and replaces {@link PEER_REFERENCE}.
 * - BENCH_ONLINE_SHARE: the share of the liked josies' creators with a socket open during the like toggle's
 *   run (0.1): their notification entries are announced to them.
 * - BENCH_CPU_PROF_DIR: the Josie servers write V8 CPU profiles there (bench/lib/server.ts).
 *
 * Names (readers rotated; "reader caches off" is `READER_CACHE_TTL_MS=0`, the budget runs):
 * - floor: an empty Josie route (the cached feature flags, signed in): what any request costs in this app's
 *   hooks (security headers, session, metrics) before its own work.
 * - feed-cached: `GET /api/josies/feed`, 1,000 readers, every read cache on (the defaults).
 * - feed: the same, per-reader caches off.
 * - feed-uncached: the same, every read cache off (`READ_CACHE_TTL_MS=0`).
 * - feed-br: the feed (per-reader caches off) as a browser asks for it, `Accept-Encoding: gzip, deflate, br`:
 *   what compressing the answer costs (decision 0030); the other endpoints ask for it uncompressed.
 * - feed-10k: the feed, 10,000 readers (every user of the data set: 9,000 follow curators, the others
 *   read their own josies if any), reader caches off.
 * - curator: `GET /api/josies/curator/:id/feed` of any of the 1,000 curators who published josies.
 * - read: `GET /api/josies/:id` of any of the 1,000 latest josies.
 * - like: `POST /api/josies/:id/like` of the same josies (a toggle: likes and unlikes), with the bells of a
 *   share of their creators open (BENCH_ONLINE_SHARE).
 * - like-statement: the like toggle's one statement alone (the server's own `toggleLike`), by the same 1,000
 *   readers on the same josies, 50 callers through a pool of the server's size (10), no server running: the
 *   floor under the like toggle on this machine, as the bare route is under every endpoint. Its p99 is what
 *   PostgreSQL alone needs; the like toggle cannot answer faster.
 * - search: `GET /api/search/josies?q=` with search.ts's queries, by visitors (no session).
 * - notifications: `GET /api/notifications`.
 * - oembed: `GET /api/oembed?url=` of a josie page (docs/decisions/0043-embeds.md), asked for by 1,000 distinct
 *   readers (sites and browsers showing embeds, no session), each of whom embeds 5 of the 1,000 latest josies
 *   at its own width and keeps every answer's `ETag`, revalidating with `If-None-Match` when it asks again;
 *   prints the conditional-GET hit rate (the share of revalidations answered 304) beside the table. 304s
 *   count in the table's non2xx.
 * - login: `POST /api/auth/login` of one listener (argon2: the cost of a sign-in, not of a reader).
 * - atom: `GET /curator/:id/feed.atom` polled by {@link FEED_READERS} distinct feed readers in turn, each
 *   subscribed to one of the curators (role curator) who published josies and sending the `If-None-Match` of its last answer (a feed
 *   reader's conditional GET, docs/decisions/0042-feeds-and-search-engines.md); every reader polled once
 *   before the run (subscribed). Prints the conditional-GET hit rate: the share answered 304. No josie is
 *   published during the run, so every poll of a reader who has the current ETag is a hit.
 * - atom-full: the same polls without validators: every answer the whole feed (what a miss costs).
 * - peer: the feed on the peer's shape (its own database and server), its 1,000 readers, reader caches off,
 *   compared with the RealWorld peer's feed.
 *
 * Before an endpoint's first run for N readers on a server, each reader reads its feed once (printed with
 * its time): readers who have been here before, whose home timelines exist. Before the curator feed's, each
 * curator's page is read once too: a server that has been up a while holds their josies.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientToServerEvents, ServerToClientEvents } from '@josie/contract';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { openDatabase } from '../apps/server/src/db/client.js';
import { prepareEntryQueries } from '../apps/server/src/modules/feed/queries.js';
import { toggleLike } from '../apps/server/src/modules/likes/queries.js';
import { recordQueries } from '../apps/server/src/test/queries.js';
import { BENCH_DATABASE_URL } from './lib/db.js';
import {
  type LoadOptions,
  type LoadResult,
  load,
  loadCalls,
  printTable,
  type RequestHooks,
  waitUntilIdle,
  warmReaders,
} from './lib/load.js';
import { loadLine, machineLine } from './lib/machine.js';
import { type RunningServer, repoRoot, startJosie, startProcess } from './lib/server.js';
import { type MintedSessions, mintSessions, rotateReaders } from './lib/sessions.js';
import { type Budget, printBudgets } from './lib/stats.js';
import { QUERIES } from './search.js';
import { BENCH_PASSWORD, PEER_SIZES, peerDatabaseUrl, seedLarge } from './seed-large.js';

/** The endpoints measured beside the bare route, in the table's order. */
const ENDPOINTS = [
  'floor',
  'feed-cached',
  'feed',
  'feed-uncached',
  'feed-br',
  'feed-10k',
  'curator',
  'read',
  'like',
  'like-statement',
  'search',
  'notifications',
  'oembed',
  'login',
  'atom',
  'atom-full',
  'peer',
] as const;
type Endpoint = (typeof ENDPOINTS)[number];
/** The endpoints asked of a server; `like-statement` is run on the database directly. */
type Served = Exclude<Endpoint, 'like-statement'>;
const SERVED = ENDPOINTS.filter((name): name is Served => name !== 'like-statement');

/**
 * The RealWorld peer's feed (`GET /api/articles/feed`, a RealWorld API server on the peer's data shape,
 * 1,000 readers rotated at 50 connections), measured on this machine on 27 November 2026: 80 req/s
 * (71 to 110 over the runs), p99 610 to 880 ms. The peer-shape budget compares with it unless
 * BENCH_PEER_URL measures the peer in the same run.
 */
const PEER_REFERENCE = {
  requestsPerSec: 80,
  range: '71-110 req/s',
  p99: '610-880 ms',
  measured: '2026-11-27',
};

/** Distinct feed readers of the `atom` runs, each subscribed to one curator. */
const FEED_READERS = 10_000;

/**
 * {@link FEED_READERS} feed readers polling curators' Atom feeds in turn: reader `i` follows curator
 * `curatorIds[(i * 7919) % n]` (spread over every curator), and, when `conditional`, sends the ETag of its
 * last answer as `If-None-Match` and keeps the ETag of each answer.
 */
function feedReaders(
  curatorIds: readonly string[],
  conditional: boolean,
): RequestHooks & { subscribe: RequestHooks } {
  const follows = Array.from(
    { length: FEED_READERS },
    (_, i) => `/curator/${curatorIds[(i * 7919) % curatorIds.length]}/feed.atom`,
  );
  const etags: (string | undefined)[] = new Array(FEED_READERS);
  let turn = 0;
  const hooks = (sendValidators: boolean): RequestHooks => ({
    setup(request, context) {
      const reader = turn;
      turn = turn + 1 === FEED_READERS ? 0 : turn + 1;
      context.reader = reader;
      request.path = follows[reader];
      // autocannon may hand the same request object again: a header left from another reader must go.
      delete request.headers['if-none-match'];
      const etag = etags[reader];
      if (sendValidators && etag) request.headers['if-none-match'] = etag;
    },
    onResponse(_status, headers, context) {
      if (conditional && headers.etag) etags[context.reader as number] = headers.etag;
    },
  });
  // `subscribe`: each reader's first poll, unconditional, whose ETag it keeps.
  return { ...hooks(conditional), subscribe: hooks(false) };
}

/** Server configurations, each started once (env of the server process; docs/performance.md). */
const MODES = {
  /** Per-reader caches off: the budget runs. A server without the knob ignores it (then: caches on). */
  readerOff: { READER_CACHE_TTL_MS: '0' },
  cached: {},
  uncached: { READ_CACHE_TTL_MS: '0' },
} satisfies Record<string, Record<string, string>>;
type Mode = keyof typeof MODES | 'peer';

/**
 * The share of the liked josies' creators with a bell open (a socket) during the like toggle's run
 * (`BENCH_ONLINE_SHARE`, 0.1): their entries are read and announced, the others' only written
 * (docs/decisions/0035-announced-to-those-connected.md).
 */
const ONLINE_SHARE = Number(process.env.BENCH_ONLINE_SHARE ?? 0.1);

/**
 * Opens a socket (the header bell's) for each of `userIds` on `server`, on sessions minted for them, and
 * counts the `notification` events they hear. @returns once every socket connected.
 */
async function openBells(server: RunningServer, userIds: readonly string[]) {
  const minted = await mintSessions(BENCH_DATABASE_URL, userIds);
  let heard = 0;
  const sockets = minted.tokens.map((token) => {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(server.url, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.on('notification', () => {
      heard += 1;
    });
    return socket;
  });
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        }),
    ),
  );
  return {
    count: sockets.length,
    heard: () => heard,
    async close() {
      for (const socket of sockets) socket.disconnect();
      await minted.revoke();
    },
  };
}

/** `BENCH_ONLY` (comma-separated endpoint names), or every endpoint. */
const only: readonly Endpoint[] = process.env.BENCH_ONLY
  ? (process.env.BENCH_ONLY.split(',').map((n) => n.trim()) as Endpoint[])
  : ENDPOINTS;
for (const name of only) {
  if (!ENDPOINTS.includes(name))
    throw new Error(`BENCH_ONLY: unknown endpoint ${name} (${ENDPOINTS.join(', ')})`);
}

/**
 * The statement of `userId`'s first feed page as the server sends it (the page of the reader's home timeline,
 * docs/decisions/0027-home-timelines.md), and its `EXPLAIN (ANALYZE, BUFFERS)`.
 */
async function feedPlan(userId: string): Promise<string> {
  const database = await openDatabase({ url: BENCH_DATABASE_URL, dataDir: '/tmp', poolSize: 1 });
  try {
    const timelines = prepareEntryQueries(database.db).timelines;
    const { queries } = await recordQueries(database, () => timelines([userId], null, 21));
    const query = queries[0]!;
    const client = (database.db as unknown as { $client: pg.Pool }).$client;
    const { rows } = await client.query(`explain (analyze, buffers, format text) ${query.sql}`, query.params);
    return `${query.sql}\n\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`;
  } finally {
    await database.close();
  }
}

/** Runs `sql` on the database at `url` and answers its rows. */
async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** The readers, curators and josies of the large data set the endpoints draw from. */
async function largeDataSet() {
  // Earlier runs (like toggles, fan-out, minted sessions) left dead rows: the state autovacuum keeps a live
  // database in.
  await query(
    BENCH_DATABASE_URL,
    'vacuum (analyze) josies, follows, josie_likes, josie_saves, sessions, users, notifications, notification_actors',
  );
  // Readers who follow curators first (the 1,000-reader runs take the first 1,000), then the others, who
  // read their own josies if they have any: the seed numbers users in email order, not by role.
  const readers = await query<{ id: string; email: string }>(
    BENCH_DATABASE_URL,
    `select id, email from users u where email like 'bench%@bench.josie'
     order by exists (select 1 from follows f where f.follower_id = u.id) desc, email`,
  );
  // The curators with published josies (the seed hands josies to the first 1,000 users in email order).
  const curators = await query<{ id: string }>(
    BENCH_DATABASE_URL,
    `select distinct creator_id as id from josies j join users u on u.id = j.creator_id
     where j.status = 'published' and u.email like 'bench%@bench.josie' order by id`,
  );
  // The feed readers' curators: live curators (role curator) with published josies; the seed hands josies
  // to users in email order, some of whom are listeners, whose feeds answer 404.
  const feedCurators = await query<{ id: string }>(
    BENCH_DATABASE_URL,
    `select distinct creator_id as id from josies j join users u on u.id = j.creator_id
     where j.status = 'published' and u.role = 'curator' and u.deleted_at is null order by id`,
  );
  const josies = await query<{ id: string; creator_id: string }>(
    BENCH_DATABASE_URL,
    `select id, creator_id from josies where status = 'published' order by published_at desc limit 1000`,
  );
  return {
    readers,
    curatorIds: curators.map((r) => r.id),
    feedCuratorIds: feedCurators.map((r) => r.id),
    josieIds: josies.map((r) => r.id),
    likedCreatorIds: [...new Set(josies.map((r) => r.creator_id))].sort(),
  };
}

/** The peer shape's readers: all its users. */
async function peerDataSet(url: string) {
  await query(url, 'vacuum (analyze) josies, follows, josie_likes, sessions, users');
  return (await query<{ id: string }>(url, `select id from users where email like 'bench%@bench.josie'`)).map(
    (r) => r.id,
  );
}

/** The oEmbed run's conditional-GET figures: revalidations among the requests, and 304s among those. */
function oembedHitRate(counts: { requests: number; conditional: number; notModified: number }): string {
  const percent = (part: number, whole: number) =>
    whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : '-';
  return (
    `${counts.requests.toLocaleString('en')} requests, ${percent(counts.conditional, counts.requests)} ` +
    `revalidations (If-None-Match), hit rate ${percent(counts.notModified, counts.conditional)} of them ` +
    `answered 304 (${percent(counts.notModified, counts.requests)} of all requests)`
  );
}

/** The distinct readers of the oEmbed run, and how many josies each embeds. */
const OEMBED_READERS = 1000;
const OEMBED_PER_READER = 5;
/** The widths the readers' pages ask for (none: the default), one per reader in turn. */
const OEMBED_WIDTHS = ['', '&maxwidth=320', '&maxwidth=600'];

/**
 * oEmbed consumers, each with its own cache of answers' tags (docs/decisions/0043-embeds.md): reader `r` embeds
 * {@link OEMBED_PER_READER} josies of `josieIds` (a spread of them, the same on every visit) at one width and
 * asks for one at random per request, with `If-None-Match` when it holds that answer's `ETag`. `pageOrigin` is
 * the server's `PUBLIC_URL`, the host a josie's link has. Counts the answered requests, the revalidations
 * among them and the revalidations answered 304.
 */
function oembedReaders(josieIds: readonly string[], pageOrigin: string) {
  const tags = new Map<string, string>();
  const counts = { requests: 0, conditional: 0, notModified: 0 };
  const paths = Array.from({ length: OEMBED_READERS }, (_, reader) =>
    Array.from({ length: OEMBED_PER_READER }, (_, k) => {
      const id = josieIds[(reader * 7 + k * 211) % josieIds.length]!;
      const url = encodeURIComponent(`${pageOrigin}/josie/${id}`);
      return `/api/oembed?url=${url}${OEMBED_WIDTHS[reader % OEMBED_WIDTHS.length]}`;
    }),
  );
  let turn = 0;
  return {
    counts,
    reset: () => {
      Object.assign(counts, { requests: 0, conditional: 0, notModified: 0 });
    },
    /** Every reader's pages once, in order (for a warm-up that leaves no tags behind). */
    everyPath: paths.flat(),
    hooks: {
      setup(request, context) {
        const reader = turn++ % OEMBED_READERS;
        const path = paths[reader]![Math.floor(Math.random() * OEMBED_PER_READER)]!;
        const key = `${reader} ${path}`;
        const tag = tags.get(key);
        // Counted once answered (`onResponse`): autocannon may build a connection's first request again before sending it.
        context.key = key;
        context.conditional = tag !== undefined;
        request.path = path;
        // autocannon may hand the same request object again: a tag left from another reader must go.
        delete request.headers['if-none-match'];
        if (tag) request.headers['if-none-match'] = tag;
      },
      onResponse(status, headers, context) {
        counts.requests += 1;
        if (context.conditional) {
          counts.conditional += 1;
          if (status === 304) counts.notModified += 1;
        }
        const etag = headers.etag;
        if (typeof etag === 'string') tags.set(String(context.key), etag);
      },
    } satisfies RequestHooks,
  };
}

/** An endpoint's load options (for its server) and the readers it rotates, if any. */
interface Plan {
  mode: Mode;
  readers?: number;
  options: (server: RunningServer) => LoadOptions;
  /**
   * Users whose bell is open while the endpoint runs: a socket each, connected before the run and closed
   * after it, hearing whatever the endpoint makes the server announce.
   */
  online?: string[];
  /**
   * Requests made once before the endpoint's first run on a server, unrecorded, besides the readers' feed
   * reads: what a server that has been up a while holds already (e.g. every curator's page read once).
   */
  warm?: (server: RunningServer) => {
    what: string;
    count: number;
    options: Pick<LoadOptions, 'url' | 'path' | 'requestHeaders' | 'hooks'>;
  };
}

/**
 * Runs the endpoints `BENCH_ONLY` names (all by default) as the header says, prints the table, the peer
 * comparison, the budgets of docs/performance.md with their verdicts and the feed query's plan, and answers
 * the budgets for `npm run bench`. Session rows it minted are deleted again, also when a run fails.
 */
export async function runHttpBench(): Promise<Budget[]> {
  console.log(machineLine());
  console.log(`database: ${BENCH_DATABASE_URL}`);
  const runPeer = only.includes('peer');
  const peerUrl = peerDatabaseUrl();
  // BENCH_ONLY=peer leaves the large data set alone (not even seeded).
  const runLarge = only.some((name) => name !== 'peer');
  if (runLarge) await seedLarge();
  if (runPeer) await seedLarge(peerUrl, PEER_SIZES);
  const { readers, curatorIds, feedCuratorIds, josieIds, likedCreatorIds } = runLarge
    ? await largeDataSet()
    : { readers: [], curatorIds: [], feedCuratorIds: [], josieIds: [], likedCreatorIds: [] };
  const largest = !runLarge ? 0 : only.includes('feed-10k') ? 10_000 : 1_000;
  if (readers.length < largest) throw new Error(`the data set has ${readers.length} users, not ${largest}`);
  const peerReaders = runPeer ? await peerDataSet(peerUrl) : [];
  // PostgreSQL CPU counts the backends of these two databases, not other work on the shared server.
  const postgresDatabases = [BENCH_DATABASE_URL, peerUrl].map((url) => new URL(url).pathname.slice(1));

  const started = performance.now();
  const sessions: MintedSessions[] = [];
  const large = await mintSessions(
    BENCH_DATABASE_URL,
    readers.slice(0, largest).map((r) => r.id),
  );
  sessions.push(large);
  const peer = runPeer ? await mintSessions(peerUrl, peerReaders) : undefined;
  if (peer) sessions.push(peer);
  console.log(
    `${large.tokens.length + (peer?.tokens.length ?? 0)} sessions minted in ${((performance.now() - started) / 1000).toFixed(1)} s` +
      (runLarge ? `; ${curatorIds.length} curators, ${josieIds.length} josies read and liked at random` : ''),
  );
  const rotate = (n: number) => rotateReaders(large.tokens.slice(0, n));
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
  const searches = Object.values(QUERIES)
    .flat()
    .map((q) => `/api/search/josies?q=${encodeURIComponent(q)}`);
  const feed = (name: string, n: number) => (server: RunningServer) => ({
    name,
    url: `${server.url}/api/josies/feed`,
    requestHeaders: rotate(n),
  });

  /** The oEmbed run's counts, once it ran (see {@link oembedReaders}). */
  let oembedCounts: { requests: number; conditional: number; notModified: number } | undefined;
  const plans: Record<Served, Plan> = {
    floor: {
      mode: 'readerOff',
      readers: 1000,
      options: (s) => ({
        name: 'empty Josie route (GET /api/config/flags)',
        url: `${s.url}/api/config/flags`,
        requestHeaders: rotate(1000),
      }),
    },
    'feed-cached': {
      mode: 'cached',
      readers: 1000,
      options: feed('GET /api/josies/feed, 1,000 readers, caches on', 1000),
    },
    feed: {
      mode: 'readerOff',
      readers: 1000,
      options: feed('GET /api/josies/feed, 1,000 readers, reader caches off', 1000),
    },
    'feed-uncached': {
      mode: 'uncached',
      readers: 1000,
      options: feed('GET /api/josies/feed, 1,000 readers, all caches off', 1000),
    },
    'feed-br': {
      mode: 'readerOff',
      readers: 1000,
      options: (server) => {
        const reader = rotate(1000);
        return {
          name: 'GET /api/josies/feed, 1,000 readers, reader caches off, brotli',
          url: `${server.url}/api/josies/feed`,
          requestHeaders: () => ({ ...reader(), 'accept-encoding': 'gzip, deflate, br' }),
        };
      },
    },
    'feed-10k': {
      mode: 'readerOff',
      readers: 10_000,
      options: feed('GET /api/josies/feed, 10,000 readers, reader caches off', 10_000),
    },
    curator: {
      mode: 'readerOff',
      readers: 1000,
      options: (s) => ({
        name: 'GET /api/josies/curator/:id/feed, 1,000 curators',
        url: s.url,
        path: () => `/api/josies/curator/${pick(curatorIds)}/feed`,
        requestHeaders: rotate(1000),
      }),
      // Each curator's page once: their josies are in the server's shared josies, as after any while up
      // (the readers' feed reads hold a few thousand of the curators' 20,000 newest).
      warm: (s) => {
        let turn = 0;
        return {
          what: `${curatorIds.length} curators' pages`,
          count: curatorIds.length,
          options: {
            url: s.url,
            path: () => `/api/josies/curator/${curatorIds[turn++ % curatorIds.length]}/feed`,
            requestHeaders: rotate(1000),
          },
        };
      },
    },
    read: {
      mode: 'readerOff',
      readers: 1000,
      options: (s) => ({
        name: 'GET /api/josies/:id',
        url: s.url,
        path: () => `/api/josies/${pick(josieIds)}`,
        requestHeaders: rotate(1000),
      }),
    },
    like: {
      mode: 'readerOff',
      readers: 1000,
      options: (s) => ({
        name: 'POST /api/josies/:id/like',
        url: s.url,
        method: 'POST',
        path: () => `/api/josies/${pick(josieIds)}/like`,
        requestHeaders: rotate(1000),
      }),
      // Some of the creators are online: their entries are announced, the others' only written.
      online: likedCreatorIds.filter((_, i) => i % Math.round(1 / ONLINE_SHARE) === 0),
    },
    search: {
      mode: 'readerOff',
      options: (s) => ({
        name: `GET /api/search/josies?q=, ${searches.length} queries, visitors`,
        url: s.url,
        path: () => pick(searches),
      }),
    },
    notifications: {
      mode: 'readerOff',
      readers: 1000,
      options: (s) => ({
        name: 'GET /api/notifications',
        url: `${s.url}/api/notifications`,
        requestHeaders: rotate(1000),
      }),
    },
    oembed: {
      mode: 'readerOff',
      options: (s) => {
        const readers = oembedReaders(josieIds, `http://localhost:${new URL(s.url).port}`);
        oembedCounts = readers.counts;
        return {
          name: `GET /api/oembed, ${OEMBED_READERS.toLocaleString('en')} readers revalidating (ETag)`,
          url: s.url,
          hooks: readers.hooks,
          onMeasured: readers.reset,
        };
      },
      // Each embed asked for once (no tags kept): every josie's answer is one a server up a while has read.
      warm: (s) => {
        const { everyPath } = oembedReaders(josieIds, `http://localhost:${new URL(s.url).port}`);
        let turn = 0;
        return {
          what: `${everyPath.length} readers' embeds`,
          count: everyPath.length,
          options: { url: s.url, path: () => everyPath[turn++ % everyPath.length]! },
        };
      },
    },
    login: {
      mode: 'readerOff',
      options: (s) => ({
        name: 'POST /api/auth/login',
        url: `${s.url}/api/auth/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: readers[0]!.email, password: BENCH_PASSWORD }),
      }),
    },
    atom: (() => {
      const hooks = feedReaders(feedCuratorIds, true);
      return {
        mode: 'readerOff' as const,
        options: (s: RunningServer) => ({
          name: `GET /curator/:id/feed.atom, ${FEED_READERS.toLocaleString('en')} feed readers, conditional`,
          url: s.url,
          hooks,
        }),
        // Every reader subscribes: one unconditional poll each, whose ETag it keeps.
        warm: (s: RunningServer) => ({
          what: `${FEED_READERS.toLocaleString('en')} feed readers' first polls`,
          count: FEED_READERS,
          options: { url: s.url, hooks: hooks.subscribe },
        }),
      };
    })(),
    'atom-full': {
      mode: 'readerOff',
      options: (s) => ({
        name: `GET /curator/:id/feed.atom, ${FEED_READERS.toLocaleString('en')} feed readers, unconditional`,
        url: s.url,
        hooks: feedReaders(feedCuratorIds, false),
      }),
    },
    peer: {
      mode: 'peer',
      readers: peerReaders.length,
      options: (s) => ({
        name: `GET /api/josies/feed, peer shape, ${peerReaders.length} readers, reader caches off`,
        url: `${s.url}/api/josies/feed`,
        requestHeaders: rotateReaders(peer?.tokens ?? ['']),
      }),
    },
  };

  const measured = new Map<Endpoint, LoadResult>();
  let baseline: LoadResult;
  let peerMeasured: LoadResult | undefined;
  let bare: RunningServer | undefined;
  try {
    bare = await startProcess(join(repoRoot, 'bench/bare-server.ts'), {});
    baseline = await load({
      name: 'bare Fastify route',
      url: `${bare.url}/bare`,
      serverPid: bare.child.pid,
      postgresDatabases,
    });
    if (only.includes('like-statement')) {
      const result = await measureLikeStatement(
        readers.slice(0, 1000).map((r) => r.id),
        josieIds,
        postgresDatabases,
      );
      console.log(
        `  measured like-statement: ${Math.round(result.requestsPerSec)} calls/s, p99 ${result.p99} ms`,
      );
      measured.set('like-statement', result);
    }
    for (const mode of ['readerOff', 'cached', 'uncached', 'peer'] as const) {
      const names = SERVED.filter((name) => plans[name].mode === mode && only.includes(name));
      if (names.length === 0) continue;
      const env = mode === 'peer' ? MODES.readerOff : MODES[mode];
      const server = await startJosie(mode === 'peer' ? peerUrl : BENCH_DATABASE_URL, env);
      const idle = await waitUntilIdle(server.child.pid!);
      console.log(
        `server on ${mode === 'peer' ? 'the peer shape' : 'the large data set'}, env ${JSON.stringify(env)}, ` +
          `idle ${(idle / 1000).toFixed(1)} s after it answered`,
      );
      const warm = new Set<number>();
      try {
        for (const name of names) {
          const plan = plans[name];
          const n = plan.readers;
          if (n && !warm.has(n)) {
            const tokens = mode === 'peer' ? peer!.tokens : large.tokens.slice(0, n);
            const ms = await warmReaders(
              { url: `${server.url}/api/josies/feed`, requestHeaders: rotateReaders(tokens) },
              tokens.length,
            );
            console.log(
              `  warmed ${tokens.length} readers (one feed read each) in ${(ms / 1000).toFixed(1)} s, ${loadLine()}`,
            );
            warm.add(n);
            // What the readers' first reads left to do in the background (e.g. session last-seen writes).
            await waitUntilIdle(server.child.pid!);
          }
          if (plan.warm) {
            const { what, count, options } = plan.warm(server);
            const ms = await warmReaders(options, count);
            console.log(`  warmed ${what} (one read each) in ${(ms / 1000).toFixed(1)} s, ${loadLine()}`);
            await waitUntilIdle(server.child.pid!);
          }
          const bells = plan.online ? await openBells(server, plan.online) : undefined;
          let result: LoadResult;
          try {
            result = await load({
              ...plan.options(server),
              serverPid: server.child.pid,
              postgresDatabases,
            });
          } finally {
            await bells?.close();
          }
          console.log(`  measured ${name}: ${Math.round(result.requestsPerSec)} req/s, p99 ${result.p99} ms`);
          if (name === 'oembed' && oembedCounts) console.log(`  ${oembedHitRate(oembedCounts)}`);
          if (name === 'atom') console.log(`  ${conditionalHits(result)}`);
          if (bells) {
            console.log(
              `  ${bells.count} bells open (${plan.online?.length} users) heard ${bells.heard()} notifications`,
            );
          }
          measured.set(name, result);
        }
      } finally {
        await server.stop();
      }
    }
    if (runPeer && process.env.BENCH_PEER_URL) peerMeasured = await measurePeer(process.env.BENCH_PEER_URL);
  } finally {
    await bare?.stop();
    for (const minted of sessions) await minted.revoke();
  }
  const results = [
    baseline,
    ...ENDPOINTS.flatMap((name) => measured.get(name) ?? []),
    ...(peerMeasured ? [peerMeasured] : []),
  ];
  printTable(results, baseline);
  if (oembedCounts && measured.has('oembed')) console.log(`oembed: ${oembedHitRate(oembedCounts)}`);
  console.log(`measured at ${loadLine()}`);
  const atom = measured.get('atom');
  if (atom) console.log(`Atom feeds: ${conditionalHits(atom)}`);

  const share = (r: LoadResult) => (100 * r.requestsPerSec) / baseline.requestsPerSec;
  const clean = (r: LoadResult) => r.errors === 0 && r.non2xx === 0;
  const p99Budget = (what: string, r: LoadResult | undefined): Budget[] =>
    r ? [{ what: `${what} p99`, figure: `${r.p99} ms`, budget: '< 50 ms', met: r.p99 < 50 && clean(r) }] : [];
  const shareBudget = (what: string, r: LoadResult | undefined, percent: number): Budget[] =>
    r
      ? [
          {
            what: `${what} requests/s vs bare route`,
            figure: `${share(r).toFixed(1)}%`,
            budget: `>= ${percent}%`,
            met: share(r) >= percent && clean(r),
          },
        ]
      : [];
  const budgets: Budget[] = [
    ...p99Budget('feed, 1,000 readers, reader caches off,', measured.get('feed')),
    ...shareBudget('feed, 1,000 readers, reader caches off,', measured.get('feed'), 10),
    ...p99Budget('feed, 10,000 readers, reader caches off,', measured.get('feed-10k')),
    ...p99Budget('curator feed, reader caches off,', measured.get('curator')),
    ...p99Budget('like toggle, reader caches off,', measured.get('like')),
    ...shareBudget('josie read, reader caches off,', measured.get('read'), 20),
  ];
  const peerShape = measured.get('peer');
  if (peerShape) {
    const reference = peerMeasured
      ? { requestsPerSec: peerMeasured.requestsPerSec, source: 'measured in this run' }
      : {
          requestsPerSec: PEER_REFERENCE.requestsPerSec,
          source: `${PEER_REFERENCE.range}, p99 ${PEER_REFERENCE.p99}, measured ${PEER_REFERENCE.measured}`,
        };
    const ratio = peerShape.requestsPerSec / reference.requestsPerSec;
    console.log(
      `peer shape: Josie's feed ${Math.round(peerShape.requestsPerSec)} req/s, p99 ${peerShape.p99} ms; ` +
        `the RealWorld peer's feed ${Math.round(reference.requestsPerSec)} req/s (${reference.source}): ${ratio.toFixed(1)}x`,
    );
    budgets.push({
      what: "peer shape feed requests/s vs the RealWorld peer's feed",
      figure: `${ratio.toFixed(1)}x`,
      budget: '>= 40x',
      met: ratio >= 40 && clean(peerShape),
    });
  }
  printBudgets(budgets);
  const likeStatement = measured.get('like-statement');
  if (likeStatement) {
    console.log(
      `the like toggle's floor here: its statement alone answers ${Math.round(likeStatement.requestsPerSec)} ` +
        `calls/s at p99 ${likeStatement.p99} ms (50 callers, pool of 10, no server)` +
        (likeStatement.p99 >= 50 ? ': the like budget cannot be met on this machine' : ''),
    );
  }

  if (measured.has('feed') || measured.has('feed-10k')) {
    console.log('\nThe feed query as the feed route sends it, and its plan on the large data set:');
    console.log(await feedPlan(readers[0]!.id));
  }
  return budgets;
}

/** The conditional-GET hit rate of a run: its 304 answers' share of every answer, and the counts. */
function conditionalHits(result: LoadResult): string {
  const total = Object.values(result.statusCodes).reduce((sum, n) => sum + n, 0);
  const hits = result.statusCodes['304'] ?? 0;
  const share = total > 0 ? ((100 * hits) / total).toFixed(1) : '0';
  return `conditional-GET hit rate ${share}% (${hits} of ${total} answers 304; ${JSON.stringify(result.statusCodes)})`;
}

/**
 * The like toggle's statement alone (`like-statement` above): the server's `toggleLike` through a pool of
 * the server's size (10 connections, `openDatabase`), 50 callers, each toggling a random josie of `josieIds`
 * as the next of `userIds` in turn. The likes it adds are history, not news: the likes outbox's cursor moves
 * past them afterwards (as the seed's: docs/decisions/0034-a-like-in-one-statement.md), so the like toggle's
 * server does not tell them in its own run.
 */
async function measureLikeStatement(
  userIds: readonly string[],
  josieIds: readonly string[],
  postgresDatabases: readonly string[],
): Promise<LoadResult> {
  const database = await openDatabase({ url: BENCH_DATABASE_URL, dataDir: '/tmp' });
  let turn = 0;
  try {
    return await loadCalls({
      name: 'like statement alone (50 callers, pool of 10)',
      call: () =>
        toggleLike(
          database.db,
          josieIds[Math.floor(Math.random() * josieIds.length)]!,
          userIds[turn++ % userIds.length]!,
        ),
      postgresDatabases,
    });
  } finally {
    await database.sql.executeSql(
      `update outbox_cursors set position = pg_current_xact_id() where name = 'likes'`,
      [],
    );
    await database.close();
  }
}

/**
 * The RealWorld peer's feed at BENCH_PEER_URL (`GET /api/articles/feed`, `Authorization: Token <jwt>`), its
 * readers' JWTs read from BENCH_PEER_TOKENS (one a line), rotated; each reader reads once first.
 */
async function measurePeer(url: string): Promise<LoadResult> {
  const file = process.env.BENCH_PEER_TOKENS;
  if (!file) throw new Error('BENCH_PEER_URL needs BENCH_PEER_TOKENS (a file of JWTs, one a line)');
  const tokens = readFileSync(file, 'utf8')
    .split('\n')
    .map((t) => t.trim())
    .filter(Boolean);
  const feedUrl = `${url.replace(/\/$/, '')}/api/articles/feed`;
  const ms = await warmReaders(
    { url: feedUrl, requestHeaders: rotateReaders(tokens, 'Token') },
    tokens.length,
  );
  console.log(`RealWorld peer: warmed ${tokens.length} readers in ${(ms / 1000).toFixed(1)} s`);
  return load({
    name: `RealWorld peer GET /api/articles/feed, ${tokens.length} readers`,
    url: feedUrl,
    requestHeaders: rotateReaders(tokens, 'Token'),
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runHttpBench();
}
