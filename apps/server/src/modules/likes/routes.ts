import { LikeResponse, PathIdParams, SaveResponse } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { actor } from '../../plugins/auth.js';

/**
 * Like and save toggles on a published josie (spec 000 §7; DESIGN §5, §9.15). Signed-in users only; the
 * saved list itself is `GET /api/josies/saved` in the feed module.
 */
export const likesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const likes = ctx.services.likes;

  app.post(
    '/api/josies/:id/like',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['likes'], params: PathIdParams, response: { 200: LikeResponse } },
    },
    async (request) => likes.toggleLike(actor(request), request.params.id),
  );

  app.post(
    '/api/josies/:id/save',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['likes'], params: PathIdParams, response: { 200: SaveResponse } },
    },
    async (request) => likes.toggleSave(actor(request), request.params.id),
  );
};
