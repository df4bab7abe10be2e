import { CuratorsFeedQuery, CuratorsFeedResponse } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { createCuratorsService } from './service.js';

/**
 * `GET /api/users/curators/feed` (spec 000 §7): the home strip's curator cards `{curators: CuratorCard[]}`.
 * Public, so the strip can render for anyone the home screen shows it to.
 */
export const curatorsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const curators = createCuratorsService({ db: ctx.db });

  app.get(
    '/api/users/curators/feed',
    {
      config: { access: 'public' },
      schema: { tags: ['curators'], querystring: CuratorsFeedQuery, response: { 200: CuratorsFeedResponse } },
    },
    async (request) => curators.feed(request.query),
  );
};
