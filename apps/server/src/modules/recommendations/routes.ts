import { RecommendationsQuery, RecommendationsResponse } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { actor } from '../../plugins/auth.js';

/**
 * `GET /api/recommendations/curators?limit=&strategy=random|popular|genre&exclude=a,b` (spec 000 §7,
 * spec 001 §7): `{recommendations: CuratorRecommendation[]}`. Signed-in users only.
 */
export const recommendationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const recommendations = ctx.services.recommendations;

  app.get(
    '/api/recommendations/curators',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['recommendations'],
        querystring: RecommendationsQuery,
        response: { 200: RecommendationsResponse },
      },
    },
    async (request) => recommendations.curators(actor(request), request.query),
  );
};
