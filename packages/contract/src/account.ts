import { z } from 'zod';
import { LIMITS, type Role } from './catalogues.js';
import { text } from './common.js';
import { User } from './users.js';

/** How long a password-reset link works, in minutes. docs/product/routes-and-roles.md#account; docs/product/rules-and-limits.md#passwords-and-reset. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

/** The one answer of `POST /api/users/reset-password/initiate`, whether or not the account exists. */
export const PASSWORD_RESET_SENT_MESSAGE = 'If an account exists for this email, a reset link has been sent.';

/** The answer of a successful reset. */
export const PASSWORD_RESET_DONE_MESSAGE =
  'Your password has been reset. You can now log in with your new password.';

/** The answer to a wrong, used or expired token, or a token for another email. */
export const PASSWORD_RESET_INVALID_MESSAGE = 'Invalid or expired reset link';

/**
 * An email as the reset page checks it: trimmed, lower-cased, containing '@'
 * (docs/product/rules-and-limits.md#passwords-and-reset, `resetPassword.invalidEmail`). No stricter check: an
 * address that matches no account gets the same answer as one that does.
 */
const ResetEmail = text({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .min(1, 'Please enter a valid email address')
  .max(254)
  .refine((v) => v.includes('@'), 'Please enter a valid email address');

/** `POST /api/users/reset-password/initiate`. docs/product/routes-and-roles.md#api. */
export const PasswordResetInitiateBody = z.object({ email: ResetEmail });
export type PasswordResetInitiateBody = z.infer<typeof PasswordResetInitiateBody>;

/**
 * `POST /api/users/reset-password/complete`: the email and token from the link, and the new password
 * (at least 8 characters). docs/product/rules-and-limits.md#passwords-and-reset,
 * docs/product/routes-and-roles.md#api.
 */
export const PasswordResetCompleteBody = z.object({
  email: ResetEmail,
  token: text({ error: 'The reset link is incomplete' })
    .trim()
    .min(1, 'The reset link is incomplete')
    .max(200),
  newPassword: text({ error: 'Please enter a new password' })
    .min(LIMITS.passwordMinLength, `Password must be at least ${LIMITS.passwordMinLength} characters`)
    .max(200),
});
export type PasswordResetCompleteBody = z.infer<typeof PasswordResetCompleteBody>;

/** Answer of both reset calls: `message` is ready to show. */
export const PasswordResetResponse = z.object({ success: z.literal(true), message: text() });
export type PasswordResetResponse = z.infer<typeof PasswordResetResponse>;

/** Multipart field of `POST /api/users/avatar`. docs/product/routes-and-roles.md#api. */
export const AVATAR_FIELD = 'avatar';
/** Multipart field of `POST /api/users/header-image`. docs/product/routes-and-roles.md#api. */
export const HEADER_IMAGE_FIELD = 'headerImage';
/** Avatars are stored as a square of this side, in pixels (docs/product/routes-and-roles.md#account). */
export const AVATAR_SIZE_PX = 512;
/** Header images are scaled down to this width, in pixels, never up (docs/product/routes-and-roles.md#account). */
export const HEADER_IMAGE_MAX_WIDTH_PX = 1600;
/** Header images may be at most this many bytes (the app's upload limit, docs/product/rules-and-limits.md#constants). */
export const HEADER_IMAGE_MAX_BYTES = LIMITS.imageMaxBytes;
/** Who may upload a header image: curators, editors and admins; listeners not. docs/product/routes-and-roles.md#roles. */
export const HEADER_IMAGE_ROLES = ['curator', 'editor', 'admin'] as const satisfies readonly Role[];

/** Answer to an upload that is not an image (docs/product/rules-and-limits.md#account-images). */
export const NOT_AN_IMAGE_MESSAGE = 'Please select an image file';
/** Answer to an avatar of {@link LIMITS}.avatarMaxBytes or more (docs/product/rules-and-limits.md#account-images, docs/product/rules-and-limits.md#constants). */
export const AVATAR_TOO_LARGE_MESSAGE = 'Image must be less than 2MB';
/** Answer to a header image over {@link HEADER_IMAGE_MAX_BYTES}. */
export const HEADER_IMAGE_TOO_LARGE_MESSAGE = 'Image must be less than 5MB';

/**
 * Answer of `POST /api/users/avatar`: `success` and the stored image's URL under both names the spec
 * reads (docs/product/data-and-config.md#data), plus the updated user for the stored session.
 */
export const AvatarUploadResponse = z.object({
  success: z.literal(true),
  avatar: text(),
  avatarUrl: text(),
  user: User,
});
export type AvatarUploadResponse = z.infer<typeof AvatarUploadResponse>;

/** Answer of `POST /api/users/header-image`, shaped like {@link AvatarUploadResponse}. */
export const HeaderImageUploadResponse = z.object({
  success: z.literal(true),
  headerImage: text(),
  headerImageUrl: text(),
  user: User,
});
export type HeaderImageUploadResponse = z.infer<typeof HeaderImageUploadResponse>;

/** The longest bio, in characters after trimming. */
export const BIO_MAX_LENGTH = 500;

/**
 * `PUT /api/users/me/profile`: the bio shown on the public profile (trimmed, at most
 * {@link BIO_MAX_LENGTH} characters; empty clears it) and optionally a new display name (trimmed,
 * 1-100 characters, as at sign-up). docs/product/routes-and-roles.md#account.
 */
export const ProfileUpdateBody = z.object({
  bio: text({ error: 'Bio must be text' })
    .trim()
    .max(BIO_MAX_LENGTH, `Bio must be at most ${BIO_MAX_LENGTH} characters`),
  name: text({ error: 'Name must be text' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters')
    .optional(),
});
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>;

/** Answer of `PUT /api/users/me/profile`: the updated user. */
export const ProfileUpdateResponse = z.object({ user: User });
export type ProfileUpdateResponse = z.infer<typeof ProfileUpdateResponse>;
