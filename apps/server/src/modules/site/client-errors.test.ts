/**
 * `POST /api/client-errors` (decision 0012): the web app's reports of pages it could not show reach the log
 * at warn level with their route; bad input is a 400, a flood a 429, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { appWithLogLines } from '../../test/log-capture.js';
import { CLIENT_ERRORS_PER_MINUTE } from './routes.js';

describe('client error reports', () => {
  let ctx: TestContext;
  let app: App;
  let lines: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ app, lines } = await appWithLogLines(ctx, 'info'));
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  it('logs a report at warn level with its route and answers 202', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: {
        kind: 'chunk',
        route: '/curator/:curatorId',
        message: 'Failed to fetch dynamically imported module',
        url: 'http://localhost/assets/CuratorProfilePage-abc.js',
        language: 'he',
        online: true,
      },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: true });
    const logged = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.clientError);
    expect(logged).toMatchObject({
      level: 40,
      clientError: { kind: 'chunk', route: '/curator/:curatorId', language: 'he', userId: null },
    });
    expect(String(logged?.msg)).toContain('/curator/:curatorId');
  });

  it('refuses a report without a route, of an unknown kind or over its caps with 400 {message, code}', async () => {
    for (const payload of [
      { kind: 'chunk', message: 'x' },
      { kind: 'boom', route: '/about' },
      { kind: 'render', route: '/about', message: 'x'.repeat(501) },
      { kind: 'render', route: 'r'.repeat(201) },
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/client-errors', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });

  it('limits reports per address (429) so a looping page cannot flood the log', async () => {
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/client-errors',
        remoteAddress: '10.9.8.7',
        payload: { kind: 'render', route: '/about' },
      });
    for (let i = 0; i < CLIENT_ERRORS_PER_MINUTE; i += 1) expect((await send()).statusCode).toBe(202);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
  });
});
