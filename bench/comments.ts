/**
 * Comments benchmark (docs/performance.md, "Comments"; docs/decisions/0049-comment-notifications-and-live-visitors.md):
 *
 * (a) a page of comments of a josie with 10,000 comments (8,000 threads, 2,000 replies, 2,000 authors, seeded
 *     in bulk with `generate_series`), read by many distinct readers, half signed in and half visitors, over
 *     the first pages in both orders and the later pages by cursor; beside the bare Fastify route of the same
 *     run;
 * (b) posting a comment on that josie with nobody watching its page, then with 1,000 readers holding it open
 *     (1,000 socket.io clients in this process: 500 visitors, each from its own forwarded address, and 500
 *     signed-in readers), so the ratio shows whether posting slows with readers. Each post is by the next of
 *     the 2,000 authors (the per-account rate limit), with a text of its own (the duplicate check).
 *
 * Usage: `npm run bench:comments -w bench` (or `npx tsx bench/comments.ts`). COMMENTS_WATCHERS (1000),
 * BENCH_DURATION (10), BENCH_WARMUP (2).
 */
import type { ClientToServerEvents, CommentsResponse, ServerToClientEvents } from '@josie/contract';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { BENCH_DATABASE_URL, ensureDatabase } from './lib/db.js';
import { type LoadResult, load, loadCalls, printTable, waitUntilIdle } from './lib/load.js';
import { loadLine, machineLine } from './lib/machine.js';
import { type RunningServer, repoRoot, startJosie, startProcess } from './lib/server.js';
import { mintSessions } from './lib/sessions.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const AUTHORS = 2000;
const THREADS = 8000;
const REPLIES = 2000;
const WATCHERS = Number(process.env.COMMENTS_WATCHERS ?? 1000);
const DOMAIN = 'comments-bench.josie';

/**
 * The benchmark's josie, its curator and its authors, written again from nothing: 2,000 verified accounts
 * older than a day (the established rate limit), one published josie, 8,000 threads and 2,000 replies over
 * the last 30 days, its `comment_count`, and the `comments` flag on.
 */
async function seed(): Promise<{ josieId: string; authorIds: string[] }> {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`delete from users where email like $1`, [`%@${DOMAIN}`]);
    const authors = await client.query<{ id: string }>(
      `insert into users (name, email, role, onboarding, email_verified_at, created_at)
       select 'Commenter ' || i, 'commenter-' || i || '@${DOMAIN}', 'listener',
              '{"completed": true, "step": 3}', now(), now() - interval '30 days'
         from generate_series(1, $1) as i
       returning id`,
      [AUTHORS],
    );
    const [curator] = (
      await client.query<{ id: string }>(
        `insert into users (name, email, role, onboarding, email_verified_at, created_at)
         values ('Comments Curator', 'curator@${DOMAIN}', 'curator', '{"completed": true, "step": 3}', now(),
                 now() - interval '30 days')
         returning id`,
      )
    ).rows;
    const [josie] = (
      await client.query<{ id: string }>(
        `insert into josies (creator_id, title, paragraphs, status, published_at)
         values ($1, 'Ten thousand voices', '[{"type": "text", "content": "Talk to me."}]', 'published', now())
         returning id`,
        [curator!.id],
      )
    ).rows;
    const authorIds = authors.rows.map((row) => row.id);
    // Threads: author i % AUTHORS, spread over 30 days, oldest first by their index.
    await client.query(
      `insert into comments (josie_id, author_id, body, created_at)
       select $1, ($2::uuid[])[1 + (i % $3)], 'Thread comment number ' || i,
              now() - interval '30 days' + (i * interval '1 minute') / 5
         from generate_series(1, $4) as i`,
      [josie!.id, authorIds, AUTHORS, THREADS],
    );
    // Replies: to the threads with the most recent ids, by other authors, after their thread.
    await client.query(
      `insert into comments (josie_id, author_id, parent_id, body, created_at)
       select $1, ($2::uuid[])[1 + ((r.n * 7) % $3)], t.id, 'Reply number ' || r.n,
              t.created_at + (r.n % 60) * interval '1 second'
         from generate_series(1, $4) as r(n)
         join lateral (
           select id, created_at from comments
            where josie_id = $1 and parent_id is null
            order by created_at offset (r.n % 500) limit 1
         ) t on true`,
      [josie!.id, authorIds, AUTHORS, REPLIES],
    );
    await client.query(
      `update josies set comment_count = (select count(*) from comments where josie_id = $1) where id = $1`,
      [josie!.id],
    );
    await client.query(
      `insert into feature_flags (key, value) values ('comments', 'true')
       on conflict (key) do update set value = 'true', updated_at = now()`,
    );
    await client.query('commit');
    await client.query('analyze comments');
    return { josieId: josie!.id, authorIds };
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    await client.end();
  }
}

