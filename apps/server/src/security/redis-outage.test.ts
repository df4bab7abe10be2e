/**
 * Redis going away (docs/decisions/0005-security-and-reliability-checks.md): realtime degrades but the API
 * keeps working. The app runs against a private `redis-server` started by this file on a free loopback port
 * (no persistence), so the machine's shared Redis and the other test files never notice; the server is killed
 * (SIGKILL, as a crash or a lost host) mid-test and started again on the same port.
 *
 * While Redis is gone: sign-in, the feed, creating and approving a josie and sign-out answer as usual and
 * quickly (no request waits for a reconnection); rate limits let requests through uncounted (by design,
 * `skipOnError`, rather than every request failing) and failed sign-ins are counted in this instance's
 * memory; a revoked session is refused at once (the session
 * cache stops answering from memory while invalidations cannot arrive); a socket on this instance still
 * gets its `new-post` (only the cross-instance leg is lost); `/readyz` stays 200, since it reports the
 * database only, and a shared Redis failing must not take every instance out of the load balancer; no
 * promise rejection goes unhandled (one would end the process in production). When Redis is back, the
 * counters are shared again and emits reach Redis (other instances) again, without a restart.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClientToServerEvents, Josie, ServerToClientEvents } from '@josie/contract';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAuthHeaders, buildUserRow, FIXTURE_PASSWORD } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { freePort } from '../test/ports.js';

const REDIS_SERVER = '/usr/bin/redis-server';
const hasRedis = existsSync(REDIS_SERVER);
if (!hasRedis) console.warn(`redis-outage.test.ts skipped: ${REDIS_SERVER} is not installed`);

/**
 * The longest an API call may take while Redis is down (ms), argon2 included on a loaded machine: below
 * the 2 s between ioredis's reconnection attempts, which a command waiting in its offline queue pays.
 */
const PROMPT_MS = 1_500;
/** Failed sign-ins per address of the app under test (one window for the whole file). */
const AUTH_MAX = 4;

/** A private, memory-only `redis-server` on `port`, ready to accept connections. */
async function startRedis(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += String(chunk);
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}):\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  return child;
}

/** Kills `child` at once (no shutdown, no save) and waits for it to be gone. */
async function killRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

