import {
  ERROR_CODES,
  IMAGE_UPLOAD_MESSAGES,
  type ImageProvider,
  type ImageProviderInfo,
  type ImageSearchItem,
  type ImageSearchQuery,
  type ImageSearchResponse,
  INTEGRATION_ERROR_CODES,
} from '@josie/contract';
import type { OpenverseClient } from '../../adapters/openverse.js';
import { OPENVERSE_MAX_PAGE_SIZE } from '../../adapters/openverse.js';
import type { PixabayClient } from '../../adapters/pixabay.js';
import { providerAppError } from '../../adapters/provider-http.js';
import { AppError, errors } from '../../lib/errors.js';
import { checkUrlShape, SafeFetchError, type SafeFetcher } from '../../lib/ssrf.js';
import type { AuthUser } from '../../plugins/auth.js';
import { presentOpenverseImage, presentPixabayHit } from './presenter.js';
import type { ImageStore } from './store.js';

/** The page each provider asks to be credited with (docs/product/rules-and-limits.md#media). */
const ATTRIBUTION_URLS: Record<ImageProvider, string> = {
  pixabay: 'https://pixabay.com/',
  openverse: 'https://openverse.org/',
};

const codes = INTEGRATION_ERROR_CODES;

/**
 * The spec's answer to each failure of an image URL (docs/product/rules-and-limits.md#image-links, in order):
 * the shape rules 1-5, then the time-out (6), not an image (7), too large (8); plus the refusals of the SSRF
 * guard.
 */
export function imageUrlError(err: SafeFetchError): AppError {
  switch (err.reason) {
    case 'empty':
    case 'invalid_url':
    case 'not_https':
    case 'invalid_domain':
    case 'no_file_path':
      return errors.badRequest(err.message, ERROR_CODES.INVALID_IMAGE_URL);
    case 'timeout':
      return new AppError(504, codes.TIMEOUT, 'Image loading timed out...');
    case 'too_large':
      return errors.tooLarge('Image is too large (maximum size is 5MB)');
    case 'blocked_address':
      return errors.badRequest(
        'This URL points to a private or local network address and cannot be used',
        codes.URL_NOT_ALLOWED,
      );
    case 'dns_failed':
      return errors.badRequest(
        'The image could not be downloaded: its domain was not found',
        codes.IMAGE_FETCH_FAILED,
      );
    case 'too_many_redirects':
      return errors.badRequest(
        'The image could not be downloaded: the URL redirects too many times',
        codes.IMAGE_FETCH_FAILED,
      );
    case 'http_status':
      return errors.badRequest(
        `The image could not be downloaded (the server answered ${err.status ?? 'an error'})`,
        codes.IMAGE_FETCH_FAILED,
      );
    case 'connection_failed':
      return errors.badRequest(
        'The image could not be downloaded: the server could not be reached',
        codes.IMAGE_FETCH_FAILED,
      );
  }
}

/**
 * Image search (Pixabay with a key, Openverse without:
 * docs/product/differences.md#image-search-and-ai-images), uploads and imports from a URL.
 * docs/product/rules-and-limits.md#media (Image URL, Image upload, search term),
 * docs/product/routes-and-roles.md#api, docs/product/rules-and-limits.md#constants.
 */
