/**
 * Helpers of the security suite (imported by `*.test.ts` only): a test app whose route table is recorded
 * and whose external providers point at a loopback dead end, and the checks every error answer must pass.
 * The rows the suite needs (users, sessions, an owner's josie and invite) come from `test/factories.ts`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { captureRoutes, type RouteEntry } from '../test/routes.js';

/** A loopback HTTP server that answers 503 to everything: where the providers' base URLs point in tests. */
export async function startDeadEnd(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"dead end"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A test context plus the route table it registered. */
export interface SecurityContext extends TestContext {
  routes: RouteEntry[];
}

/**
 * {@link createTestContext} with its route table recorded, generous auth rate limits (the suite calls
 * sign-in and sign-up many times) and every provider URL pointed at a loopback dead end, so no request can
 * leave the machine whatever a generated payload asks for.
 */
export async function createSecurityContext(env: Record<string, string> = {}): Promise<SecurityContext> {
  const deadEnd = await startDeadEnd();
  const base = deadEnd.url;
  const { result, routes } = await captureRoutes(() =>
    createTestContext({
      RATE_LIMIT_AUTH_MAX: '100000',
      SPOTIFY_ACCOUNTS_BASE_URL: base,
      SPOTIFY_API_BASE_URL: base,
      SPOTIFY_OEMBED_URL: `${base}/oembed`,
      GOOGLE_AUTH_URL: `${base}/auth`,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_USERINFO_URL: `${base}/userinfo`,
      YOUTUBE_API_BASE_URL: base,
      YOUTUBE_OEMBED_URL: `${base}/oembed`,
      PIXABAY_BASE_URL: base,
      OPENVERSE_BASE_URL: base,
      ...env,
    }),
  );
  return {
    ...result,
    routes,
    async close() {
      await result.close();
      await deadEnd.close();
    },
  };
}

/** Fills a route pattern's parameters, e.g. `fillPath('/api/josies/:id', {id: 'x'})`. */
export function fillPath(url: string, values: Record<string, string>): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${url}`);
    return encodeURIComponent(value);
  });
}

/** Text that betrays internals: a stack frame, a source path, the repository's folder. */
const INTERNALS = [/\n\s*at\s/, /\bat\s+[\w.<>]+\s+\(/, /node_modules/, /\/apps\/server\//, /file:\/\//];

/**
 * Asserts the shape every error answer shares (docs/product/routes-and-roles.md#api): JSON `{message, code}`
 * with string values, and nothing of the server's insides (no stack trace, no file path).
 */
export function expectCleanError(res: {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}) {
  const where = `${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(String(res.headers['content-type']), where).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as { message?: unknown; code?: unknown };
  expect(typeof body.message, where).toBe('string');
  expect(typeof body.code, where).toBe('string');
  for (const pattern of INTERNALS) expect(res.body, where).not.toMatch(pattern);
}

/** Rows in the tables a failed request must never touch, in one statement. */
export async function rowCounts(ctx: TestContext): Promise<Record<string, number>> {
  const tables = [
    'users',
    'josies',
    'media',
    'josie_likes',
    'josie_saves',
    'josie_reviews',
    'follows',
    'invites',
    'invite_uses',
    'password_resets',
    'genres',
    'interests',
    'ai_templates',
    'contact_messages',
    'newsletter_subscribers',
  ];
  const select = tables.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(', ');
  const result = await ctx.database.db.execute(sql.raw(`select ${select}`));
  const row = (result as unknown as { rows: Record<string, number>[] }).rows[0]!;
  return Object.fromEntries(tables.map((t) => [t, Number(row[t])]));
}
