import { endpoints } from '@josie/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { presentedJson } from '../../lib/serializers.js';
import { sendSerialized } from '../../reads/read-caches.js';

/**
 * The explore page and its genre pages (docs/decisions/0023-explore-and-taste.md), public, at most
 * `RATE_LIMIT_DISCOVERY_MAX` reads a minute per user or, for a visitor, per address
 * (docs/product/rules-and-limits.md#rate-limits). `GET /api/explore` answers `{data: {trending, genres,
 * newCurators}}`; `GET /api/explore/genres/{name}?cursor=` the feed's `{data: {posts, hasMore,
 * nextCursor}}`, 400 for a cursor this server did not write.
 */
export const exploreRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const explore = ctx.services.explore;
  const perClient = app.rateLimit({
    max: ctx.config.rateLimit.discoveryMax,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => `explore:${req.user?.id ?? req.ip}`,
  });

  route(app, endpoints.explore, { preHandler: perClient }, async (request, reply) =>
    sendSerialized(reply, await explore.explore(request.user)),
  );

  route(
    app,
    endpoints.exploreGenre,
    { preHandler: perClient, serializerCompiler: presentedJson },
    async (request) => explore.genre(request.user, request.params.name, request.query),
  );
};
