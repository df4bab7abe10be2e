import {
  PushPublicKeyResponse,
  PushSubscriptionBody,
  PushUnsubscribeBody,
  SuccessResponse,
  UnsubscribeQuery,
} from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPushSenderFromConfig } from '../../adapters/webpush.js';
import { resolveJwtSecret } from '../../config.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { actor } from '../../plugins/auth.js';
import { registerNotificationJobs, subscribeNotificationEvents } from './jobs.js';
import { unsubscribePage } from './page.js';
import { createNotificationsService, INVALID_UNSUBSCRIBE_TOKEN } from './service.js';
import { createUnsubscribeTokens } from './tokens.js';

/**
 * Notifications (issue 11): this browser's Web Push subscription (`POST`/`DELETE
 * /api/users/me/push-subscriptions`, `GET /api/push/public-key`) and the one-click unsubscribe link of
 * every notification email (`GET`/`POST /api/notifications/unsubscribe?token=`, RFC 8058: `GET` answers a
 * small page to browsers). Also wires the
 * sending: domain events -> `notify.*` jobs -> `send.*` jobs on the app's queue (see `jobs.ts`).
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const push = createPushSenderFromConfig(ctx.config);
  const tokens = createUnsubscribeTokens(resolveJwtSecret(ctx.config));
  const notifications = createNotificationsService({ db: ctx.db, push, tokens });

  registerNotificationJobs({
    db: ctx.db,
    jobs: ctx.jobs,
    mailer: ctx.mailer,
    push,
    tokens,
    publicUrl: ctx.config.publicUrl,
    log: app.log,
  });
  const unsubscribeEvents = subscribeNotificationEvents(ctx.bus, { db: ctx.db, jobs: ctx.jobs, push });
  app.addHook('onClose', async () => unsubscribeEvents());

  // Mail clients post the one-click unsubscribe as a form (RFC 8058 §3.1); the body carries nothing we need.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );

  app.get(
    '/api/push/public-key',
    {
      config: { access: 'public' },
      schema: { tags: ['notifications'], response: { 200: PushPublicKeyResponse } },
    },
    async () => notifications.publicKey(),
  );

  app.post(
    '/api/users/me/push-subscriptions',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['notifications'], body: PushSubscriptionBody, response: { 201: SuccessResponse } },
    },
    async (request, reply) => {
      await notifications.subscribe(actor(request), request.body);
      return reply.status(201).send({ success: true });
    },
  );

  app.delete(
    '/api/users/me/push-subscriptions',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['notifications'], body: PushUnsubscribeBody, response: { 200: SuccessResponse } },
    },
    async (request) => {
      await notifications.unsubscribe(actor(request), request.body.endpoint);
      return { success: true as const };
    },
  );

  app.get(
    '/api/notifications/unsubscribe',
    { config: { access: 'public' }, schema: { tags: ['notifications'], querystring: UnsubscribeQuery } },
    async (request, reply) => {
      // People open the link in a browser and get a page; any other client gets the API's JSON error.
      const browser = /\btext\/html\b/.test(request.headers.accept ?? '');
      reply.header('cache-control', 'no-store');
      try {
        const { language } = await notifications.unsubscribeEmails(request.query.token);
        return reply
          .type('text/html; charset=utf-8')
          .send(unsubscribePage(language, 'unsubscribed', ctx.config.publicUrl));
      } catch (error) {
        if (!browser || !(error instanceof AppError && error.code === INVALID_UNSUBSCRIBE_TOKEN)) throw error;
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(unsubscribePage('en', 'invalid', ctx.config.publicUrl));
      }
    },
  );

  app.post(
    '/api/notifications/unsubscribe',
    {
      config: { access: 'public' },
      schema: { tags: ['notifications'], querystring: UnsubscribeQuery, response: { 200: SuccessResponse } },
    },
    async (request) => {
      await notifications.unsubscribeEmails(request.query.token);
      return { success: true as const };
    },
  );
};
