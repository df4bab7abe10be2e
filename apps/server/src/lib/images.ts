import { ERROR_CODES, LIMITS } from '@josie/contract';
import pLimit from 'p-limit';
import sharp, { type ResizeOptions } from 'sharp';
import { AppError, errors } from './errors.js';

/**
 * Images decoded at once in this process (docs/decisions/0036-media-limits-and-provenance.md). Each of
 * sharp's operations holds one of libuv's threads (4 by default) until its image is decoded, and argon2's
 * password hashing (@node-rs/argon2) and every file read (`/media/...`, the web build) wait for the same
 * threads: one decode at a time leaves the others free for sign-in and file serving.
 */
export const IMAGE_DECODES_AT_ONCE = 1;
/**
 * Images waiting for their turn beyond which a new one is refused with 503 rather than queued: each waits
 * with its bytes (up to 5 MB) in memory, and its request would time out in the queue anyway.
 */
export const IMAGE_DECODES_WAITING_MAX = 32;

const decodes = pLimit(IMAGE_DECODES_AT_ONCE);
// libvips' own worker threads per image: one, so a decode takes one of the machine's cores, not all.
sharp.concurrency(1);

/** Raster formats accepted from uploads. SVG is refused: it is a document that may reference other files. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** At most 50 megapixels are decoded (a 5 MB file can otherwise expand to gigabytes of pixels). */
export const MAX_INPUT_PIXELS = LIMITS.imageMaxPixels;

/** An uploaded image after {@link processImage}: WebP bytes without metadata, and their size in pixels. */
export interface ProcessedImage {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp';
  extension: 'webp';
}

/**
 * Proves that `input` is an image and turns it into what we store (docs/product/data-and-config.md#stack
 * images): decoded with sharp, rotated upright from its EXIF orientation, stripped of all metadata (EXIF,
 * GPS, XMP, ICC converted to sRGB), scaled down to at most `maxWidth` pixels wide (never up), and encoded as
 * WebP. Animated images keep their first frame.
 *
 * @param input - the uploaded bytes (the 5 MB byte limit is enforced by the multipart reader).
 * @throws AppError 400 when the bytes are not a supported raster image; 413 `IMAGE_TOO_MANY_PIXELS` when it
 * has more than {@link MAX_INPUT_PIXELS} pixels.
 */
export async function processImage(
  input: Buffer,
  opts: { maxWidth: number; quality?: number },
): Promise<ProcessedImage> {
  return toWebp(input, { width: opts.maxWidth, withoutEnlargement: true }, opts.quality);
}

/**
 * Like {@link processImage}, but crops the image to a `size` by `size` square around its centre (the part
 * a round or square frame with `object-fit: cover` shows) and scales it to exactly that size, up or down:
 * avatars are always shown at one size. docs/product/rules-and-limits.md#account-images;
 * docs/product/routes-and-roles.md#account.
 *
 * @param size - the side of the square, in pixels.
 * @throws AppError 400 when the bytes are not a supported raster image; 413 `IMAGE_TOO_MANY_PIXELS` when it
 * has more than {@link MAX_INPUT_PIXELS} pixels.
 */
export async function processSquareImage(
  input: Buffer,
  opts: { size: number; quality?: number },
): Promise<ProcessedImage> {
  return toWebp(
    input,
    { width: opts.size, height: opts.size, fit: 'cover', position: 'centre' },
    opts.quality,
  );
}

/**
 * Runs {@link decodeToWebp} in the process's decode queue ({@link IMAGE_DECODES_AT_ONCE} at once).
 * @throws AppError 503 `SERVICE_UNAVAILABLE` when {@link IMAGE_DECODES_WAITING_MAX} images already wait.
 */
function toWebp(input: Buffer, resize: ResizeOptions, quality?: number): Promise<ProcessedImage> {
  if (decodes.pendingCount >= IMAGE_DECODES_WAITING_MAX) {
    return Promise.reject(
      errors.unavailable('The server is busy with other images. Please try again in a minute.'),
    );
  }
  return decodes(() => decodeToWebp(input, resize, quality));
}

/**
 * Runs other sharp work in the same queue as uploads' decodes, e.g. drawing a share card
 * (docs/decisions/0044-share-cards.md): background work waits for its turn and never takes a second thread
 * from sign-in and file serving. Never refused: a job can wait, unlike a request.
 */
export function inDecodeQueue<T>(work: () => Promise<T>): Promise<T> {
  return decodes(work);
}

/** How many images are being decoded now and how many wait for their turn (for tests and metrics). */
export function imageDecodeQueue(): { active: number; waiting: number } {
  return { active: decodes.activeCount, waiting: decodes.pendingCount };
}

/** Validates, orients, resizes with `resize`, strips metadata and encodes WebP (see {@link processImage}). */
async function decodeToWebp(input: Buffer, resize: ResizeOptions, quality = 82): Promise<ProcessedImage> {
  // The header alone gives format and size, so oversized images are refused before any pixel is decoded.
  // An empty buffer makes sharp throw synchronously, hence the wrapper.
  const meta = await Promise.resolve()
    .then(() => sharp(input, { limitInputPixels: false }).metadata())
    .catch(() => null);
  if (!meta?.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw errors.badRequest('The file is not a valid image', 'INVALID_IMAGE');
  }
  const height = meta.pageHeight ?? meta.height;
  if (meta.width * height > MAX_INPUT_PIXELS) {
    // Its own code: the file itself is within the byte limit, so "too large" would name the wrong limit.
    throw new AppError(
      413,
      ERROR_CODES.IMAGE_TOO_MANY_PIXELS,
      `The image is ${meta.width} × ${height} pixels; at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels are accepted. Please use a smaller image.`,
    );
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize(resize)
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      width: info.width,
      height: info.height,
      contentType: 'image/webp',
      extension: 'webp',
    };
  } catch {
    // A valid header over corrupt pixel data.
    throw errors.badRequest('The file is not a valid image', 'INVALID_IMAGE');
  }
}
