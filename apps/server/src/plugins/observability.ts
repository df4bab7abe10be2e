import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';

/**
 * `/healthz` (the process is up), `/readyz` (the database answers; 503 otherwise) and `/metrics`
 * (Prometheus text: process metrics and `http_request_duration_seconds` by method, route and status).
 */
export const observabilityPlugin = fp(async (app: FastifyInstance, opts: { database: Database }) => {
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
  app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
});
