import { ERROR_CODES } from '@josie/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';

/**
 * Errors a database driver raises when the server cannot be reached; answered as 503
 * (docs/product/routes-and-roles.md#api). SQLSTATEs: 57P01-57P03 shutdown/terminated, 08xxx connection
 * failures, 55000 "database is not currently accepting connections", 53300 too many connections, 3D000
 * database missing (security/faults.test.ts).
 */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '55000',
  '53300',
  '3D000',
]);

/**
 * Multipart bodies a client broke (no or an unusable boundary, a truncated body), as @fastify/busboy
 * reports them: bare Errors without a code or status, so their messages are the only handle.
 * Found by security/hostile-input.test.ts.
 */
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle cannot /,
  /unexpected end of multipart data$/i,
];

/**
 * The SQLSTATE or errno of an error, looking through wrappers: Drizzle raises `DrizzleQueryError` with
 * the driver's error (which carries the code) as its `cause`.
 */
function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const KNOWN_CODES = new Set<string>(Object.values(ERROR_CODES));

/**
 * The product rule a validation failure broke, when a contract check names one in its issue's `params`
 * (`{code: ERROR_CODES.UNSAFE_NAME}`, a display name's rule): the web chooses its text by that code.
 * Undefined for plain shape errors, answered as `VALIDATION_ERROR`.
 */
function ruleCode(validation: readonly { params?: unknown }[]): string | undefined {
  for (const v of validation) {
    const code = (v.params as { params?: { code?: unknown } } | undefined)?.params?.code;
    if (typeof code === 'string' && KNOWN_CODES.has(code)) return code;
  }
  return undefined;
}

function statusCodeCode(status: number): string {
  switch (status) {
    case 400:
      return ERROR_CODES.VALIDATION;
    case 401:
      return ERROR_CODES.UNAUTHENTICATED;
    case 403:
      return ERROR_CODES.FORBIDDEN;
    case 404:
      return ERROR_CODES.NOT_FOUND;
    case 413:
      return ERROR_CODES.TOO_LARGE;
    case 429:
      return ERROR_CODES.RATE_LIMITED;
    default:
      return status >= 500 ? ERROR_CODES.INTERNAL : ERROR_CODES.VALIDATION;
  }
}

/**
 * Fastify's `frameworkErrors` option: the errors its router raises before any route or error handler runs
 * (a path with a malformed percent-encoding such as `/api/josies/%E0%A4%A`, a path parameter over the
 * length limit), answered as every other error, `{message, code}` (docs/product/routes-and-roles.md#api),
 * instead of Fastify's own `{error, code, message, statusCode}`.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  return reply.status(status).send({
    message: error.code === 'FST_ERR_BAD_URL' ? 'The address is not a valid URL' : error.message,
    code: ERROR_CODES.VALIDATION,
  });
}

/**
 * The one error handler: every failure is answered as `{message, code}` (plus `issues` for validation),
 * with the right status and never a stack trace; unknown errors are 500 with the request id so the log
 * line can be found. docs/product/routes-and-roles.md#api, docs/ARCHITECTURE.md#practices.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', error.retryAfterSeconds);
      return reply.status(error.statusCode).send({ message: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Invalid value',
      }));
      const first = issues[0];
      return reply.status(400).send({
        message: first ? `Invalid ${first.path}: ${first.message}` : 'Invalid request',
        code: ruleCode(error.validation) ?? ERROR_CODES.VALIDATION,
        issues,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply
        .status(500)
        .send({ message: `Internal error (${request.id})`, code: ERROR_CODES.INTERNAL });
    }
    // A client that went away before its body was all sent: Node reports an `ECONNRESET` the database's
    // check below would take for an outage (an error log and a false alarm that anyone can raise). The
    // request's own stream says it ended early; nobody reads the answer.
    if (request.raw.readableAborted) {
      request.log.info({ err: error }, 'client aborted the request body');
      return reply
        .status(400)
        .send({ message: 'The request body was not sent in full', code: ERROR_CODES.VALIDATION });
    }
    const errno = errorCode(error);
    if (errno && UNAVAILABLE_ERRNOS.has(errno)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .send({ message: 'The service is temporarily unavailable', code: ERROR_CODES.UNAVAILABLE });
    }
    // SQLSTATE class 22 (data exception): a value PostgreSQL cannot store, such as a NUL character in
    // text. Such values come from requests; logged as a warning so a bug of ours still shows.
    if (errno?.length === 5 && errno.startsWith('22')) {
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.status(400).send({
        message: 'The request contains a value that cannot be stored (for example a NUL character)',
        code: ERROR_CODES.VALIDATION,
      });
    }
    if (typeof error.statusCode !== 'number' && MALFORMED_MULTIPART.some((re) => re.test(error.message))) {
      return reply.status(400).send({
        message: 'The upload could not be read: malformed multipart body',
        code: ERROR_CODES.VALIDATION,
      });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .status(500)
        .send({ message: `Internal error (${request.id})`, code: ERROR_CODES.INTERNAL });
    }
    // Fastify's own client errors (bad JSON, body too large, unsupported media type, rate limit...).
    return reply.status(status).send({ message: error.message, code: statusCodeCode(status) });
  });
});
