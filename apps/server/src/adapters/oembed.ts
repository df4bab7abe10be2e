/**
 * oEmbed lookups (oembed.com) of Spotify and YouTube links: the public, key-less way to learn an item's
 * title, thumbnail and author from its URL. Spotify: `https://open.spotify.com/oembed?url=`; YouTube:
 * `https://www.youtube.com/oembed?url=&format=json`. Endpoints are configurable
 * (docs/product/data-and-config.md#configuration).
 */
import { z } from 'zod';
import { providerJson } from './provider-http.js';

/** The oEmbed fields we read (oEmbed 1.0 §2.3.4). */
export const OEmbedResponse = z.object({
  title: z.string().optional(),
  author_name: z.string().optional(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().optional(),
  thumbnail_height: z.number().optional(),
  provider_name: z.string().optional(),
});
export type OEmbedResponse = z.infer<typeof OEmbedResponse>;

/** oEmbed lookups are a nicety (the embed works without them), so they get a short deadline. */
export const OEMBED_TIMEOUT_MS = 5000;

/** oEmbed endpoints per provider. */
export interface OEmbedEndpoints {
  spotify: string;
  youtube: string;
}

/** An oEmbed client over the two providers' endpoints. */
export function createOEmbedClient(endpoints: OEmbedEndpoints) {
  return {
    /**
     * The oEmbed description of `url` at `provider`.
     * @throws ProviderError when the provider cannot be reached, refuses (YouTube answers 401 for items
     *   that may not be embedded, 404 for unknown ones) or answers something else.
     */
    async lookup(provider: 'spotify' | 'youtube', url: string): Promise<OEmbedResponse> {
      const endpoint = new URL(endpoints[provider]);
      endpoint.searchParams.set('url', url);
      endpoint.searchParams.set('format', 'json');
      return providerJson(provider === 'spotify' ? 'Spotify' : 'YouTube', endpoint, OEmbedResponse, {
        timeoutMs: OEMBED_TIMEOUT_MS,
      });
    },
  };
}
export type OEmbedClient = ReturnType<typeof createOEmbedClient>;
