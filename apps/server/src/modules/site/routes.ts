import { ANALYTICS_LIMITS, endpoints } from '@josie/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';

/** Error reports one address may send per minute (`POST /api/client-errors`). */
export const CLIENT_ERRORS_PER_MINUTE = 20;

/**
 * The public site's forms, which really work here (docs/product/differences.md#placeholders-that-work):
 * contact messages are stored for admins, newsletter sign-ups are stored once per email; and the app's own
 * analytics events (docs/product/differences.md#analytics). Each is rate-limited per IP. Analytics events are
 * kept `ANALYTICS_RETENTION_DAYS` (decision 0010): a daily job on the app's queue purges older ones, the
 * first run as the app starts (`analytics-retention.ts`, registered by the composition root). And the web
 * app's reports of pages it could not show (decision 0012).
 */
export const siteRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const site = ctx.services.site;

  route(
    app,
    endpoints.contact,
    {
      preHandler: ctx.rateLimits.formsPerIp,
    },
    async (request, reply) => {
      await site.contact(request.body, request.user?.id ?? null);
      return reply.status(201).send({ success: true as const });
    },
  );

  route(
    app,
    endpoints.newsletter,
    {
      preHandler: ctx.rateLimits.formsPerIp,
    },
    async (request) => {
      await site.subscribe(request.body.email);
      return { success: true as const };
    },
  );

  route(
    app,
    endpoints.analyticsEvent,
    {
      // Known event names and capped parameters (the contract), a capped body (decision 0010).
      bodyLimit: ANALYTICS_LIMITS.bodyMaxBytes,
      preHandler: ctx.rateLimits.analyticsPerIp,
    },
    async (request, reply) => {
      await site.track(request.body, {
        userId: request.user?.id ?? null,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return reply.status(202).send({ success: true as const });
    },
  );

  /**
   * Reports of pages the web app could not show (decision 0012): written to the log at warn level with
   * their route, never stored. Public (a visitor's page fails too) and limited per IP, so a looping
   * client cannot flood the log.
   */
  const clientErrorsPerIp = app.rateLimit({
    max: CLIENT_ERRORS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `client-errors:${request.ip}`,
  });
  route(
    app,
    endpoints.clientError,
    {
      preHandler: clientErrorsPerIp,
    },
    async (request, reply) => {
      request.log.warn(
        { clientError: { ...request.body, userId: request.user?.id ?? null } },
        `web page failed: ${request.body.kind} on ${request.body.route}`,
      );
      return reply.status(202).send({ success: true as const });
    },
  );
};
