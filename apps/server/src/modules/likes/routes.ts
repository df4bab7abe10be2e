import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';

/**
 * Like and save toggles on a published josie (docs/product/routes-and-roles.md#api,
 * docs/product/differences.md#saved-josies). Signed-in users only; the saved list itself is `GET
 * /api/josies/saved` in the feed module.
 */
export const likesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const likes = ctx.services.likes;

  route(app, endpoints.toggleLike, {}, async (request) =>
    likes.toggleLike(actor(request), request.params.id),
  );

  route(app, endpoints.toggleSave, {}, async (request) =>
    likes.toggleSave(actor(request), request.params.id),
  );
};
