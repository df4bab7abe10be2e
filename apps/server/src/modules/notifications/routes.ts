import { endpoints, type Language, type UnsubscribeQuery } from '@josie/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';
import { type UnsubscribeOutcome, unsubscribePage } from './page.js';
import { INVALID_UNSUBSCRIBE_TOKEN } from './service.js';
import { unsubscribePath } from './tokens.js';

/**
 * Notifications (docs/product/rules-and-limits.md#notifications-and-install): the key browsers subscribe to
 * Web Push with (`GET /api/push/public-key`; the subscription itself is under `/api/users/me`, in
 * account/me.routes.ts) and the
 * one-click unsubscribe link of every notification email (`/api/notifications/unsubscribe?token=`: `GET` and
 * `HEAD` only answer a page asking to confirm, since mail scanners follow links; `POST`, from that page's
 * button or a mail client's RFC 8058 one-click, turns emails off; decision 0010). The sending (domain events
 * -> `notify.*` jobs -> `send.*` jobs on the app's queue) is in `jobs/`, registered by the composition root.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { notifications } = ctx.services;

  // Mail clients post the one-click unsubscribe as a form (RFC 8058 §3.1); the body carries nothing we need.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );

  route(app, endpoints.pushPublicKey, {}, async () => notifications.publicKey());

  // The notifications centre (docs/decisions/0024-notifications-centre.md): signed-in users, their own rows.
  route(app, endpoints.notifications, {}, (request) => notifications.list(actor(request), request.query));
  route(app, endpoints.markNotificationsRead, {}, (request) =>
    notifications.markRead(actor(request), request.body),
  );
  route(app, endpoints.unreadNotificationsCount, {}, (request) => notifications.unreadCount(actor(request)));

  /**
   * Answers an unsubscribe request: a page to a browser (it asked for HTML), JSON to anything else (a mail
   * client's one-click POST, an API client). A token that is not genuine gets the 'invalid' page (400) or
   * the API's JSON error `INVALID_UNSUBSCRIBE_TOKEN`.
   */
  async function unsubscribeAnswer(
    request: FastifyRequest<{ Querystring: UnsubscribeQuery }>,
    reply: FastifyReply,
    act: (token: string) => Promise<{ language: Language }>,
    outcome: 'confirm' | 'unsubscribed',
  ) {
    const browser = /\btext\/html\b/.test(request.headers.accept ?? '');
    reply.header('cache-control', 'no-store');
    const html = (language: Language, shown: UnsubscribeOutcome) =>
      reply
        .type('text/html; charset=utf-8')
        .send(unsubscribePage(language, shown, ctx.config.publicUrl, unsubscribePath(request.query.token)));
    try {
      const { language } = await act(request.query.token);
      // A GET answers the page that asks, to every client: a scanner sees a page, and nothing changes.
      if (browser || outcome === 'confirm') return html(language, outcome);
      return reply.send({ success: true as const });
    } catch (error) {
      if (!browser || !(error instanceof AppError && error.code === INVALID_UNSUBSCRIBE_TOKEN)) throw error;
      reply.status(400);
      return html('en', 'invalid');
    }
  }

  route(app, endpoints.emailUnsubscribePage, {}, (request, reply) =>
    unsubscribeAnswer(request, reply, notifications.unsubscribeTarget, 'confirm'),
  );

  route(app, endpoints.emailUnsubscribe, {}, (request, reply) =>
    unsubscribeAnswer(request, reply, notifications.unsubscribeEmails, 'unsubscribed'),
  );
};
