import {
  type AudioLinksResponse,
  type AudioProvider,
  type AudioSearchItem,
  type AudioSearchQuery,
  type AudioType,
  ERROR_CODES,
  INTEGRATION_ERROR_CODES,
  INVALID_AUDIO_URL_MESSAGE,
  parseAudioUrl,
  type SupportedTypesResponse,
  type VideoSearchQuery,
  type VideoSearchResponse,
} from '@josie/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { OEmbedClient } from '../../adapters/oembed.js';
import { ProviderError, providerAppError } from '../../adapters/provider-http.js';
import type { SpotifyClient } from '../../adapters/spotify.js';
import type { YouTubeClient } from '../../adapters/youtube.js';
import { AppError, errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { LinksService } from '../links/index.js';
import type { ProviderTokens } from '../oauth/index.js';
import { presentLinkedItem, presentSpotifyItem, presentVideo, presentYouTubeAudio } from './presenter.js';

/** Searches per user per minute: the search boxes send one request per pause in typing (500 ms). */
export const SEARCHES_PER_MINUTE = 60;

/** What each audio provider can search (docs/product/README.md#what-josie-is, docs/product/routes-and-roles.md#api): YouTube has videos (tracks) and playlists. */
export const SUPPORTED_TYPES: Record<AudioProvider, Record<AudioType, boolean>> = {
  spotify: { track: true, album: true, playlist: true },
  youtube: { track: true, album: false, playlist: true },
};

const LABELS: Record<AudioProvider, string> = { spotify: 'Spotify', youtube: 'YouTube' };

/** The provider named in a path or query. @throws AppError 400 'Unsupported provider' (docs/product/messages.md#media). */
function audioProvider(name: string): AudioProvider {
  if (name === 'spotify' || name === 'youtube') return name;
  throw errors.badRequest('Unsupported provider', ERROR_CODES.UNSUPPORTED_PROVIDER);
}

const notConfigured = (what: string) =>
  new AppError(503, INTEGRATION_ERROR_CODES.NOT_CONFIGURED, `${what} is not configured on this server`);

/**
 * Audio and video search and link lookups. docs/product/rules-and-limits.md#audio-links,
 * docs/product/routes-and-roles.md#api, docs/product/messages.md#media;
 * docs/product/rules-and-limits.md#media. Spotify searches with the signed-in user's own token when they
 * connected Spotify (refreshed when expired), else with this server's client-credentials token; YouTube with
 * the server's API key.
 */
export function createAudioService(deps: {
  spotify: SpotifyClient | null;
  youtube: YouTubeClient | null;
  /** The link resolver: maps links of other services to a Spotify or YouTube item (decision 0022). */
  links: Pick<LinksService, 'counterpartOnPlayers' | 'preview'>;
  oembed: OEmbedClient;
  tokens: ProviderTokens;
  log: FastifyBaseLogger;
}) {
  const { spotify, youtube, links, oembed, tokens, log } = deps;

  /**
   * A Spotify search. A refused token is retried once with a fresh one (the user's refreshed, or a new
   * client-credentials token); refused again it is 401 PROVIDER_AUTH, so the web app starts the Spotify
   * sign-in, after which searches use the person's own token.
   */
  async function searchSpotify(actor: AuthUser, query: string, type: AudioType): Promise<AudioSearchItem[]> {
    if (!spotify) throw notConfigured('Spotify search');
    const client = spotify;
    // A refused client id and secret is this server's problem, not the person's: 503, not 401.
    const appToken = () =>
      client.appAccessToken().catch((err: unknown) => {
        throw providerAppError(err, { userToken: false });
      });
    const userToken = await tokens.getAccessToken(actor.id, 'spotify');
    const search = async (token: string) => (await client.search(query, type, token)).map(presentSpotifyItem);
    try {
      try {
        return await search(userToken ?? (await appToken()));
      } catch (err) {
        if (!(err instanceof ProviderError && err.kind === 'auth')) throw err;
        let fresh: string | null = null;
        if (userToken) fresh = await tokens.getAccessToken(actor.id, 'spotify', { forceRefresh: true });
        else client.forgetAppToken();
        return await search(fresh ?? (await appToken()));
      }
    } catch (err) {
      throw providerAppError(err);
    }
  }

  async function searchYouTube(query: string, type: AudioType): Promise<AudioSearchItem[]> {
    if (!youtube) throw notConfigured('YouTube search');
    try {
      const items = await youtube.search(query, type === 'playlist' ? 'playlist' : 'video', { music: true });
      return items.map(presentYouTubeAudio);
    } catch (err) {
      throw providerAppError(err, { userToken: false });
    }
  }

  return {
    /**
     * `GET /api/audio/supported-types/{provider}`.
     * @throws AppError 400 'Unsupported provider'.
     */
    supportedTypes(provider: string): SupportedTypesResponse {
      return { supportedTypes: SUPPORTED_TYPES[audioProvider(provider)] };
    },

    /**
     * `GET /api/audio/search`: up to 10 Spotify or 20 YouTube results.
     * @throws AppError 400 (unsupported provider or type), 401 PROVIDER_AUTH, 502/503 (provider failures),
     *   503 NOT_CONFIGURED.
     */
    async search(actor: AuthUser, q: AudioSearchQuery): Promise<{ items: AudioSearchItem[] }> {
      const provider = audioProvider(q.provider);
      if (!SUPPORTED_TYPES[provider][q.type]) {
        throw errors.badRequest(
          `${LABELS[provider]} does not support ${q.type} search`,
          ERROR_CODES.UNSUPPORTED_TYPE,
        );
      }
      const items =
        provider === 'spotify'
          ? await searchSpotify(actor, q.query, q.type)
          : await searchYouTube(q.query, q.type);
      return { items };
    },

    /**
     * `GET /api/audio/url-details`: the item a Spotify or YouTube link names, parsed locally
     * (docs/product/differences.md#audio-links) and described by the provider's oEmbed. When the provider
     * cannot be reached the parsed item is still answered, with an empty name and no image, so the embed
     * works. A link of Apple Music, Deezer, Tidal, SoundCloud, YouTube Music or Amazon Music is answered as
     * the Spotify (else YouTube) item the link resolver maps it to
     * (docs/decisions/0022-listen-on-your-own-service.md).
     *
     * @throws AppError 400 `INVALID_AUDIO_URL` with the message of docs/product/messages.md ('Please paste a
     *   Spotify track, album or playlist link, or a YouTube link'), also for another service's link the
     *   resolver cannot map.
     */
    async urlDetails(url: string): Promise<AudioSearchItem> {
      const ref = parseAudioUrl(url) ?? parseAudioUrl((await links.counterpartOnPlayers(url)) ?? '');
      if (!ref) throw errors.badRequest(INVALID_AUDIO_URL_MESSAGE, ERROR_CODES.INVALID_AUDIO_URL);
      const described = await oembed.lookup(ref.provider, ref.url).catch((err: unknown) => {
        log.info({ err, url: ref.url }, 'oEmbed lookup failed; answering the parsed item');
        return null;
      });
      return presentLinkedItem(ref, described);
    },

    /**
     * `GET /api/audio/links?url=`: the editor's preview of an item's links on other platforms, title, artist
     * and artwork (docs/decisions/0022-listen-on-your-own-service.md). Never fails for a provider: without a
     * resolver, or when it does not answer in time, the original link only.
     */
    async links(url: string): Promise<AudioLinksResponse> {
      return { data: await links.preview(url) };
    },

    /**
     * `GET /api/video/search`: YouTube videos or playlists as `video` paragraph content.
     * @throws AppError 503 NOT_CONFIGURED without `YOUTUBE_API_KEY`; 502/503 for provider failures.
     */
    async searchVideos(q: VideoSearchQuery): Promise<VideoSearchResponse> {
      if (!youtube) throw notConfigured('YouTube search');
      try {
        return { items: (await youtube.search(q.query, q.type)).map(presentVideo) };
      } catch (err) {
        throw providerAppError(err, { userToken: false });
      }
    },
  };
}
export type AudioService = ReturnType<typeof createAudioService>;
