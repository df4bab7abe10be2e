/**
 * What every local stand-in shares: a Fastify server on 127.0.0.1 and port 0, a log of the requests it
 * received (for assertions), and failure injection (`failNext`) so tests drive each adapter through the
 * provider's error answers (401, 429, 500...). Stand-ins answer with the providers' documented shapes.
 */
import Fastify, { type FastifyInstance } from 'fastify';

/** One request a stand-in received. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** An error answer to give instead of the normal one. */
export interface InjectedFailure {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** How many requests to fail (default 1). */
  times?: number;
}

/** A running stand-in. */
export interface Standin {
  /** The base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Requests received, oldest first. */
  requests: RecordedRequest[];
  /** Makes the next request(s) to `path` (no query string) answer `failure`. */
  failNext(path: string, failure: InjectedFailure): void;
  /** Forgets the recorded requests and pending failures. */
  reset(): void;
  close(): Promise<void>;
}

/** A Fastify app for a stand-in: form bodies parsed, requests recorded, failures injected. */
export function createStandinApp(opts: { https?: { key: Buffer; cert: Buffer } } = {}) {
  const app: FastifyInstance = opts.https
    ? (Fastify({ logger: false, https: opts.https }) as unknown as FastifyInstance)
    : Fastify({ logger: false });
  const requests: RecordedRequest[] = [];
  const failures = new Map<string, InjectedFailure & { left: number }>();

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.addHook('preHandler', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    requests.push({
      method: request.method,
      path,
      query: { ...(request.query as Record<string, string>) },
      headers: { ...request.headers },
      body: request.body,
    });
    const failure = failures.get(path);
    if (failure) {
      failure.left -= 1;
      if (failure.left <= 0) failures.delete(path);
      reply.status(failure.status).headers(failure.headers ?? {});
      return reply.send(failure.body ?? '');
    }
  });

  return {
    app,
    requests,
    failNext(path: string, failure: InjectedFailure) {
      failures.set(path, { ...failure, left: failure.times ?? 1 });
    },
    reset() {
      requests.length = 0;
      failures.clear();
    },
  };
}

/** Starts `app` on 127.0.0.1 and a free port. */
export async function listen(app: FastifyInstance, protocol: 'http' | 'https' = 'http'): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('stand-in has no port');
  return `${protocol}://127.0.0.1:${address.port}`;
}

/** Escapes text for HTML. */
export const html = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
