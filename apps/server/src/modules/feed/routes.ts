import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { presentedJson } from '../../lib/serializers.js';
import { actor } from '../../plugins/auth.js';
import { sendSerialized } from '../../reads/read-caches.js';

/**
 * Feeds, 20 josies a page with an opaque `cursor` (docs/product/routes-and-roles.md#api,
 * docs/product/differences.md#feed-content, docs/product/differences.md#saved-josies). Each answers `{data:
 * {posts, hasMore, nextCursor}}`; 400 for a cursor this server did not write.
 */
export const feedRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const feed = ctx.services.feed;

  route(
    app,
    endpoints.getFeed,
    {
      serializerCompiler: presentedJson,
    },
    async (request, reply) => {
      const viewer = actor(request);
      if (request.query.cursor) return feed.following(viewer, request.query);
      // The first page, by far the most read, comes from the read cache (docs/performance.md; see ReadCaches
      // for what drops it: publications of followed curators, the reader's follows, likes and saves, likes of
      // the josies it shows).
      const body = await ctx.services.reads.firstFeedPage(viewer, () =>
        feed.following(viewer, request.query),
      );
      return sendSerialized(reply, body);
    },
  );

  route(
    app,
    endpoints.getCuratorFeed,
    {
      serializerCompiler: presentedJson,
    },
    async (request) => feed.curator(actor(request), request.params.curatorId, request.query),
  );

  route(
    app,
    endpoints.getSavedFeed,
    {
      serializerCompiler: presentedJson,
    },
    async (request) => feed.saved(actor(request), request.query),
  );
};
