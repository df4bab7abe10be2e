import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createOEmbedClient } from '../../adapters/oembed.js';
import { createSpotifyClient } from '../../adapters/spotify.js';
import { createYouTubeClient } from '../../adapters/youtube.js';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';
import { oauthContextFor } from '../oauth/tokens.js';
import { createAudioService } from './service.js';

/** Searches per user per minute: the search boxes send one request per pause in typing (500 ms). */
export const SEARCHES_PER_MINUTE = 60;

/**
 * Audio search and link lookups, and video search. Spec 001 §7 (Audio), §8; issue 7. Search and lookups
 * are for the roles that write josies; which types a provider supports is public.
 */
export const audioRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config } = ctx;
  const i = config.integrations;
  const service = createAudioService({
    spotify: config.spotify ? createSpotifyClient({ ...config.spotify, ...i.spotify }) : null,
    youtube: i.youtube.apiKey
      ? createYouTubeClient({ apiKey: i.youtube.apiKey, apiBaseUrl: i.youtube.apiBaseUrl })
      : null,
    oembed: createOEmbedClient({ spotify: i.spotify.oembedUrl, youtube: i.youtube.oembedUrl }),
    tokens: oauthContextFor(ctx).tokens,
    log: app.log,
  });
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
    endpoints.videoSearch,
    {
      preHandler: perUser,
    },
    async (request) => service.searchVideos(request.query),
  );
};
