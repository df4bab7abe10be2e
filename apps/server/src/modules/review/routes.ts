import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';

/**
 * The review queue for editors and admins. docs/product/routes-and-roles.md#api: `GET /api/josies/pending`
 * (`data.posts`), `PUT /api/josies/{id}/approve` (empty body), `PUT /api/josies/{id}/reject`
 * (`rejectionReason`). Each answers the josie as it now is.
 */
export const reviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const review = ctx.services.review;

  route(app, endpoints.pendingJosies, {}, async (request) => ({
    data: { posts: await review.listPending(actor(request)) },
  }));

  route(app, endpoints.approveJosie, {}, async (request) =>
    review.approve(actor(request), request.params.id),
  );

  route(app, endpoints.rejectJosie, {}, async (request) =>
    review.reject(actor(request), request.params.id, request.body),
  );
};
