/**
 * Spotify: the Web API search (with this server's client-credentials token or a user's token), the
 * profile of a signed-in user (`/v1/me`) and the accounts service's endpoints for sign-in. Shapes follow
 * Spotify's Web API reference; base URLs are configurable (docs/product/data-and-config.md#configuration) so
 * tests use a local stand-in.
 */
import type { AudioType } from '@josie/contract';
import { z } from 'zod';
import { ProviderError, providerJson } from './provider-http.js';

const NAME = 'Spotify';

/** Where Spotify lives and who we are to it. */
export interface SpotifyConfig {
  clientId: string;
  clientSecret: string;
  /** `https://accounts.spotify.com` */
  accountsBaseUrl: string;
  /** `https://api.spotify.com` */
  apiBaseUrl: string;
}

/** Spotify's image object. */
export const SpotifyImage = z.object({
  url: z.string(),
  width: z.number().int().nullable().optional(),
  height: z.number().int().nullable().optional(),
});
export type SpotifyImage = z.infer<typeof SpotifyImage>;

const ExternalUrls = z.object({ spotify: z.string().optional() }).optional();
const SimplifiedArtist = z.object({ id: z.string().nullable().optional(), name: z.string() });

/** A track of `GET /v1/search?type=track` (the fields we read). */
export const SpotifyTrack = z.object({
  id: z.string(),
  name: z.string(),
  type: z.literal('track'),
  uri: z.string(),
  external_urls: ExternalUrls,
  artists: z.array(SimplifiedArtist),
  album: z.object({ name: z.string(), images: z.array(SpotifyImage) }),
});
export type SpotifyTrack = z.infer<typeof SpotifyTrack>;

/** A track of `GET /v1/tracks/{id}`: a search track with its external ids (the ISRC). */
export const SpotifyFullTrack = SpotifyTrack.extend({
  external_ids: z.object({ isrc: z.string().optional() }).optional(),
});
export type SpotifyFullTrack = z.infer<typeof SpotifyFullTrack>;

/** An album of `GET /v1/search?type=album`. */
export const SpotifyAlbum = z.object({
  id: z.string(),
  name: z.string(),
  type: z.literal('album'),
  uri: z.string(),
  external_urls: ExternalUrls,
  artists: z.array(SimplifiedArtist),
  images: z.array(SpotifyImage),
  total_tracks: z.number().int().optional(),
});
export type SpotifyAlbum = z.infer<typeof SpotifyAlbum>;

/** A playlist of `GET /v1/search?type=playlist`. */
export const SpotifyPlaylist = z.object({
  id: z.string(),
  name: z.string(),
  type: z.literal('playlist'),
  uri: z.string(),
  external_urls: ExternalUrls,
  images: z.array(SpotifyImage).nullable(),
  owner: z.object({ id: z.string().optional(), display_name: z.string().nullable().optional() }),
  tracks: z.object({ total: z.number().int() }).nullable().optional(),
});
export type SpotifyPlaylist = z.infer<typeof SpotifyPlaylist>;

/** Paging object; Spotify may answer `null` in place of an item it withholds (seen for playlists). */
const paging = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number().int(), items: z.array(item.nullable()) });

const SearchResponse = z.object({
  tracks: paging(SpotifyTrack).optional(),
  albums: paging(SpotifyAlbum).optional(),
  playlists: paging(SpotifyPlaylist).optional(),
});

/** One search result, tagged by its type. */
export type SpotifySearchItem = SpotifyTrack | SpotifyAlbum | SpotifyPlaylist;

/** `GET /v1/me` (with `user-read-email` and `user-read-private`). Spotify does not verify `email`. */
export const SpotifyProfile = z.object({
  id: z.string(),
  display_name: z.string().nullable().optional(),
  email: z.string().optional(),
  images: z.array(SpotifyImage).optional(),
  country: z.string().optional(),
  product: z.string().optional(),
});
export type SpotifyProfile = z.infer<typeof SpotifyProfile>;

const ClientCredentialsToken = z.object({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
});

/** Spotify answers errors as `{error: {status, message}}`; 401 means the token expired or is invalid. */
const classify = (status: number): 'auth' | undefined => (status === 401 ? 'auth' : undefined);

/** Scopes asked at sign-in: the email to find or create the account, and the profile. */
export const SPOTIFY_SCOPES = ['user-read-email', 'user-read-private'];

