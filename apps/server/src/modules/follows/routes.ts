import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';

/**
 * Follow and unfollow a curator (docs/product/routes-and-roles.md#api). Both answer `{success, following}`
 * with the caller's followed curator ids, for the stored user's `following` list.
 */
export const followsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const follows = ctx.services.follows;

  route(app, endpoints.follow, {}, async (request) => follows.follow(actor(request), request.params.id));

  route(app, endpoints.unfollow, {}, async (request) => follows.unfollow(actor(request), request.params.id));
};
