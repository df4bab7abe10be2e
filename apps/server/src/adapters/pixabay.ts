/**
 * Pixabay image search (`https://pixabay.com/api/`, needs `PIXABAY_API_KEY`). Shapes follow Pixabay's API
 * documentation; the base URL is configurable (docs/product/data-and-config.md#configuration). Pixabay asks
 * that images be downloaded to the using site rather than hot-linked: the editor imports a chosen image with
 * `POST /api/images/upload-url`.
 */
import type { ImageType } from '@josie/contract';
import { z } from 'zod';
import { ProviderError, providerJson } from './provider-http.js';

const NAME = 'Pixabay';

/** Where Pixabay lives and our key. */
export interface PixabayConfig {
  apiKey: string;
  /** `https://pixabay.com/api` */
  baseUrl: string;
}

/** One hit of Pixabay's image API (the fields we read). */
export const PixabayHit = z.object({
  id: z.number().int(),
  pageURL: z.string(),
  tags: z.string().default(''),
  previewURL: z.string(),
  webformatURL: z.string(),
  largeImageURL: z.string(),
  imageWidth: z.number().int(),
  imageHeight: z.number().int(),
  user: z.string().default(''),
});
export type PixabayHit = z.infer<typeof PixabayHit>;

/** `total` counts every match; `totalHits` those the API lets one page through (at most 500). */
const SearchResponse = z.object({
  total: z.number().int(),
  totalHits: z.number().int(),
  hits: z.array(PixabayHit),
});
export type PixabaySearchResponse = z.infer<typeof SearchResponse>;

/** Pixabay answers errors as plain text, e.g. `[ERROR 400] Invalid or missing API key`. */
function classify(status: number, body: unknown): 'auth' | 'not_found' | undefined {
  const text = typeof body === 'string' ? body : '';
  if ((status === 400 || status === 401) && /api key/i.test(text)) return 'auth';
  if (status === 400 && /out of valid range/i.test(text)) return 'not_found';
  return undefined;
}

/** Search parameters. */
export interface PixabaySearch {
  query: string;
  page: number;
  perPage: number;
  imageType: ImageType;
  safeSearch: boolean;
}

/** A Pixabay client. */
export function createPixabayClient(cfg: PixabayConfig) {
  const endpoint = () => {
    const url = new URL(`${cfg.baseUrl}/`);
    url.searchParams.set('key', cfg.apiKey);
    return url;
  };
  return {
    /**
     * One page of results. A page past the last one answers no hits (Pixabay itself answers 400).
     * @throws ProviderError (`auth` for a refused key).
     */
    async search(s: PixabaySearch): Promise<PixabaySearchResponse> {
      const url = endpoint();
      url.searchParams.set('q', s.query);
      url.searchParams.set('image_type', s.imageType);
      url.searchParams.set('safesearch', String(s.safeSearch));
      url.searchParams.set('page', String(s.page));
      url.searchParams.set('per_page', String(s.perPage));
      try {
        return await providerJson(NAME, url, SearchResponse, { classify });
      } catch (err) {
        if (err instanceof ProviderError && err.kind === 'not_found')
          return { total: 0, totalHits: 0, hits: [] };
        throw err;
      }
    },

    /**
     * One image by id, or null when Pixabay does not know it.
     * @throws ProviderError (`auth` for a refused key).
     */
    async get(id: string): Promise<PixabayHit | null> {
      if (!/^\d+$/.test(id)) return null;
      const url = endpoint();
      url.searchParams.set('id', id);
      try {
        const body = await providerJson(NAME, url, SearchResponse, {
          classify: (status, b) => classify(status, b) ?? (status === 400 ? 'not_found' : undefined),
        });
        return body.hits[0] ?? null;
      } catch (err) {
        if (err instanceof ProviderError && err.kind === 'not_found') return null;
        throw err;
      }
    },
  };
}
export type PixabayClient = ReturnType<typeof createPixabayClient>;
