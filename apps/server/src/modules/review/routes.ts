import { JosieIdParams, JosieResponse, PendingResponse, RejectBody } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { actor } from '../../plugins/auth.js';
import { REVIEWER_ROLES } from '../josies/index.js';

/**
 * The review queue for editors and admins. Spec 000 §7: `GET /api/josies/pending` (`data.posts`),
 * `PUT /api/josies/{id}/approve` (empty body), `PUT /api/josies/{id}/reject` (`rejectionReason`).
 * Each answers the josie as it now is.
 */
export const reviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const review = ctx.services.review;

  app.get(
    '/api/josies/pending',
    { config: { access: REVIEWER_ROLES }, schema: { tags: ['review'], response: { 200: PendingResponse } } },
    async (request) => ({ data: { posts: await review.listPending(actor(request)) } }),
  );

  app.put(
    '/api/josies/:id/approve',
    {
      config: { access: REVIEWER_ROLES },
      schema: { tags: ['review'], params: JosieIdParams, response: { 200: JosieResponse } },
    },
    async (request) => review.approve(actor(request), request.params.id),
  );

  app.put(
    '/api/josies/:id/reject',
    {
      config: { access: REVIEWER_ROLES },
      schema: { tags: ['review'], params: JosieIdParams, body: RejectBody, response: { 200: JosieResponse } },
    },
    async (request) => review.reject(actor(request), request.params.id, request.body),
  );
};
