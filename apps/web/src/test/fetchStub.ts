import { FLAG_DEFAULTS, type FlagsResponse, GENRES } from '@josie/contract';
import { vi } from 'vitest';
import { readStoredSession } from '../session/storage';

/** One request the app made. */
export interface RecordedRequest {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  /** Parsed JSON body, the FormData, or undefined. */
  body: unknown;
}

/** What a handler answers: a JSON body with a status (default 200), or a ready `Response`. */
export type StubReply = Response | { status?: number; body?: unknown };

/** A handler for `METHOD /path` (exact path, query ignored) or a path pattern. */
export interface StubRoute {
  method: string;
  path: string | RegExp;
  reply: (request: RecordedRequest) => StubReply | Promise<StubReply>;
}

/** The installed stub: every request made, requests nobody expected, and a way to add handlers. */
export interface FetchStub {
  requests: RecordedRequest[];
  unexpected: RecordedRequest[];
  /** Adds handlers that take precedence over earlier ones. */
  use(...routes: StubRoute[]): void;
  /** The requests to `METHOD path`. */
  calls(method: string, path: string): RecordedRequest[];
}

export const json = (status: number, body: unknown): StubReply => ({ status, body });

/**
 * Handlers every page needs: flags (the contract defaults, or `flags`), sign-in providers (none
 * configured), analytics (accepted), logout, `GET /api/users/me` answering the stored user, the header
 * bell's unread count (none), a josie page's comments (none: comments are on by default), and the live lists (`GET /api/preferences/options`: the seed genres, no interests), which the josie editor reads.
 */
export function defaultRoutes(flags: Partial<FlagsResponse> = {}): StubRoute[] {
  return [
    { method: 'GET', path: '/api/config/flags', reply: () => json(200, { ...FLAG_DEFAULTS, ...flags }) },
    { method: 'GET', path: '/api/auth/providers', reply: () => json(200, { spotify: false, google: false }) },
    { method: 'POST', path: '/api/analytics/events', reply: () => json(202, { success: true }) },
    { method: 'POST', path: '/api/auth/logout', reply: () => json(200, { success: true }) },
    { method: 'GET', path: '/api/notifications/unread-count', reply: () => json(200, { unreadCount: 0 }) },
    {
      method: 'GET',
      path: /^\/api\/josies\/[^/]+\/comments$/,
      reply: () =>
        json(200, { data: { comments: [], nextCursor: null, commentCount: 0, policy: 'everyone' } }),
    },
    {
      method: 'GET',
      path: '/api/preferences/options',
      reply: () =>
        json(200, { genres: GENRES.map((name, i) => ({ _id: `genre-${i}`, name })), interests: [] }),
    },
    {
      method: 'GET',
      path: '/api/users/me',
      reply: () => {
        const state = readStoredSession();
        return state.status === 'valid'
          ? json(200, state.session.user)
          : json(401, { message: 'No authentication credentials provided', code: 'UNAUTHENTICATED' });
      },
    },
  ];
}

async function readBody(init: RequestInit | undefined): Promise<unknown> {
  const body = init?.body;
  if (body === undefined || body === null) return undefined;
  if (body instanceof FormData) return body;
  if (typeof body === 'string') {
    try {
      return JSON.parse(body);
    } catch {
      return body;
    }
  }
  return body;
}

/**
 * Replaces `fetch` with a strict stub (docs/ARCHITECTURE.md#practices): a request no handler matches is
 * recorded as
 * unexpected and rejected, and the test setup fails the test for it.
 */
export function installFetchStub(routes: StubRoute[] = defaultRoutes()): FetchStub {
  const handlers: StubRoute[] = [...routes];
  const stub: FetchStub = {
    requests: [],
    unexpected: [],
    use: (...more) => handlers.unshift(...more),
    calls: (method, path) => stub.requests.filter((r) => r.method === method && r.path === path),
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      url,
      headers: new Headers(init?.headers),
      body: await readBody(init),
    };
    stub.requests.push(request);
    const handler = handlers.find(
      (h) =>
        h.method === method &&
        (typeof h.path === 'string' ? h.path === url.pathname : h.path.test(url.pathname)),
    );
    if (!handler) {
      stub.unexpected.push(request);
      throw new TypeError(`Unexpected request ${method} ${url.pathname}`);
    }
    const reply = await handler.reply(request);
    if (reply instanceof Response) return reply;
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  currentStub = stub;
  return stub;
}

let currentStub: FetchStub | null = null;

/** The stub of the running test (the setup installs one before each test). */
export function fetchStub(): FetchStub {
  if (!currentStub) throw new Error('No fetch stub installed');
  return currentStub;
}