export function createImagesService(deps: {
  pixabay: PixabayClient | null;
  openverse: OpenverseClient;
  fetcher: SafeFetcher;
  store: ImageStore;
}) {
  const { pixabay, openverse, fetcher, store } = deps;

  const pixabayOrFail = (): PixabayClient => {
    if (!pixabay) {
      throw new AppError(503, codes.NOT_CONFIGURED, 'Pixabay image search is not configured on this server');
    }
    return pixabay;
  };

  /**
   * Downloads the image behind `url` with the SSRF guard (https only, public addresses only, after DNS
   * and after every redirect; 10 s; 5 MB), without decoding it: `POST /api/images/upload-url`, and the
   * josies module's copies of linked images (docs/decisions/0036-media-limits-and-provenance.md).
   * @throws AppError 400 (the rules of docs/product/rules-and-limits.md#image-links in order, refused
   * addresses, download failures), 504 (time-out), 413 (over 5 MB).
   */
  async function download(url: string): Promise<Buffer> {
    try {
      const checked = checkUrlShape(url, { requireFilePath: true });
      return (await fetcher.fetch(checked)).bytes;
    } catch (err) {
      if (err instanceof SafeFetchError) throw imageUrlError(err);
      throw err;
    }
  }

  return {
    /** `GET /api/images/providers`: Pixabay (the default, when configured) then Openverse. */
    providers(): ImageProviderInfo[] {
      const list: ImageProviderInfo[] = [];
      if (pixabay) list.push({ name: 'pixabay', attributionUrl: ATTRIBUTION_URLS.pixabay });
      list.push({ name: 'openverse', attributionUrl: ATTRIBUTION_URLS.openverse });
      return list;
    },

    /**
     * `GET /api/images/search`: one page of results with the pagination the dialog shows as 'page X of Y'.
     * @throws AppError 400 'Please enter a search term'; 503 NOT_CONFIGURED for Pixabay without a key;
     *   502/503 for provider failures.
     */
    async search(q: ImageSearchQuery): Promise<ImageSearchResponse> {
      if (!q.query) throw errors.badRequest('Please enter a search term');
      const params = {
        query: q.query,
        page: q.page,
        perPage: q.perPage,
        imageType: q.imageType,
        safeSearch: q.safeSearch,
      };
      try {
        if (q.provider === 'pixabay') {
          const res = await pixabayOrFail().search(params);
          return {
            images: res.hits.map(presentPixabayHit),
            pagination: {
              page: q.page,
              perPage: q.perPage,
              total: res.totalHits,
              totalPages: Math.ceil(res.totalHits / q.perPage),
            },
          };
        }
        const res = await openverse.search(params);
        return {
          images: res.results.map(presentOpenverseImage),
          pagination: {
            page: q.page,
            perPage: Math.min(q.perPage, OPENVERSE_MAX_PAGE_SIZE),
            total: res.result_count,
            totalPages: res.page_count,
          },
        };
      } catch (err) {
        throw providerAppError(err, { userToken: false });
      }
    },

    /**
     * `GET /api/images/{id}?provider=`: one image.
     * @throws AppError 404 'Image not found'; 503 NOT_CONFIGURED; 502/503 for provider failures.
     */
    async get(id: string, provider: ImageProvider): Promise<ImageSearchItem> {
      try {
        const item =
          provider === 'pixabay'
            ? await pixabayOrFail()
                .get(id)
                .then((h) => (h ? presentPixabayHit(h) : null))
            : await openverse.get(id).then((i) => (i ? presentOpenverseImage(i) : null));
        if (!item) throw errors.notFound('Image not found');
        return item;
      } catch (err) {
        throw providerAppError(err, { userToken: false, notFound: 'Image not found' });
      }
    },

    /**
     * `POST /api/images/upload`: stores the first uploaded file as a josie image.
     * @throws AppError 400 `INVALID_IMAGE` 'No valid images were found' when it does not decode; 413 for too
     *   many pixels.
     */
    async upload(actor: AuthUser, bytes: Buffer): Promise<{ urls: string[] }> {
      try {
        return { urls: [await store.save(actor.id, bytes)] };
      } catch (err) {
        if (err instanceof AppError && err.code === codes.INVALID_IMAGE) {
          throw errors.badRequest(IMAGE_UPLOAD_MESSAGES.noValidImages, codes.INVALID_IMAGE);
        }
        throw err;
      }
    },

    download,

    /**
     * `POST /api/images/upload-url`: {@link download}s the image behind `url` and stores our copy.
     * @throws AppError as {@link download}; 400 `INVALID_IMAGE` when it is not an image.
     */
    async importFromUrl(actor: AuthUser, url: string): Promise<{ url: string }> {
      const bytes = await download(url);
      try {
        return { url: await store.save(actor.id, bytes) };
      } catch (err) {
        if (err instanceof AppError && err.code === codes.INVALID_IMAGE) {
          throw errors.badRequest('The URL does not contain a valid image', codes.INVALID_IMAGE);
        }
        throw err;
      }
    },
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
