import { CuratorIdParams, FeedQuery, FeedResponse } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { presentedJson } from '../../lib/serializers.js';
import { actor } from '../../plugins/auth.js';
import { sendSerialized } from '../../reads/read-caches.js';

/**
 * Feeds, 20 josies a page with an opaque `cursor` (spec 000 §7; DESIGN §5, §9.8, §9.15). Each answers
 * `{data: {posts, hasMore, nextCursor}}`; 400 for a cursor this server did not write.
 */
export const feedRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const feed = ctx.services.feed;

  app.get(
    '/api/josies/feed',
    {
      config: { access: 'authenticated' },
      serializerCompiler: presentedJson,
      schema: { tags: ['feed'], querystring: FeedQuery, response: { 200: FeedResponse } },
    },
    async (request, reply) => {
      const viewer = actor(request);
      if (request.query.cursor) return feed.following(viewer, request.query);
      // The first page, by far the most read, comes from the read cache (issue 9; see ReadCaches for
      // what drops it: publications of followed curators, the reader's follows, likes and saves, likes of
      // the josies it shows).
      const body = await ctx.services.reads.firstFeedPage(viewer, () =>
        feed.following(viewer, request.query),
      );
      return sendSerialized(reply, body);
    },
  );

  app.get(
    '/api/josies/curator/:curatorId/feed',
    {
      config: { access: 'authenticated' },
      serializerCompiler: presentedJson,
      schema: {
        tags: ['feed'],
        params: CuratorIdParams,
        querystring: FeedQuery,
        response: { 200: FeedResponse },
      },
    },
    async (request) => feed.curator(actor(request), request.params.curatorId, request.query),
  );

  app.get(
    '/api/josies/saved',
    {
      config: { access: 'authenticated' },
      serializerCompiler: presentedJson,
      schema: { tags: ['feed'], querystring: FeedQuery, response: { 200: FeedResponse } },
    },
    async (request) => feed.saved(actor(request), request.query),
  );
};
