import type { ImageSearchItem } from '@josie/contract';
import type { OpenverseImage } from '../../adapters/openverse.js';
import type { PixabayHit } from '../../adapters/pixabay.js';

/** Pixabay's licence summary, linked from every Pixabay credit. */
export const PIXABAY_LICENSE_URL = 'https://pixabay.com/service/license-summary/';

/** A Pixabay hit as an {@link ImageSearchItem} (docs/product/data-and-config.md#data), credited as Pixabay asks. */
export function presentPixabayHit(hit: PixabayHit): ImageSearchItem {
  return {
    id: String(hit.id),
    thumbnailUrl: hit.previewURL,
    largeImageUrl: hit.largeImageURL,
    provider: 'pixabay',
    attribution: hit.user ? `Image by ${hit.user} from Pixabay` : 'Image from Pixabay',
    user: hit.user,
    width: hit.imageWidth,
    height: hit.imageHeight,
    tags: hit.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    pageUrl: hit.pageURL,
    licenseUrl: PIXABAY_LICENSE_URL,
  };
}

/** The licence as people write it: `CC BY-SA 4.0`, `CC0 1.0`, `Public Domain Mark 1.0`. */
function licenceName(image: OpenverseImage): string {
  const version = image.license_version ? ` ${image.license_version}` : '';
  const name = image.license.toLowerCase();
  if (name === 'pdm') return `Public Domain Mark${version}`;
  if (name === 'cc0') return `CC0${version}`;
  return `CC ${image.license.toUpperCase()}${version}`;
}

/** An Openverse image as an {@link ImageSearchItem}, with the credit its licence requires. */
export function presentOpenverseImage(image: OpenverseImage): ImageSearchItem {
  const title = image.title?.trim() || 'Untitled';
  const creator = image.creator?.trim() ?? '';
  return {
    id: image.id,
    thumbnailUrl: image.thumbnail ?? image.url,
    largeImageUrl: image.url,
    provider: 'openverse',
    attribution:
      image.attribution?.trim() ||
      `"${title}"${creator ? ` by ${creator}` : ''} is licensed under ${licenceName(image)}.`,
    user: creator,
    width: image.width ?? null,
    height: image.height ?? null,
    tags: (image.tags ?? []).map((t) => t.name),
    pageUrl: image.foreign_landing_url ?? null,
    licenseUrl: image.license_url ?? null,
  };
}
