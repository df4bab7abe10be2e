import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';

/**
 * `GET /api/recommendations/curators?limit=&strategy=random|popular|genre&exclude=a,b`
 * (docs/product/routes-and-roles.md#api, docs/product/routes-and-roles.md#api): `{recommendations:
 * CuratorRecommendation[]}`. Signed-in users only.
 */
export const recommendationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const recommendations = ctx.services.recommendations;

  route(app, endpoints.recommendedCurators, {}, async (request) =>
    recommendations.curators(actor(request), request.query),
  );
};
