import { FollowResponse, PathIdParams } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { actor } from '../../plugins/auth.js';

/**
 * Follow and unfollow a curator (spec 000 §7, spec 001 §7). Both answer `{success, following}` with the
 * caller's followed curator ids, for the stored user's `following` list.
 */
export const followsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const follows = ctx.services.follows;

  app.post(
    '/api/users/follow/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['follows'], params: PathIdParams, response: { 200: FollowResponse } },
    },
    async (request) => follows.follow(actor(request), request.params.id),
  );

  app.post(
    '/api/users/unfollow/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['follows'], params: PathIdParams, response: { 200: FollowResponse } },
    },
    async (request) => follows.unfollow(actor(request), request.params.id),
  );
};
