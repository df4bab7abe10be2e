import { endpoints } from '@josie/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { presentedJson } from '../../lib/serializers.js';

/**
 * Search, public (docs/decisions/0021-search-in-postgresql.md): `GET /api/search/josies` answers the feed's
 * `{data: {posts, hasMore, nextCursor}}`, `GET /api/search/curators` `{data: {curators, hasMore,
 * nextCursor}}`, without the accounts a signed-in reader blocked or that blocked them (decision 0048); 400
 * for a query over 100 characters or a cursor this server did not write. Both count
 * against one per-address limit (`RATE_LIMIT_SEARCH_MAX` a minute, 429 past it), like the other
 * anonymous reads that cost the database work.
 */
export const searchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const search = ctx.services.search;
  const perIp = app.rateLimit({
    max: ctx.config.rateLimit.searchMax,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `search:${request.ip}`,
  });

  route(
    app,
    endpoints.searchJosies,
    { preHandler: perIp, serializerCompiler: presentedJson },
    async (request) => search.searchJosies(request.user ?? null, request.query),
  );

  route(app, endpoints.searchCurators, { preHandler: perIp }, async (request) =>
    search.searchCurators(request.user ?? null, request.query),
  );
};
