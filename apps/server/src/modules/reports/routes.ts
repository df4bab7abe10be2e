import { endpoints, REPORT_LIMITS } from '@josie/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errors } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';
import { requestOrigin } from '../security-log/index.js';

/**
 * Reports and moderation (docs/decisions/0047-reports-and-moderation.md;
 * docs/product/rules-and-limits.md#reports-and-moderation): `POST /api/reports` for anyone signed in
 * (rate-limited per account), the queue and its actions for editors and admins, suspensions for admins.
 * The rules are the service's.
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const reports = ctx.services.reports;
  // Per account, in Redis with REDIS_URL like every limit here (docs/product/rules-and-limits.md#rate-limits).
  const limit = app.createRateLimit({
    max: REPORT_LIMITS.perMinute,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => `report:${req.user?.id ?? req.ip}`,
  });
  const admitReport = async (request: FastifyRequest) => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      throw errors.rateLimited(
        'You are reporting too fast. Please wait a minute and try again.',
        Math.ceil(result.ttlInSeconds),
      );
    }
  };

  route(app, endpoints.createReport, { preHandler: admitReport }, async (request, reply) =>
    reply.status(201).send({ data: { report: await reports.create(actor(request), request.body) } }),
  );

  route(app, endpoints.moderationReports, {}, async (request) => reports.queue(request.query));

  route(app, endpoints.moderationAction, {}, async (request) => ({
    data: await reports.act(actor(request), request.body, requestOrigin(request)),
  }));

  route(app, endpoints.suspendUser, {}, async (request) =>
    reports.suspend(actor(request), request.params.id, request.body.reason, requestOrigin(request)),
  );

  route(app, endpoints.liftSuspension, {}, async (request) =>
    reports.lift(actor(request), request.params.id, requestOrigin(request)),
  );
};
