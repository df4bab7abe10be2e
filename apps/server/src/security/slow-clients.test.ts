/**
 * Slow clients (decision 0009): a request whose headers or body trickle in is cut once `REQUEST_TIMEOUT_MS`
 * has passed since it began, uploads included, so that slow connections cannot pile up. A real listening
 * server and real sockets; the timeout is 1.5 s here (30 s by default) so the test takes seconds.
 */
import { connect, type Socket } from 'node:net';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';

const TIMEOUT_MS = 1_500;
/** How long a test waits for the cut before calling the connection still open. */
const PATIENCE_MS = TIMEOUT_MS + 3_000;

/** What happened to a connection: when it closed (ms after it opened, or null if still open) and what it read. */
interface Outcome {
  closedAfterMs: number | null;
  received: string;
}

/**
 * Opens a connection, writes `head` at once, then `trickle` one byte every 100 ms, and reports when the
 * server closed the connection (or that it had not, after {@link PATIENCE_MS}).
 */
async function trickle(port: number, head: string, trickle: string): Promise<Outcome> {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const opened = Date.now();
  let received = '';
  socket.on('data', (chunk) => {
    received += String(chunk);
  });
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - opened)));
  socket.write(head);
  let i = 0;
  const timer = setInterval(() => {
    if (i < trickle.length && socket.writable) socket.write(trickle[i++]!);
  }, 100);
  const patience = new Promise<null>((resolve) => setTimeout(() => resolve(null), PATIENCE_MS));
  const closedAfterMs = await Promise.race([closed, patience]);
  clearInterval(timer);
  socket.destroy();
  return { closedAfterMs, received };
}

describe('slow clients', () => {
  let ctx: TestContext;
  let port: number;
  let curator: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext({ REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) });
    curator = await buildUser(ctx, { role: 'curator' });
    const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(url).port);
  });
  afterAll(() => ctx.close());

  const expectCut = (outcome: Outcome) => {
    expect(outcome.closedAfterMs, 'the connection is still open').not.toBeNull();
    expect(outcome.closedAfterMs!).toBeGreaterThanOrEqual(TIMEOUT_MS - 600);
    expect(outcome.closedAfterMs!).toBeLessThanOrEqual(TIMEOUT_MS + 1_000);
  };

  it('cuts a JSON body trickled one byte at a time', async () => {
    const body = JSON.stringify({ email: 'slow@example.test', password: 'a-slow-password' });
    const outcome = await trickle(
      port,
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
    );
    expectCut(outcome);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts an upload trickled one byte at a time', async () => {
    const boundary = 'josie-slow-boundary';
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${'x'.repeat(200)}`;
    const outcome = await trickle(
      port,
      `POST /api/users/avatar HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${curator.token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n`,
      part,
    );
    expectCut(outcome);
  });

  it('cuts headers trickled one byte at a time', async () => {
    const outcome = await trickle(
      port,
      'GET /healthz HTTP/1.1\r\n',
      `Host: 127.0.0.1\r\nX-Slow: ${'y'.repeat(200)}`,
    );
    expectCut(outcome);
  });

  it('keeps an idle keep-alive connection and a live WebSocket past the timeout', async () => {
    // Two requests on one connection, the second long after the timeout: only arriving requests are timed.
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += String(chunk);
    });
    const get = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n';
    socket.write(get);
    const feed = io(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      auth: { token: curator.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => feed.once('connect', resolve).once('connect_error', reject));
    await new Promise((r) => setTimeout(r, TIMEOUT_MS + 1_500));
    expect(socket.destroyed, 'the idle connection was closed').toBe(false);
    socket.write(get);
    await new Promise((r) => setTimeout(r, 300));
    expect(received.match(/HTTP\/1\.1 200/g)).toHaveLength(2);
    socket.destroy();
    expect(feed.connected, 'the WebSocket was closed').toBe(true);
    feed.disconnect();
  });
});
