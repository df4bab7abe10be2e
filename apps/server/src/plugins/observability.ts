import { createHash, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES } from '@josie/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';

/** The SHA-256 digest of a token, so that tokens of any length compare in constant time. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/** What {@link observabilityPlugin} needs. */
interface ObservabilityOptions {
  database: Database;
  /** The bearer token `/metrics` asks for; null: `/metrics` answers 404. */
  metricsToken: string | null;
}

/**
 * `/healthz` (the process is up), `/readyz` (the database answers; 503 otherwise) and `/metrics`
 * (Prometheus text: process metrics and `http_request_duration_seconds` by method, route and status).
 * `/metrics` tells about the traffic and the process, so it answers the bearer of `metricsToken` only
 * (401 otherwise), and 404 when no token is configured, as if it did not exist. Decision 0009.
 */
export const observabilityPlugin = fp(async (app: FastifyInstance, opts: ObservabilityOptions) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    try {
      await opts.database.ping();
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({
        status: 'unavailable',
        message: 'The database does not answer',
        code: 'SERVICE_UNAVAILABLE',
      });
    }
  });
  const expected = opts.metricsToken === null ? null : digest(opts.metricsToken);
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    if (expected === null) {
      return reply.status(404).send({ message: 'Route GET /metrics not found', code: ERROR_CODES.NOT_FOUND });
    }
    const given = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'A valid metrics token is required', code: ERROR_CODES.UNAUTHENTICATED });
    }
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
});
