/**
 * Openverse image search (`https://api.openverse.org/v1`), openly licensed images with no key needed
 * (anonymous requests: at most 20 per page and a limited depth). Shapes follow the Openverse API reference;
 * the base URL is configurable (docs/product/data-and-config.md#configuration,
 * docs/product/differences.md#image-search-and-ai-images).
 */
import type { ImageType } from '@josie/contract';
import { z } from 'zod';
import { ProviderError, providerJson } from './provider-http.js';

const NAME = 'Openverse';

/** Largest page an anonymous client may ask for. */
export const OPENVERSE_MAX_PAGE_SIZE = 20;

/** One image of Openverse's API (the fields we read). */
export const OpenverseImage = z.object({
  id: z.string(),
  title: z.string().nullable().optional(),
  foreign_landing_url: z.string().nullable().optional(),
  url: z.string(),
  creator: z.string().nullable().optional(),
  license: z.string(),
  license_version: z.string().nullable().optional(),
  license_url: z.string().nullable().optional(),
  provider: z.string().nullable().optional(),
  attribution: z.string().nullable().optional(),
  tags: z
    .array(z.object({ name: z.string() }))
    .nullable()
    .optional(),
  width: z.number().int().nullable().optional(),
  height: z.number().int().nullable().optional(),
  thumbnail: z.string().nullable().optional(),
});
export type OpenverseImage = z.infer<typeof OpenverseImage>;

/** `result_count` counts every match; `page_count` the pages one may browse. */
const SearchResponse = z.object({
  result_count: z.number().int(),
  page_count: z.number().int(),
  page: z.number().int().optional(),
  results: z.array(OpenverseImage),
});
export type OpenverseSearchResponse = z.infer<typeof SearchResponse>;

/** Our image types as Openverse categories (it has no vectors: those read as illustrations). */
const CATEGORY: Record<ImageType, string | null> = {
  all: null,
  photo: 'photograph',
  illustration: 'illustration',
  vector: 'illustration',
};

/** Search parameters. */
export interface OpenverseSearch {
  query: string;
  page: number;
  perPage: number;
  imageType: ImageType;
  safeSearch: boolean;
}

/** An Openverse client. */
export function createOpenverseClient(cfg: { baseUrl: string }) {
  return {
    /**
     * One page of results. A page past the browsable depth answers no results (Openverse answers 400).
     * @throws ProviderError.
     */
    async search(s: OpenverseSearch): Promise<OpenverseSearchResponse> {
      const url = new URL(`${cfg.baseUrl}/images/`);
      url.searchParams.set('q', s.query);
      url.searchParams.set('page', String(s.page));
      url.searchParams.set('page_size', String(Math.min(s.perPage, OPENVERSE_MAX_PAGE_SIZE)));
      url.searchParams.set('mature', String(!s.safeSearch));
      const category = CATEGORY[s.imageType];
      if (category) url.searchParams.set('category', category);
      try {
        return await providerJson(NAME, url, SearchResponse);
      } catch (err) {
        if (err instanceof ProviderError && err.status === 400 && s.page > 1) {
          return { result_count: 0, page_count: 0, results: [] };
        }
        throw err;
      }
    },

    /**
     * One image by id, or null when Openverse does not know it.
     * @throws ProviderError.
     */
    async get(id: string): Promise<OpenverseImage | null> {
      if (!/^[0-9a-fA-F-]{36}$/.test(id)) return null;
      try {
        return await providerJson(NAME, `${cfg.baseUrl}/images/${id}/`, OpenverseImage);
      } catch (err) {
        if (err instanceof ProviderError && err.kind === 'not_found') return null;
        throw err;
      }
    },
  };
}
export type OpenverseClient = ReturnType<typeof createOpenverseClient>;
