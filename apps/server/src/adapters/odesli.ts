/**
 * Odesli (song.link): `GET /v1-alpha.1/links?url=` answers an item's links on other platforms and its
 * title, artist and artwork (docs/decisions/0022-listen-on-your-own-service.md). Shapes follow Odesli's API
 * documentation; the endpoint is configurable (`ODESLI_API_URL`) so tests use a local stand-in. Keyless use
 * is limited to a few requests a minute: callers pace themselves (modules/links) and a 429 is a
 * `rate_limited` ProviderError.
 */
import { z } from 'zod';
import { providerJson } from './provider-http.js';

const NAME = 'Odesli';

/** One platform's link in `linksByPlatform`. */
const PlatformLink = z.object({
  url: z.string(),
  entityUniqueId: z.string(),
  nativeAppUriMobile: z.string().optional(),
  nativeAppUriDesktop: z.string().optional(),
});

/** One entity of `entitiesByUniqueId` (the fields we read). */
const Entity = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string().optional(),
  artistName: z.string().optional(),
  thumbnailUrl: z.string().optional(),
  apiProvider: z.string(),
  platforms: z.array(z.string()),
});

/** Odesli's answer. */
export const OdesliResponse = z.object({
  entityUniqueId: z.string(),
  userCountry: z.string(),
  pageUrl: z.string(),
  linksByPlatform: z.record(z.string(), PlatformLink),
  entitiesByUniqueId: z.record(z.string(), Entity),
});
export type OdesliResponse = z.infer<typeof OdesliResponse>;

/** What Odesli knows of an item: its links by Odesli's platform name, and the input entity's metadata. */
export interface OdesliItem {
  links: Record<string, string>;
  title: string;
  artistName: string;
  thumbnailUrl: string | null;
}

/** Where Odesli lives; `apiKey` null is keyless use. */
export interface OdesliConfig {
  apiUrl: string;
  apiKey: string | null;
}

/** An Odesli client. */
export function createOdesliClient(cfg: OdesliConfig) {
  return {
    /**
     * The links of the item at `url` (any platform Odesli knows).
     * @param timeoutMs - the deadline (the editor's live preview gives a short one).
     * @throws ProviderError `rate_limited` (429), `not_found`/`bad_request` for an item Odesli does not know,
     *   `unavailable`, `bad_response`.
     */
    async links(url: string, opts: { timeoutMs?: number } = {}): Promise<OdesliItem> {
      const request = new URL(cfg.apiUrl);
      request.searchParams.set('url', url);
      request.searchParams.set('userCountry', 'US');
      if (cfg.apiKey) request.searchParams.set('key', cfg.apiKey);
      const body = await providerJson(NAME, request, OdesliResponse, { timeoutMs: opts.timeoutMs });
      const entity = body.entitiesByUniqueId[body.entityUniqueId];
      const links: Record<string, string> = {};
      // Only https links: each is shown under a platform's name, and a reader opens it as that platform.
      for (const [platform, link] of Object.entries(body.linksByPlatform)) {
        if (URL.canParse(link.url) && new URL(link.url).protocol === 'https:') links[platform] = link.url;
      }
      return {
        links,
        title: entity?.title ?? '',
        artistName: entity?.artistName ?? '',
        thumbnailUrl: entity?.thumbnailUrl ?? null,
      };
    },
  };
}
export type OdesliClient = ReturnType<typeof createOdesliClient>;