/** Largest `limit` Spotify's search accepts for every app (newer apps are capped at 10). */
export const SPOTIFY_SEARCH_LIMIT = 10;

/**
 * A Spotify client. The client-credentials token is cached until a minute before it expires and shared by
 * concurrent callers (one token request at a time).
 */
export function createSpotifyClient(cfg: SpotifyConfig) {
  let appToken: { value: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function requestAppToken(): Promise<string> {
    const basic = Buffer.from(`${cfg.clientId}:${cfg.clientSecret}`).toString('base64');
    const token = await providerJson(NAME, `${cfg.accountsBaseUrl}/api/token`, ClientCredentialsToken, {
      form: new URLSearchParams({ grant_type: 'client_credentials' }),
      headers: { authorization: `Basic ${basic}` },
      // The token endpoint answers a refused client with 400 invalid_client: our credentials, not a user's.
      classify: (status, body) =>
        status === 400 || status === 401
          ? (body as { error?: unknown } | null)?.error === 'invalid_client'
            ? 'auth'
            : 'bad_request'
          : undefined,
    });
    appToken = { value: token.access_token, expiresAt: Date.now() + (token.expires_in - 60) * 1000 };
    return token.access_token;
  }

  return {
    /** The OAuth endpoints and scopes for sign-in (authorization code with PKCE). */
    oauth: {
      authorizeUrl: `${cfg.accountsBaseUrl}/authorize`,
      tokenUrl: `${cfg.accountsBaseUrl}/api/token`,
      scopes: SPOTIFY_SCOPES,
    },

    /**
     * This server's own access token (client-credentials flow), cached until shortly before it expires.
     * @throws ProviderError `auth` when Spotify refuses our client id and secret.
     */
    async appAccessToken(): Promise<string> {
      if (appToken && appToken.expiresAt > Date.now()) return appToken.value;
      pending ??= requestAppToken().finally(() => {
        pending = null;
      });
      return pending;
    },

    /** Drops the cached app token (after Spotify refused it). */
    forgetAppToken(): void {
      appToken = null;
    },

    /**
     * `GET /v1/search?q=&type=&limit=`: tracks, albums or playlists for `query`.
     * @param accessToken - the app token or a user's token.
     * @throws ProviderError (`auth` when the token is refused).
     */
    async search(query: string, type: AudioType, accessToken: string): Promise<SpotifySearchItem[]> {
      const url = new URL(`${cfg.apiBaseUrl}/v1/search`);
      url.searchParams.set('q', query);
      url.searchParams.set('type', type);
      url.searchParams.set('limit', String(SPOTIFY_SEARCH_LIMIT));
      const body = await providerJson(NAME, url, SearchResponse, {
        headers: { authorization: `Bearer ${accessToken}` },
        classify,
      });
      const page = type === 'track' ? body.tracks : type === 'album' ? body.albums : body.playlists;
      if (!page) throw new ProviderError(NAME, 'bad_response', `${NAME} answered without ${type}s`);
      return (page.items as Array<SpotifySearchItem | null>).filter(
        (i): i is SpotifySearchItem => i !== null,
      );
    },

    /**
     * `GET /v1/me`: the profile of the user whose token this is.
     * @throws ProviderError (`auth` when the token is refused).
     */
    async me(accessToken: string): Promise<SpotifyProfile> {
      return providerJson(NAME, `${cfg.apiBaseUrl}/v1/me`, SpotifyProfile, {
        headers: { authorization: `Bearer ${accessToken}` },
        classify,
      });
    },

    /**
     * `GET /v1/tracks/{id}`: one track with its ISRC (`external_ids.isrc`), for the link resolver's own match
     * (docs/decisions/0022-listen-on-your-own-service.md).
     * @throws ProviderError (`not_found` for an unknown id, `auth` when the token is refused).
     */
    async track(id: string, accessToken: string): Promise<SpotifyFullTrack> {
      return providerJson(NAME, `${cfg.apiBaseUrl}/v1/tracks/${encodeURIComponent(id)}`, SpotifyFullTrack, {
        headers: { authorization: `Bearer ${accessToken}` },
        classify,
      });
    },
  };
}
export type SpotifyClient = ReturnType<typeof createSpotifyClient>;
