/**
 * The YouTube Data API v3 `search.list` endpoint with this server's API key (`YOUTUBE_API_KEY`), for audio
 * search (videos as tracks, playlists) and video search. Shapes follow Google's reference; the base URL is
 * configurable (docs/product/data-and-config.md#configuration).
 */
import { decodeHTML } from 'entities';
import { z } from 'zod';
import { ProviderError, providerJson } from './provider-http.js';

const NAME = 'YouTube';

/** Where the API lives and our key. */
export interface YouTubeConfig {
  apiKey: string;
  /** `https://www.googleapis.com/youtube/v3` */
  apiBaseUrl: string;
}

const Thumbnail = z.object({
  url: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export type YouTubeThumbnail = z.infer<typeof Thumbnail>;

const SearchResult = z.object({
  id: z.object({
    kind: z.string(),
    videoId: z.string().optional(),
    playlistId: z.string().optional(),
  }),
  snippet: z.object({
    title: z.string(),
    channelTitle: z.string().default(''),
    thumbnails: z
      .object({ default: Thumbnail.optional(), medium: Thumbnail.optional(), high: Thumbnail.optional() })
      .default({}),
  }),
});

const SearchListResponse = z.object({ items: z.array(SearchResult) });

/** A search result with its id resolved and the title's HTML entities decoded. */
export interface YouTubeSearchItem {
  kind: 'video' | 'playlist';
  id: string;
  title: string;
  channelTitle: string;
  thumbnails: { default?: YouTubeThumbnail; medium?: YouTubeThumbnail; high?: YouTubeThumbnail };
}

/** Results per search. */
export const YOUTUBE_SEARCH_LIMIT = 20;

/**
 * Google answers errors as `{error: {code, message, errors: [{reason}]}}`: a 403 with reason
 * `quotaExceeded` or `rateLimitExceeded` is a spent quota, not a refused key.
 */
function classify(status: number, body: unknown): 'quota' | 'auth' | undefined {
  const reasons =
    (body as { error?: { errors?: Array<{ reason?: string }> } } | null)?.error?.errors?.map(
      (e) => e.reason,
    ) ?? [];
  if (status === 403 && reasons.some((r) => r === 'quotaExceeded' || r === 'dailyLimitExceeded'))
    return 'quota';
  if (reasons.includes('keyInvalid') || reasons.includes('keyExpired')) return 'auth';
  return undefined;
}

/** A YouTube Data API client. */
export function createYouTubeClient(cfg: YouTubeConfig) {
  return {
    /**
     * `GET /search?part=snippet&type=video|playlist&q=`. Video searches keep to embeddable videos (they
     * are shown in a player), and with `music` to the Music category (id 10).
     *
     * @throws ProviderError (`auth` for a refused key, `quota` for a spent quota).
     */
    async search(
      query: string,
      kind: 'video' | 'playlist',
      opts: { music?: boolean } = {},
    ): Promise<YouTubeSearchItem[]> {
      const url = new URL(`${cfg.apiBaseUrl}/search`);
      url.searchParams.set('part', 'snippet');
      url.searchParams.set('type', kind);
      url.searchParams.set('q', query);
      url.searchParams.set('maxResults', String(YOUTUBE_SEARCH_LIMIT));
      url.searchParams.set('safeSearch', 'moderate');
      if (kind === 'video') {
        url.searchParams.set('videoEmbeddable', 'true');
        if (opts.music) url.searchParams.set('videoCategoryId', '10');
      }
      url.searchParams.set('key', cfg.apiKey);
      const body = await providerJson(NAME, url, SearchListResponse, { classify });
      const items: YouTubeSearchItem[] = [];
      for (const r of body.items) {
        const id = kind === 'video' ? r.id.videoId : r.id.playlistId;
        if (!id) continue;
        items.push({
          kind,
          id,
          // The API HTML-escapes titles (`&amp;`, `&#39;`).
          title: decodeHTML(r.snippet.title),
          channelTitle: decodeHTML(r.snippet.channelTitle),
          thumbnails: r.snippet.thumbnails,
        });
      }
      if (body.items.length > 0 && items.length === 0) {
        throw new ProviderError(NAME, 'bad_response', `${NAME} answered results without ids`);
      }
      return items;
    },
  };
}
export type YouTubeClient = ReturnType<typeof createYouTubeClient>;
