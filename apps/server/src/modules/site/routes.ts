import {
  ANALYTICS_LIMITS,
  AnalyticsEventBody,
  ContactBody,
  NewsletterBody,
  SuccessResponse,
} from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { analyticsEvents, contactMessages, newsletterSubscribers } from '../../db/schema.js';
import { registerAnalyticsRetention } from './analytics-retention.js';

/**
 * The public site's forms, which really work here (DESIGN §9.3): contact messages are stored for admins,
 * newsletter sign-ups are stored once per email; and the app's own analytics events (DESIGN §9.11).
 * Each is rate-limited per IP. Analytics events are kept `ANALYTICS_RETENTION_DAYS` (decision 0010): a
 * daily job on the app's queue purges older ones, the first run as the app starts.
 */
export const siteRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const retention = registerAnalyticsRetention({
    db,
    jobs: ctx.jobs,
    retentionDays: ctx.config.analytics.retentionDays,
  });
  app.addHook('onReady', retention.scheduleToday);

  app.post(
    '/api/contact',
    {
      config: { access: 'public' },
      preHandler: ctx.rateLimits.formsPerIp,
      schema: { tags: ['site'], body: ContactBody, response: { 201: SuccessResponse } },
    },
    async (request, reply) => {
      await db.insert(contactMessages).values({ ...request.body, userId: request.user?.id ?? null });
      return reply.status(201).send({ success: true as const });
    },
  );

  app.post(
    '/api/newsletter',
    {
      config: { access: 'public' },
      preHandler: ctx.rateLimits.formsPerIp,
      schema: { tags: ['site'], body: NewsletterBody, response: { 200: SuccessResponse } },
    },
    async (request) => {
      await db.insert(newsletterSubscribers).values({ email: request.body.email }).onConflictDoNothing();
      return { success: true as const };
    },
  );

  app.post(
    '/api/analytics/events',
    {
      config: { access: 'public' },
      // Known event names and capped parameters (the contract), a capped body (decision 0010).
      bodyLimit: ANALYTICS_LIMITS.bodyMaxBytes,
      preHandler: ctx.rateLimits.analyticsPerIp,
      schema: { tags: ['analytics'], body: AnalyticsEventBody, response: { 202: SuccessResponse } },
    },
    async (request, reply) => {
      await db.insert(analyticsEvents).values({
        name: request.body.name,
        params: request.body.params,
        userId: request.user?.id ?? null,
      });
      return reply.status(202).send({ success: true as const });
    },
  );
};
