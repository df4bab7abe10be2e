import { DrizzleQueryError } from 'drizzle-orm';

/** How deep a `cause` chain is searched for a failed query. */
const MAX_CAUSE_DEPTH = 5;

/**
 * `err` without the values of a failed query, or `err` itself when it holds none. Drizzle's
 * `DrizzleQueryError` carries the statement's parameters in `params` and in its message and stack
 * (`Failed query: ...\nparams: a,b,c`): a password hash, an email, an invite code, a push subscription's
 * secret. The copy keeps the statement, the prototype (so the logged `type` is unchanged) and the
 * database's own error as `cause`; the values become `[redacted]`. Errors wrapping one are copied too.
 */
export function withoutQueryValues(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > MAX_CAUSE_DEPTH) return err;
  const cause = withoutQueryValues(err.cause, depth + 1);
  const isQuery = err instanceof DrizzleQueryError;
  if (!isQuery && cause === err.cause) return err;

  const copy = Object.assign(Object.create(Object.getPrototypeOf(err) as object) as Error, err);
  let message = err.message;
  let stack = err.stack;
  if (isQuery) {
    const values = `\nparams: ${String(err.params)}`;
    const hidden = `\nparams: [redacted]`;
    message = message.replace(values, hidden);
    stack = stack?.replace(values, hidden);
    (copy as DrizzleQueryError).params = err.params.map(() => '[redacted]');
  }
  Object.defineProperties(copy, {
    message: { value: message, writable: true, configurable: true },
    stack: { value: stack, writable: true, configurable: true },
  });
  if (err.cause !== undefined) copy.cause = cause;
  return copy;
}

/**
 * pino's `formatters.log` for the app's logger (`app.ts`): runs before the serializers, so every line
 * logged with an `err` (the error handler's, the job queue's...) goes out through
 * {@link withoutQueryValues}. docs/decisions/0005-security-and-reliability-checks.md;
 * security/secrets-in-logs.test.ts.
 */
export function redactLogObject(object: Record<string, unknown>): Record<string, unknown> {
  if (!('err' in object)) return object;
  const err = withoutQueryValues(object.err);
  return err === object.err ? object : { ...object, err };
}

/** What stands in for a redacted value. */
const REDACTED = '[redacted]';

/** A query parameter's name worth keeping in the log (the app's own names; anything else is hidden too). */
const PARAMETER_NAME = /^[A-Za-z0-9_.[\]-]{1,64}$/;

/**
 * `url` (a request target: path and query) with every query value replaced by `[redacted]`, names kept:
 * `/reset-password?email=a%40b&token=xyz` -> `/reset-password?email=[redacted]&token=[redacted]`. Links
 * that emails and redirects carry hold their secret in the query (a reset token, an unsubscribe token, a
 * sign-in exchange code, a provider's authorization code), for web pages and `/api/*` alike; the path is
 * kept, since routes carry no secret in it. A part without a value, or whose name is not a plain name, is
 * hidden whole. Decision 0005 (logs carry no secrets).
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1 || start === url.length - 1) return url;
  const parts = url
    .slice(start + 1)
    .split('&')
    .map((part) => {
      if (part === '') return part;
      const eq = part.indexOf('=');
      const name = eq === -1 ? '' : part.slice(0, eq);
      return PARAMETER_NAME.test(name) ? `${name}=${REDACTED}` : REDACTED;
    });
  return `${url.slice(0, start)}?${parts.join('&')}`;
}

/** The request as Fastify's logger serializes it. */
interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, string | string[] | undefined>;
  socket?: { remotePort?: number } | null;
}

/**
 * pino's `req` serializer for the app's logger (`app.ts`): Fastify's own fields, with the URL through
 * {@link redactUrl}. Every request's "incoming request" line uses it.
 */
export function requestForLog(req: LoggedRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
