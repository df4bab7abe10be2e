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
 * {@link withoutQueryValues}. Issue 10 item 3; security/secrets-in-logs.test.ts.
 */
export function redactLogObject(object: Record<string, unknown>): Record<string, unknown> {
  if (!('err' in object)) return object;
  const err = withoutQueryValues(object.err);
  return err === object.err ? object : { ...object, err };
}
