import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';
import { SEARCHES_PER_MINUTE } from './service.js';

/**
 * Audio search and link lookups, and video search. docs/product/routes-and-roles.md#api,
 * docs/product/messages.md#media; docs/product/rules-and-limits.md#media. Search and lookups are for the
 * roles that write josies; which types a provider supports is public.
 */
export const audioRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = ctx.services.audio;
  const perUser = app.rateLimit({
    max: SEARCHES_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req) => `media-search:${req.user?.id ?? req.ip}`,
  });

  route(app, endpoints.audioSupportedTypes, {}, async (request) =>
    service.supportedTypes(request.params.provider),
  );

  route(
    app,
    endpoints.audioSearch,
    {
      preHandler: perUser,
    },
    async (request) => service.search(actor(request), request.query),
  );

  route(
    app,
    endpoints.audioUrlDetails,
    {
      preHandler: perUser,
    },
    async (request) => service.urlDetails(request.query.url),
  );

  route(
    app,
    endpoints.audioLinks,
    {
      preHandler: perUser,
    },
    async (request) => service.links(request.query.url),
  );

  route(
    app,
    endpoints.videoSearch,
    {
      preHandler: perUser,
    },
    async (request) => service.searchVideos(request.query),
  );
};
