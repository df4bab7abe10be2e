import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';

/**
 * `GET /api/recommendations/curators?limit=&strategy=random|popular|genre&exclude=a,b`
 * (docs/product/routes-and-roles.md#api, docs/product/routes-and-roles.md#api): `{recommendations:
 * CuratorRecommendation[]}`. Visitors too, for the curator profile's suggestions
 * (docs/decisions/0045-public-curator-profiles.md).
 */
export const recommendationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const recommendations = ctx.services.recommendations;

  route(app, endpoints.recommendedCurators, {}, async (request) =>
    recommendations.curators(request.user, request.query),
  );
};
