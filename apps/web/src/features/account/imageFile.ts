import { HEADER_IMAGE_MAX_BYTES, LIMITS } from '@josie/contract';
import type { ProfileImageKind } from './api';

/** Why a chosen profile image was refused before upload (docs/product/rules-and-limits.md#account-images). */
export type ImageFileError = 'notImage' | 'tooLarge';

/**
 * The size limit of each profile image, as the server applies it: an avatar must be *less than* 2 MB
 * (docs/product/rules-and-limits.md#media, docs/product/rules-and-limits.md#constants), a header image at
 * most 5 MB (the app's image limit, docs/product/rules-and-limits.md#constants). `mb` is the figure the
 * message shows, and `tooLarge` the message, which says "less than" or "at most" as the limit is applied
 * (docs/product/rules-and-limits.md#account-images).
 */
export const IMAGE_LIMITS: Record<
  ProfileImageKind,
  { maxBytes: number; mb: number; tooLarge: 'account.imageTooLarge' | 'account.headerImageTooLarge' }
> = {
  avatar: {
    maxBytes: LIMITS.avatarMaxBytes - 1,
    mb: LIMITS.avatarMaxBytes / (1024 * 1024),
    tooLarge: 'account.imageTooLarge',
  },
  headerImage: {
    maxBytes: HEADER_IMAGE_MAX_BYTES,
    mb: HEADER_IMAGE_MAX_BYTES / (1024 * 1024),
    tooLarge: 'account.headerImageTooLarge',
  },
};

/**
 * Checks a chosen file before any upload: it must have an image type ('Please select an image file') and
 * fit the kind's limit ('Image must be less than 2MB', 'Image must be at most 5MB'). Answers null for an acceptable file.
 */
export function checkImageFile(file: File, kind: ProfileImageKind): ImageFileError | null {
  if (!file.type.startsWith('image/')) return 'notImage';
  if (file.size > IMAGE_LIMITS[kind].maxBytes) return 'tooLarge';
  return null;
}
