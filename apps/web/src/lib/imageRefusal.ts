import { ERROR_CODES, LIMITS } from '@josie/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../api/client';

/**
 * The reader's text, in their language, for an upload the server refused because the image has more
 * than `LIMITS.imageMaxPixels` pixels (413 `IMAGE_TOO_MANY_PIXELS`, from `apps/server/src/lib/images.ts`);
 * null for any other failure. Such a file is often small (an 8000 × 7000 PNG of 171 KB), so the byte
 * limit's "too large" message would name the wrong limit.
 */
export function tooManyPixelsText(error: unknown, t: TFunction): string | null {
  if (!(error instanceof ApiError) || error.code !== ERROR_CODES.IMAGE_TOO_MANY_PIXELS) return null;
  return t('errors.imageTooManyPixels', { max: LIMITS.imageMaxPixels / 1_000_000 });
}
