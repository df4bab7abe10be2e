/**
 * The error handler's edges (docs/product/routes-and-roles.md#api): a client that aborts its body is not a
 * database outage, a path Fastify's router cannot decode answers `{message, code}`, and a contract rule that
 * names its code (a display name's `UNSAFE_NAME`) is answered with it.
 */
import { connect } from 'node:net';
import { ERROR_CODES } from '@josie/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { appWithLogLines } from '../test/log-capture.js';

describe('error answers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('logs a client that aborts its body at info, never as "database unavailable"', async () => {
    const { app, lines } = await appWithLogLines(ctx, 'info');
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const socket = connect(Number(new URL(url).port), '127.0.0.1');
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      socket.on('error', () => {});
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          'Content-Length: 1000\r\n\r\n{"email":"a@example.test",',
      );
      // The server has the head and part of the body once the route's request line is logged.
      await expect.poll(() => lines.some((l) => l.includes('incoming request'))).toBe(true);
      socket.destroy();
      await expect.poll(() => lines.some((l) => l.includes('client aborted the request body'))).toBe(true);
      const entries = lines.map((l) => JSON.parse(l) as { level: number; msg: string });
      expect(entries.find((e) => e.msg === 'client aborted the request body')?.level).toBe(30);
      expect(entries.filter((e) => e.level >= 50)).toEqual([]);
      expect(lines.join('')).not.toContain('database unavailable');
    } finally {
      await app.close();
    }
  });

  it('answers a malformed percent-encoding in the path with {message, code}', async () => {
    const res = await ctx.app.inject({ url: '/api/josies/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The address is not a valid URL', code: ERROR_CODES.VALIDATION });
  });

  it.each([
    ['a right-to-left override', 'Noa\u202Eppa.exe'],
    ['a zero-width space', 'Ad\u200Bmin'],
    ['a stray zero-width joiner', 'Ad\u200Dmin'],
    ['a first-strong isolate', '\u2068Noa\u2069'],
    ['a zero-width no-break space', 'No\uFEFFa'],
  ])('refuses a display name with %s (400 UNSAFE_NAME), at sign-up', async (_what, name) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name, email: `unsafe-${Math.random()}@example.test`, password: 'long-enough-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ERROR_CODES.UNSAFE_NAME, issues: [{ path: 'body.name' }] });
  });

  it('keeps emoji joined by a zero-width joiner and Hebrew names', async () => {
    for (const name of ['נועה כהן', 'Noa 👩\u200D👩\u200D👧']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name, email: `safe-${Math.random()}@example.test`, password: 'long-enough-1' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});
