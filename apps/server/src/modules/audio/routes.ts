import {
  AudioProviderParams,
  AudioSearchItem,
  AudioSearchQuery,
  AudioSearchResponse,
  AudioUrlDetailsQuery,
  MEDIA_AUTHOR_ROLES,
  SupportedTypesResponse,
  VideoSearchQuery,
  VideoSearchResponse,
} from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { actor } from '../../plugins/auth.js';
import { SEARCHES_PER_MINUTE } from './service.js';

/**
 * Audio search and link lookups, and video search. Spec 001 §7 (Audio), §8; issue 7. Search and lookups
 * are for the roles that write josies; which types a provider supports is public.
 */
export const audioRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = ctx.services.audio;
  const perUser = app.rateLimit({
    max: SEARCHES_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req) => `media-search:${req.user?.id ?? req.ip}`,
  });
  const authors = { access: MEDIA_AUTHOR_ROLES };

  app.get(
    '/api/audio/supported-types/:provider',
    {
      config: { access: 'public' },
      schema: { tags: ['audio'], params: AudioProviderParams, response: { 200: SupportedTypesResponse } },
    },
    async (request) => service.supportedTypes(request.params.provider),
  );

  app.get(
    '/api/audio/search',
    {
      config: authors,
      preHandler: perUser,
      schema: { tags: ['audio'], querystring: AudioSearchQuery, response: { 200: AudioSearchResponse } },
    },
    async (request) => service.search(actor(request), request.query),
  );

  app.get(
    '/api/audio/url-details',
    {
      config: authors,
      preHandler: perUser,
      schema: { tags: ['audio'], querystring: AudioUrlDetailsQuery, response: { 200: AudioSearchItem } },
    },
    async (request) => service.urlDetails(request.query.url),
  );

  app.get(
    '/api/video/search',
    {
      config: authors,
      preHandler: perUser,
      schema: { tags: ['video'], querystring: VideoSearchQuery, response: { 200: VideoSearchResponse } },
    },
    async (request) => service.searchVideos(request.query),
  );
};
