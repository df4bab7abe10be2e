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

  // Both answer the JSON the service wrote (shared serialized josies with the reader's marks appended;
  // docs/decisions/0027-home-timelines.md), sent as it is.
  route(
    app,
    endpoints.getFeed,
    {
      serializerCompiler: presentedJson,
    },
    async (request, reply) => sendSerialized(reply, await feed.following(actor(request), request.query)),
  );

  route(
    app,
    endpoints.getCuratorFeed,
    {
      serializerCompiler: presentedJson,
    },
    async (request, reply) =>
      sendSerialized(reply, await feed.curator(request.user, request.params.curatorId, request.query)),
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
