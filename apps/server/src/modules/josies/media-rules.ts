import { ERROR_CODES, type Paragraph } from '@josie/contract';
import { errors } from '../../lib/errors.js';

/**
 * The image servers an audio or video item's picture may come from: the providers' own, whose pictures the
 * search and link look-ups answer (docs/decisions/0036-media-limits-and-provenance.md). A name matches
 * itself and every name below it (`scdn.co` matches `i.scdn.co` and `mosaic.scdn.co`).
 * - Spotify: `scdn.co` (i.scdn.co covers, mosaic.scdn.co playlist mosaics) and `spotifycdn.com`
 *   (image-cdn-ak.spotifycdn.com in oEmbed answers, the generated playlists' covers).
 * - YouTube: `ytimg.com` (i.ytimg.com thumbnails), `ggpht.com` and `yt3.googleusercontent.com`
 *   (channel pictures), `lh3.googleusercontent.com` (YouTube Music covers).
 */
export const ARTWORK_HOSTS: readonly string[] = [
  'scdn.co',
  'spotifycdn.com',
  'ytimg.com',
  'ggpht.com',
  'yt3.googleusercontent.com',
  'lh3.googleusercontent.com',
];

/** Whether `url` is an https link on one of {@link ARTWORK_HOSTS} (or a name below one). */
export function isProviderArtwork(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.port !== '' || parsed.username || parsed.password) return false;
  const host = parsed.hostname.toLowerCase();
  return ARTWORK_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

/** The pictures of a paragraph list: image paragraphs (current and legacy `image1`) and item artwork. */
export interface ShownMedia {
  images: string[];
  artwork: string[];
}

/** An item's picture field, also inside the legacy `audioItems` list. */
function artworkOf(content: unknown): string[] {
  if (Array.isArray(content)) return content.flatMap(artworkOf);
  if (!content || typeof content !== 'object') return [];
  const { image, thumbnailUrl } = content as { image?: unknown; thumbnailUrl?: unknown };
  return [image, thumbnailUrl].filter((v): v is string => typeof v === 'string' && v !== '');
}

/**
 * What `paragraphs` show (stored paragraphs may carry the legacy types of
 * docs/product/differences.md#paragraph-types).
 */
export function shownMedia(paragraphs: readonly { type: string; content: unknown }[]): ShownMedia {
  const images: string[] = [];
  const artwork: string[] = [];
  for (const p of paragraphs) {
    if (p.type === 'image' || p.type === 'image1') {
      if (typeof p.content === 'string' && p.content !== '') images.push(p.content);
    } else {
      artwork.push(...artworkOf(p.content));
    }
  }
  return { images, artwork };
}

/**
 * Refuses an audio or video item's picture that is neither on the providers' image servers
 * ({@link ARTWORK_HOSTS}) nor one the josie already shows (an edit keeps what an older rule allowed).
 * @throws AppError 400 `ARTWORK_HOST_NOT_ALLOWED`.
 */
export function assertArtworkHosts(
  paragraphs: readonly Paragraph[],
  alreadyShown: ReadonlySet<string>,
): void {
  for (const url of shownMedia(paragraphs).artwork) {
    if (!alreadyShown.has(url) && !isProviderArtwork(url)) {
      throw errors.badRequest(
        "An audio or video item's picture must come from Spotify's or YouTube's image servers",
        ERROR_CODES.ARTWORK_HOST_NOT_ALLOWED,
      );
    }
  }
}