/** The cursors of the first `pages` pages of `order` (walked once): later pages are read by them. */
async function cursors(server: RunningServer, josieId: string, order: string, pages: number) {
  const found: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < pages; i++) {
    const query: string = cursor ? `?order=${order}&cursor=${encodeURIComponent(cursor)}` : `?order=${order}`;
    const res = await fetch(`${server.url}/api/josies/${josieId}/comments${query}`);
    if (!res.ok) throw new Error(`comments page ${i}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as CommentsResponse;
    cursor = body.data.nextCursor;
    if (!cursor) break;
    found.push(cursor);
  }
  return found;
}

/** One socket watching the josie: a visitor's from its own forwarded address, or a signed-in reader's. */
function watcher(url: string, josieId: string, auth: { token: string } | { visitor: true }, address: string) {
  return new Promise<Client>((resolve, reject) => {
    const socket: Client = io(url, {
      path: '/socket.io',
      auth,
      transports: ['websocket'],
      extraHeaders: { 'x-forwarded-for': address },
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
    });
    socket.once('connect_error', reject);
    socket.once('connect', () => {
      socket.emit('watch-josie', josieId, (watching) =>
        watching ? resolve(socket) : reject(new Error('watch-josie refused')),
      );
    });
  });
}

export async function runCommentsBench(): Promise<LoadResult[]> {
  console.log(machineLine());
  await ensureDatabase();
  // The first start migrates the database; the flag is read by the second, which the benchmark measures.
  const env = { TRUST_PROXY: 'loopback' };
  await (await startJosie(BENCH_DATABASE_URL, env)).stop();
  const seedStarted = Date.now();
  const { josieId, authorIds } = await seed();
  console.log(
    `seeded ${THREADS + REPLIES} comments by ${AUTHORS} authors in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`,
  );
  const [server, bare] = await Promise.all([
    startJosie(BENCH_DATABASE_URL, env),
    startProcess(`${repoRoot}/bench/bare-server.ts`, {}),
  ]);
  const readers = await mintSessions(BENCH_DATABASE_URL, authorIds);
  const sockets: Client[] = [];
  try {
    await waitUntilIdle(server.child.pid!);
    const database = [new URL(BENCH_DATABASE_URL).pathname.slice(1)];
    const results: LoadResult[] = [];
    const bareResult = await load({ name: 'bare Fastify route', url: `${bare.url}/bare` });
    results.push(bareResult);

    // (a) Pages of comments: the first page in either order, or one of the next 20 of either, for the next
    // reader (a signed-in reader, then a visitor, in turn).
    const pages = [
      '?order=oldest',
      '?order=newest',
      ...(await cursors(server, josieId, 'oldest', 21)).map(
        (c) => `?order=oldest&cursor=${encodeURIComponent(c)}`,
      ),
      ...(await cursors(server, josieId, 'newest', 21)).map(
        (c) => `?order=newest&cursor=${encodeURIComponent(c)}`,
      ),
    ];
    const visitor: Readonly<Record<string, string>> = {};
    const headers = readers.tokens.flatMap((token) => [{ authorization: `Bearer ${token}` }, visitor]);
    let n = 0;
    let h = 0;
    results.push(
      await load({
        name: `GET a page of comments (10,000 on the josie, ${AUTHORS} readers + visitors)`,
        url: `${server.url}/api/josies/${josieId}/comments`,
        path: () => `/api/josies/${josieId}/comments${pages[n++ % pages.length]}`,
        requestHeaders: () => headers[h++ % headers.length]!,
        headers: { 'accept-encoding': 'gzip' },
        serverPid: server.child.pid!,
        postgresDatabases: database,
      }),
    );

    // (b) Posting, with nobody watching and then with WATCHERS readers on the page.
    let author = 0;
    let posted = 0;
    const post = async () => {
      const token = readers.tokens[author++ % readers.tokens.length]!;
      const res = await fetch(`${server.url}/api/josies/${josieId}/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ text: `Benchmark comment ${process.pid}-${posted++}` }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`post: ${res.status}`);
    };
    const connections = 20;
    results.push(
      await loadCalls({
        name: 'POST a comment, 0 readers watching',
        call: post,
        connections,
        postgresDatabases: database,
      }),
    );

    const connectStarted = Date.now();
    for (let i = 0; i < WATCHERS; i += 100) {
      const batch = Array.from({ length: Math.min(100, WATCHERS - i) }, (_, j) => {
        const k = i + j;
        const address = `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`;
        return watcher(
          server.url,
          josieId,
          k % 2 === 0 ? { visitor: true } : { token: readers.tokens[k]! },
          address,
        );
      });
      sockets.push(...(await Promise.all(batch)));
    }
    let heard = 0;
    for (const socket of sockets) {
      socket.on('comments-changed', () => {
        heard += 1;
      });
    }
    console.log(
      `${sockets.length} readers watching (${Math.ceil(sockets.length / 2)} visitors) in ${((Date.now() - connectStarted) / 1000).toFixed(1)} s`,
    );
    const postsBefore = posted;
    results.push(
      await loadCalls({
        name: `POST a comment, ${sockets.length} readers watching`,
        call: post,
        connections,
        postgresDatabases: database,
      }),
    );
    // Let the last announcements arrive, then say how many each post reached.
    await new Promise((r) => setTimeout(r, 2000));
    console.log(
      // Coalesced per josie, at most one a second (decision 0049): a reader hears far fewer than the posts.
      `comments-changed: ${heard} messages to ${sockets.length} readers for ${posted - postsBefore} posts ` +
        `(${(heard / sockets.length).toFixed(1)} per reader)`,
    );

    printTable(results, bareResult);
    const [quiet, watched] = results.slice(-2);
    console.log(
      `posting with ${sockets.length} watchers: ${((100 * watched!.requestsPerSec) / quiet!.requestsPerSec).toFixed(1)}% of the req/s with none`,
    );
    console.log(`measured at ${loadLine()}`);
    return results;
  } finally {
    for (const socket of sockets) socket.disconnect();
    await readers.revoke();
    await Promise.all([server.stop(), bare.stop()]);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runCommentsBench();
}
