import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { presentedJson } from '../../lib/serializers.js';
import { sendSerialized } from '../../reads/read-caches.js';

/**
 * `GET /api/users/curators/feed` (docs/product/routes-and-roles.md#api): the home strip's curator cards
 * `{curators: CuratorCard[]}`. Public, so the strip can render for anyone the home screen shows it to.
 * Answered from the read cache (`ReadCaches.curatorStrip`: the same for everyone).
 */
export const curatorsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const curators = ctx.services.curators;

  route(
    app,
    endpoints.curatorsFeed,
    {
      serializerCompiler: presentedJson,
    },
    async (request, reply) =>
      sendSerialized(
        reply,
        await ctx.services.reads.curatorStrip(request.query.limit, () => curators.feed(request.query)),
      ),
  );
};
