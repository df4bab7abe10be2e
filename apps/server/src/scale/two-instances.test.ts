/**
 * Many instances (docs/performance.md): two server processes, started from `main.ts` like production, share
 * one PostgreSQL database and one Redis and serve the same users. Runs when `TEST_DATABASE_URL` and
 * `TEST_REDIS_URL` are set (`.ci/run` sets both for `npm run test:integration`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  ClientToServerEvents,
  CommentsChanged,
  Josie,
  NotificationEvent,
  Role,
  ServerToClientEvents,
} from '@josie/contract';
import { eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { homeFeedEntries, homeFeeds, users } from '../db/schema.js';
import { seedReference } from '../db/seed/index.js';
import { hashPassword } from '../modules/auth/service.js';
import { SESSION_COOKIE } from '../modules/auth/session-cookie.js';
import { freePort } from '../test/ports.js';

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const here = dirname(fileURLToPath(import.meta.url));
const PASSWORD = 'two-instances-password';
/** Failed sign-ins per address per window on both instances together. */
const AUTH_MAX = 12;

/** One server process on a free port. */
interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  output: () => string;
}

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, '../main.ts')], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited: ${out}`);
    const ready = await fetch(`${url}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) return { name, url, child, output: () => out };
    if (Date.now() > deadline) throw new Error(`instance ${name} not ready: ${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function stop(instance: Instance | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!instance || instance.child.exitCode !== null) return resolve();
    instance.child.once('exit', () => resolve());
    instance.child.kill('SIGTERM');
  });
}

async function call(
  instance: Instance,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(instance.url + path, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/**
 * `GET url` as a browser opens a page, with `cookie`: Node's `fetch` calls itself a script's fetch
 * (`Sec-Fetch-Mode: cors`, which it will not let a caller change), for which the server renders nothing.
 */
function openPage(url: string, cookie: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const headers = { cookie, 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
    get(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

/**
 * Whether `instance` refuses `token` (401) within `ms`: the revocation reaches the other instance through
 * Redis pub/sub, which delivers a few milliseconds after the revoking request was answered, possibly after
 * the test's next request on a busy machine. Well under the session cache's TTL (10 s), so a revocation
 * that never arrived still fails.
 */
async function refusedWithin(instance: Instance, token: string, ms = 2_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if ((await call(instance, 'GET', '/api/users/me', { token })).status === 401) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A feed socket of `token` on `instance`, connected and joined (with what `join-feed` answered). */
async function feedSocket(instance: Instance, token: string) {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(instance.url, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const joined = await new Promise((resolve) => socket.emit('join-feed', undefined, resolve));
  return { socket, joined };
}

describe.skipIf(!pgUrl || !redisUrl)('two server processes on one PostgreSQL and one Redis', () => {
  const dbName = `josie_t_scale_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const dataDirs = [mkdtempSync(join(tmpdir(), 'josie-a-')), mkdtempSync(join(tmpdir(), 'josie-b-'))];
  // A web build of one page: the signed-in home page is rendered by whichever instance is asked.
  const webDir = mkdtempSync(join(tmpdir(), 'josie-web-'));
  let database: Database;
  let a: Instance | undefined;
  let b: Instance | undefined;
  const ids: Record<string, string> = {};

  async function signIn(instance: Instance, email: string) {
    const res = await call(instance, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { token: string }).token;
  }

  beforeAll(async () => {
    const admin = await openDatabase({ url: pgUrl, dataDir: dataDirs[0]!, poolSize: 1 });
    await admin.db.execute(sql.raw(`create database ${dbName}`));
    await admin.close();
    const url = new URL(pgUrl!);
    url.pathname = `/${dbName}`;
    database = await openDatabase({ url: url.toString(), dataDir: dataDirs[0]! });
    // Migrated once here, so the two processes do not race each other through the migrations.
    await database.migrate();
    await seedReference(database.db);
    const passwordHash = await hashPassword(PASSWORD);
    const roles: Role[] = ['admin', 'editor', 'curator', 'listener'];
    const rows = await database.db
      .insert(users)
      .values(
        roles.map((role) => ({
          name: role,
          email: `${role}@scale.test`,
          role,
          passwordHash,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id, role: users.role });
    for (const row of rows) ids[row.role] = row.id;
    await database.db
      .update(users)
      .set({ onboarding: { completed: true, step: 3 } })
      .where(eq(users.id, ids.listener!));
    writeFileSync(join(webDir, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');

    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl!,
      // Keys and channels of this run only, so earlier runs' counters cannot interfere.
      REDIS_PREFIX: `${dbName}:`,
      JWT_SECRET: 'two-instances-secret-two-instances-secret',
      DEMO_DATA: 'false',
      RATE_LIMIT_AUTH_MAX: String(AUTH_MAX),
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: webDir,
      // The link resolver has its own tests against a stand-in; these instances must not call the public one.
      ODESLI_API_URL: 'off',
    };
    [a, b] = await Promise.all([
      startInstance('A', { ...env, DATA_DIR: dataDirs[0]! }),
      startInstance('B', { ...env, DATA_DIR: dataDirs[1]! }),
    ]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([stop(a), stop(b)]);
    await database?.close();
    if (pgUrl) {
      const admin = await openDatabase({ url: pgUrl, dataDir: dataDirs[0]!, poolSize: 1 });
      await admin.db.execute(sql.raw(`drop database if exists ${dbName} with (force)`));
      await admin.close();
    }
    for (const dir of [...dataDirs, webDir]) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('delivers a josie approved through A to a feed socket connected to B', async () => {
    const listener = await signIn(a!, 'listener@scale.test');
    const curator = await signIn(b!, 'curator@scale.test');
    const editor = await signIn(a!, 'editor@scale.test');
    expect((await call(a!, 'POST', `/api/users/follow/${ids.curator}`, { token: listener })).status).toBe(
      200,
    );

    const { socket, joined } = await feedSocket(b!, listener);
    try {
      expect(joined).toMatchObject({ curators: [ids.curator] });
      const arrived = new Promise<Josie>((resolve) => socket.on('new-post', resolve));

      const created = await call(b!, 'POST', '/api/josies', {
        token: curator,
        body: {
          title: 'Across instances',
          paragraphs: [{ type: 'text', content: 'Written on B, approved on A, read on B.' }],
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const josieId = (created.body as Josie)._id;
      const approved = await call(a!, 'PUT', `/api/josies/${josieId}/approve`, { token: editor });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);

      const post = await Promise.race([
        arrived,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no new-post on B')), 10_000)),
      ]);
      expect(post).toMatchObject({ _id: josieId, title: 'Across instances', status: 'published' });
    } finally {
      socket.disconnect();
    }
  }, 60_000);

  it("tells a josie page's reader on B of a comment posted on A (decision 0046)", async () => {
    const admin = await signIn(a!, 'admin@scale.test');
    const listener = await signIn(a!, 'listener@scale.test');
    const curator = await signIn(b!, 'curator@scale.test');
    const editor = await signIn(a!, 'editor@scale.test');
    const flag = await call(a!, 'PUT', '/api/admin/flags/comments', {
      token: admin,
      body: { value: 'true' },
    });
    expect(flag.status, JSON.stringify(flag.body)).toBe(200);
    const created = await call(b!, 'POST', '/api/josies', {
      token: curator,
      body: { title: 'Talked about', paragraphs: [{ type: 'text', content: 'Say something.' }] },
    });
    const josieId = (created.body as Josie)._id;
    expect((await call(a!, 'PUT', `/api/josies/${josieId}/approve`, { token: editor })).status).toBe(200);

    const { socket } = await feedSocket(b!, curator);
    try {
      const heard = new Promise<CommentsChanged>((resolve) => socket.on('comments-changed', resolve));
      socket.emit('watch-josie', josieId);
      // A round trip after the watch, so B joined the room before the comment.
      await new Promise((resolve) => socket.emit('join-feed', undefined, resolve));
      const posted = await call(a!, 'POST', `/api/josies/${josieId}/comments`, {
        token: listener,
        body: { text: 'Heard across instances' },
      });
      expect(posted.status, JSON.stringify(posted.body)).toBe(201);
      const event = await Promise.race([
        heard,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('no comments-changed on B')), 10_000),
        ),
      ]);
      expect(event).toEqual({ josieId, commentCount: 1 });
      // B's read of the josie carries the new count (its cached copy was dropped through Redis).
      expect(
        ((await call(b!, 'GET', `/api/josies/${josieId}`, { token: listener })).body as Josie).commentCount,
      ).toBe(1);
    } finally {
      socket.disconnect();
    }
  }, 60_000);

  it('keeps a home timeline read on A in step with an approval and a follow on B, and an unfollow on A', async () => {
    const passwordHash = await hashPassword(PASSWORD);
    const made = await database.db
      .insert(users)
      .values([
        {
          name: 'timeline reader',
          email: 'timeline-reader@scale.test',
          role: 'listener' as const,
          passwordHash,
          emailVerifiedAt: new Date(),
          onboarding: { completed: true, step: 3 },
        },
        {
          name: 'second curator',
          email: 'second-curator@scale.test',
          role: 'curator' as const,
          passwordHash,
          emailVerifiedAt: new Date(),
        },
      ])
      .returning({ id: users.id });
    const [readerId, secondId] = made.map((r) => r.id) as [string, string];
    const reader = await signIn(a!, 'timeline-reader@scale.test');
    const curator = await signIn(b!, 'curator@scale.test');
    const second = await signIn(b!, 'second-curator@scale.test');
    const editor = await signIn(b!, 'editor@scale.test');
    const publishOnB = async (token: string, title: string) => {
      const created = await call(b!, 'POST', '/api/josies', {
        token,
        body: { title, paragraphs: [{ type: 'text', content: 'Approved on B, read on A.' }] },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = (created.body as Josie)._id;
      const approved = await call(b!, 'PUT', `/api/josies/${id}/approve`, { token: editor });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      return id;
    };
    const feed = async (instance: Instance) => {
      const res = await call(instance, 'GET', '/api/josies/feed', { token: reader });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as { data: { posts: Josie[] } }).data.posts.map((p) => p._id);
    };
    const timelineOf = async () =>
      (
        await database.db
          .select({ id: homeFeedEntries.josieId })
          .from(homeFeedEntries)
          .where(eq(homeFeedEntries.userId, readerId))
      ).map((r) => r.id);

    // Published before the reader follows its curator: it comes with the follow.
    const older = await publishOnB(second, 'Older on B');
    expect((await call(a!, 'POST', `/api/users/follow/${ids.curator}`, { token: reader })).status).toBe(200);
    const before = await feed(a!);
    expect(await database.db.select().from(homeFeeds).where(eq(homeFeeds.userId, readerId))).toHaveLength(1);

    const fresh = await publishOnB(curator, 'Fresh on B');
    expect(await timelineOf()).toContain(fresh);
    expect((await call(b!, 'POST', `/api/users/follow/${secondId}`, { token: reader })).status).toBe(200);
    expect(await timelineOf()).toContain(older);
    expect(await feed(a!)).toEqual([fresh, older, ...before]);

    expect(await feed(b!)).toEqual([fresh, older, ...before]);
    expect((await call(a!, 'POST', `/api/users/unfollow/${secondId}`, { token: reader })).status).toBe(200);
    expect(await timelineOf()).not.toContain(older);
    expect(await feed(b!)).toEqual([fresh, ...before]);
    expect(await feed(a!)).toEqual([fresh, ...before]);
  }, 60_000);

  it('delivers a notification written by a job to the recipient’s socket on the other instance', async () => {
    const curator = await signIn(a!, 'curator@scale.test');
    const admin = await signIn(a!, 'admin@scale.test');
    // A socket on B that never joined the feed: the inbox room is joined on connection (decision 0024).
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(b!.url, {
      path: '/socket.io',
      auth: { token: curator },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const arrived = new Promise<NotificationEvent>((resolve) => socket.on('notification', resolve));
      const followed = await call(a!, 'POST', `/api/users/follow/${ids.curator}`, { token: admin });
      expect(followed.status, JSON.stringify(followed.body)).toBe(200);
      const event = await Promise.race([
        arrived,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('no notification on B')), 15_000),
        ),
      ]);
      expect(event.notification).toMatchObject({
        kind: 'follower',
        readAt: null,
        actors: { total: 1, items: [{ _id: ids.admin }] },
        url: `/profile/${ids.admin}`,
      });
      expect(event.unreadCount).toBeGreaterThanOrEqual(1);

      // Reading on A tells the socket on B.
      const read = new Promise<{ unreadCount: number }>((resolve) =>
        socket.on('notifications-read', resolve),
      );
      const res = await call(a!, 'POST', '/api/notifications/read', { token: curator, body: {} });
      expect(res.body).toEqual({ unreadCount: 0 });
      expect(
        await Promise.race([
          read,
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('no read event on B')), 10_000),
          ),
        ]),
      ).toEqual({ unreadCount: 0 });
    } finally {
      socket.disconnect();
    }
  }, 60_000);

  it('refuses on B, at once, a session revoked on A', async () => {
    const login = await fetch(`${a!.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'listener@scale.test', password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    // The home page B renders for the session cookie A set (decision 0008) holds the reader's answers.
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
      ?.split(';')[0];
    expect(cookie).toBeDefined();
    const homeOnB = () => openPage(`${b!.url}/`, cookie!);
    expect(await homeOnB()).toContain(`data-user="${ids.listener}"`);
    // Read on both first, so each instance holds the session in its cache.
    expect((await call(a!, 'GET', '/api/users/me', { token })).status).toBe(200);
    expect((await call(b!, 'GET', '/api/users/me', { token })).status).toBe(200);
    expect((await call(a!, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    expect(await refusedWithin(b!, token)).toBe(true);
    expect((await call(a!, 'GET', '/api/users/me', { token })).status).toBe(401);
    expect(await homeOnB()).not.toContain('josie-first-paint');
  }, 30_000);

  it('disconnects on B, at once, the socket of a session logged out on A', async () => {
    const token = await signIn(a!, 'listener@scale.test');
    const { socket } = await feedSocket(b!, token);
    try {
      const ended = new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the socket on B stayed connected')), 10_000);
        socket.once('disconnect', (reason) => {
          clearTimeout(timer);
          resolve(reason);
        });
      });
      expect((await call(a!, 'POST', '/api/auth/logout', { token })).status).toBe(200);
      expect(await ended).toBe('io server disconnect');
    } finally {
      socket.disconnect();
    }
  }, 30_000);

  it('signs out on B, at once, sockets included, the sessions revoked from the Security tab on A', async () => {
    const here = await signIn(a!, 'editor@scale.test');
    const elsewhere = await signIn(b!, 'editor@scale.test');
    const another = await signIn(b!, 'editor@scale.test');
    // Read on B first, so B holds both sessions in its cache.
    expect((await call(b!, 'GET', '/api/users/me', { token: elsewhere })).status).toBe(200);
    expect((await call(b!, 'GET', '/api/users/me', { token: another })).status).toBe(200);
    const listed = await call(a!, 'GET', '/api/users/me/sessions', { token: here });
    const sessions = (listed.body as { sessions: { _id: string; current: boolean }[] }).sessions;
    expect(sessions.filter((s) => s.current)).toHaveLength(1);

    // One session by id, from A: refused on B at once.
    const meOnB = await call(b!, 'GET', '/api/users/me/sessions', { token: another });
    const anotherId = (meOnB.body as { sessions: { _id: string; current: boolean }[] }).sessions.find(
      (s) => s.current,
    )!._id;
    expect((await call(a!, 'DELETE', `/api/users/me/sessions/${anotherId}`, { token: here })).status).toBe(
      200,
    );
    expect(await refusedWithin(b!, another)).toBe(true);

    // Every other one, from A: the socket on B is closed and its token refused.
    const { socket } = await feedSocket(b!, elsewhere);
    try {
      const ended = new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the socket on B stayed connected')), 10_000);
        socket.once('disconnect', (reason) => {
          clearTimeout(timer);
          resolve(reason);
        });
      });
      const revoked = await call(a!, 'DELETE', '/api/users/me/sessions', { token: here });
      expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
      expect((revoked.body as { revoked: number }).revoked).toBeGreaterThanOrEqual(1);
      expect(await ended).toBe('io server disconnect');
      expect(await refusedWithin(b!, elsewhere)).toBe(true);
      expect((await call(b!, 'GET', '/api/users/me', { token: here })).status).toBe(200);
    } finally {
      socket.disconnect();
    }
  }, 30_000);

  it('refuses on B, at once, the old sessions of a user whose role an admin changed on A', async () => {
    const admin = await signIn(b!, 'admin@scale.test');
    const token = await signIn(a!, 'listener@scale.test');
    expect((await call(b!, 'GET', '/api/users/me', { token })).status).toBe(200);
    const changed = await call(a!, 'PATCH', `/api/admin/users/${ids.listener}`, {
      token: admin,
      body: { role: 'curator' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await refusedWithin(b!, token)).toBe(true);

    // Feature flags are cached too: a change made on A is read on B at once.
    const before = await call(b!, 'GET', '/api/config/flags');
    expect(before.status).toBe(200);
    const flipped = (before.body as Record<string, string>).language_select === 'true' ? 'false' : 'true';
    const put = await call(a!, 'PUT', '/api/admin/flags/language_select', {
      token: admin,
      body: { value: flipped },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await call(b!, 'GET', '/api/config/flags')).body).toMatchObject({ language_select: flipped });
  }, 30_000);

  it('counts failed sign-ins of both instances against one per-address limit, successes not at all', async () => {
    const fail = (instance: Instance, i: number) =>
      call(instance, 'POST', '/api/auth/login', {
        body: { email: `nobody-${i}@scale.test`, password: 'not-the-password' },
      });
    // One address (this test's), failures spread over both instances and over many emails.
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_MAX - 1; i++) statuses.push((await fail(i % 2 === 0 ? b! : a!, i)).status);
    expect(statuses).toEqual(Array(AUTH_MAX - 1).fill(401));
    // The earlier tests' sign-ins and this one count for nothing.
    await signIn(a!, 'editor@scale.test');
    expect((await fail(b!, AUTH_MAX)).status).toBe(401);
    // Neither instance alone has seen AUTH_MAX failures, yet the next attempt is refused on both.
    for (const instance of [a!, b!]) {
      const res = await call(instance, 'POST', '/api/auth/login', {
        body: { email: 'editor@scale.test', password: PASSWORD },
      });
      expect(res.status, instance.name).toBe(429);
      expect(res.body).toMatchObject({ code: 'RATE_LIMITED' });
    }
  }, 30_000);
});