describe.skipIf(!hasRedis)('Redis going away (private redis-server)', () => {
  let ctx: TestContext;
  let redis: ChildProcess;
  let probe: Redis;
  /** Listens to the socket.io adapter's channels: what other instances would receive. */
  let eavesdropper: Redis;
  let adapterMessages = 0;
  let port: number;
  let dir: string;
  let url: string;
  let socket: Client;
  const posts: Josie[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  let listener: Awaited<ReturnType<typeof buildUserRow>>;
  let curator: Awaited<ReturnType<typeof buildUserRow>>;
  let editor: Awaited<ReturnType<typeof buildUserRow>>;

  /** Calls `fn` and answers its result with how long it took (ms). */
  const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
    const started = performance.now();
    const result = await fn();
    return [result, performance.now() - started];
  };
  const login = (email: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: FIXTURE_PASSWORD },
    });
  /** A failed sign-in, for a new unknown email each time (no (email, address) lock builds up). */
  const fail = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        email: `nobody-${crypto.randomUUID().slice(0, 8)}@fixture.test`,
        password: 'wrong-password',
      },
    });
  /** Whether the private Redis holds this app's failed sign-in counter of an address. */
  const countsFailures = async () => (await appKeys()).some((key) => key.includes('login-address-failures:'));
  /** The keys this app holds in the private Redis (rate-limit counters, under its `REDIS_PREFIX`). */
  const appKeys = () => probe.keys(`${ctx.config.redisPrefix}*`);
  /** Creates a josie as the curator and approves it as the editor; answers both responses and its id. */
  const createAndApprove = async (title: string) => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/josies',
      headers: await buildAuthHeaders(ctx, curator.id),
      payload: { title, paragraphs: [{ type: 'text', content: 'Played loud.' }] },
    });
    const id = created.json()._id as string;
    const approved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/josies/${id}/approve`,
      headers: await buildAuthHeaders(ctx, editor.id),
    });
    return { created, approved, id };
  };

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    dir = mkdtempSync(join(tmpdir(), 'josie-redis-'));
    port = await freePort();
    redis = await startRedis(port, dir);
    probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 });
    probe.on('error', () => {});
    await probe.connect();
    eavesdropper = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 0 });
    eavesdropper.on('error', () => {});
    eavesdropper.on('pmessageBuffer', () => {
      adapterMessages += 1;
    });
    ctx = await createTestContext({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      RATE_LIMIT_AUTH_MAX: String(AUTH_MAX),
      RATE_LIMIT_AUTH_WINDOW_MS: '600000',
    });
    url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    await eavesdropper.psubscribe(`${ctx.config.redisPrefix}socket.io*`);
    listener = await buildUserRow(ctx, { role: 'listener' });
    curator = await buildUserRow(ctx, { role: 'curator' });
    editor = await buildUserRow(ctx, { role: 'editor' });
  });
  afterAll(async () => {
    socket?.disconnect();
    probe?.disconnect();
    eavesdropper?.disconnect();
    await ctx?.close();
    if (redis) await killRedis(redis);
    rmSync(dir, { recursive: true, force: true });
    process.off('unhandledRejection', onUnhandled);
  });

  it('uses Redis while it is up: shared rate-limit counters, realtime through the adapter', async () => {
    const follow = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/follow/${curator.id}`,
      headers: await buildAuthHeaders(ctx, listener.id),
    });
    expect(follow.statusCode).toBe(200);
    socket = connect(url, {
      path: '/socket.io',
      auth: { token: (await buildAuthHeaders(ctx, listener.id)).authorization.slice('Bearer '.length) },
      transports: ['websocket'],
      forceNew: true,
    });
    socket.on('new-post', (post) => void posts.push(post));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await new Promise((resolve) => socket.emit('join-feed', undefined, resolve));

    expect((await login(listener.email)).statusCode).toBe(200);
    for (let i = 0; i < AUTH_MAX; i++) expect((await fail()).statusCode).toBe(401);
    const limited = await login(listener.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(await countsFailures()).toBe(true);

    const before = adapterMessages;
    const { id } = await createAndApprove('Before the outage');
    await expect.poll(() => posts.map((p) => p._id)).toContain(id);
    // The emit also went to Redis, for the sockets of other instances.
    await expect.poll(() => adapterMessages).toBeGreaterThan(before);
  });

  it('keeps the API answering, promptly, while Redis is gone', async () => {
    await killRedis(redis);
    // Past ioredis's first quick reconnection attempts, where a queued command would wait longest.
    await new Promise((resolve) => setTimeout(resolve, 2_500));

    // Sign-in works: the address's failures were counted in Redis, and the in-memory fallback starts empty.
    const [signIn, signInMs] = await timed(() => login(listener.email));
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signInMs).toBeLessThan(PROMPT_MS);
    const token = signIn.json().token as string;
    const bearer = { authorization: `Bearer ${token}` };

    const [feed, feedMs] = await timed(() => ctx.app.inject({ url: '/api/josies/feed', headers: bearer }));
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.json().data.posts.map((p: Josie) => p.title)).toContain('Before the outage');
    expect(feedMs).toBeLessThan(PROMPT_MS);

    // Publishing emits to the curator's room: the adapter's publish to Redis fails, the local socket
    // still gets the post.
    const [{ created, approved, id }, writeMs] = await timed(() => createAndApprove('During the outage'));
    expect(created.statusCode, created.body).toBe(201);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(writeMs).toBeLessThan(2 * PROMPT_MS);
    await expect.poll(() => posts.map((p) => p._id)).toContain(id);

    // Sign-out publishes a session invalidation that cannot be sent; the session is refused all the same.
    expect((await ctx.app.inject({ url: '/api/users/me', headers: bearer })).statusCode).toBe(200);
    const [logout, logoutMs] = await timed(() =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer }),
    );
    expect(logout.statusCode, logout.body).toBe(200);
    expect(logoutMs).toBeLessThan(PROMPT_MS);
    expect((await ctx.app.inject({ url: '/api/users/me', headers: bearer })).statusCode).toBe(401);

    // Readiness is the database's: the instance stays in the load balancer.
    const ready = await ctx.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });

    // More sign-ins than the limit, at once: none is refused (successes never count), none fails.
    const burst = await Promise.all(Array.from({ length: 2 * AUTH_MAX }, () => login(curator.email)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(2 * AUTH_MAX).fill(200));

    // Give any stray rejection of the failed publishes time to surface.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhandled).toEqual([]);
  });

  it('shares counters again and keeps realtime working once Redis is back, without a restart', async () => {
    redis = await startRedis(port, dir);
    await probe.connect().catch(() => {});
    await expect.poll(() => probe.ping(), { timeout: 5_000 }).toBe('PONG');

    // The restarted Redis is empty: counting starts over once the app's connection is back.
    await expect
      .poll(
        async () => {
          await fail();
          return countsFailures();
        },
        { timeout: 10_000, interval: 250 },
      )
      .toBe(true);
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_MAX; i++) statuses.push((await fail()).statusCode);
    expect(statuses).toContain(429);
    expect((await login(editor.email)).statusCode).toBe(429);

    // The adapter's connection comes back on its own schedule: publish until other instances would hear.
    await expect.poll(() => eavesdropper.status, { timeout: 10_000 }).toBe('ready');
    const before = adapterMessages;
    let last = '';
    await expect
      .poll(
        async () => {
          const { approved, id } = await createAndApprove('After the outage');
          expect(approved.statusCode).toBe(200);
          last = id;
          return adapterMessages > before;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    await expect.poll(() => posts.map((p) => p._id)).toContain(last);
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect(unhandled).toEqual([]);
  });
});
