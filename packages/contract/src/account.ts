import { z } from 'zod';
import { LIMITS, type Role } from './catalogues.js';
import { DisplayName, Email, text } from './common.js';
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
/**
 * Answer to a header image over {@link HEADER_IMAGE_MAX_BYTES}: "at most", since a file of exactly 5 MB is
 * accepted (docs/product/rules-and-limits.md#account-images), unlike the avatar's "less than".
 */
export const HEADER_IMAGE_TOO_LARGE_MESSAGE = 'Image must be at most 5MB';

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
  name: DisplayName({
    invalidType: 'Name must be text',
    required: 'Name is required',
    tooLong: 'Name must be at most 100 characters',
  }).optional(),
});
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>;

/** Answer of `PUT /api/users/me/profile`: the updated user. */
export const ProfileUpdateResponse = z.object({ user: User });
export type ProfileUpdateResponse = z.infer<typeof ProfileUpdateResponse>;

// Your account, your data (docs/decisions/0025-account-and-data.md): email verification, password and
// email changes, sessions, export and deletion.

/** How long an email-verification link works, in hours. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;
/** How long the link confirming a new email address (or an account deletion) works, in hours. */
export const EMAIL_LINK_TTL_HOURS = 24;
/** How long a ready export can be downloaded, in days. */
export const EXPORT_TTL_DAYS = 7;
/** Exports one account may start per day (a day = 24 hours since the last one started). */
export const EXPORTS_PER_DAY = 1;

/** A string a password field carries (its strength is checked only where a new password is set). */
const PasswordInput = text({ error: 'Please enter your password' })
  .min(1, 'Please enter your password')
  .max(200);

/** A new password: the sign-up rules (at least 8 characters; the guessable ones are refused by the server). */
const NewPassword = text({ error: 'Please enter a new password' })
  .min(LIMITS.passwordMinLength, `Password must be at least ${LIMITS.passwordMinLength} characters`)
  .max(200);

/** A mailed link's token (verification, email change, account deletion). */
const LinkToken = text({ error: 'The link is incomplete' }).trim().min(1, 'The link is incomplete').max(200);

/** `{success, message}`: answers whose `message` is ready to show (sent, verified, changed). */
export const MessageResponse = z.object({ success: z.literal(true), message: text() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/**
 * `POST /api/users/verify-email` and `POST /api/users/confirm-email`: the token of the mailed link. The
 * web's pages `/verify-email?token=` and `/confirm-email?token=` post it (a GET changes nothing, since mail
 * scanners follow links: docs/decisions/0010-analytics-media-unsubscribe-hardening.md). A wrong, used or expired token answers
 * 400 `INVALID_EMAIL_LINK`; a verification link of an account already verified (a second click) answers 409
 * `ALREADY_VERIFIED`. The mails' links also carry `lng`, the language of the mail, so the page opens in it.
 */
export const EmailLinkBody = z.object({ token: LinkToken });
export type EmailLinkBody = z.infer<typeof EmailLinkBody>;

/**
 * `POST /api/users/me/password`: the current password and the new one (sign-up's strength rules). Signs out
 * every other session of the account. A wrong current password answers 400 `WRONG_PASSWORD` (never 401,
 * which would sign the caller out); an account without a password (made through Spotify or Google) answers
 * 400 `NO_PASSWORD` and sets its first one through the mailed reset link.
 */
export const ChangePasswordBody = z.object({ currentPassword: PasswordInput, newPassword: NewPassword });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/**
 * `POST /api/users/me/email`: mails a confirmation link to `newEmail` and a notice to the current address;
 * the address changes when the link is followed. 409 `EMAIL_TAKEN` when another account has it; 400
 * `WRONG_PASSWORD` / `NO_PASSWORD` as for the password.
 */
export const ChangeEmailBody = z.object({ newEmail: Email, currentPassword: PasswordInput });
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>;

/**
 * One place the account is signed in. `browser` and `os` are read from the session's user agent (e.g.
 * "Chrome 131", "Android 14"); null when it said nothing recognisable. `lastSeenAt` is updated at most every
 * few minutes. `current` marks the caller's own session.
 */
export const AccountSession = z.object({
  _id: text(),
  createdAt: text(),
  lastSeenAt: text(),
  browser: text().nullable(),
  os: text().nullable(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

/** Answer of `GET /api/users/me/sessions`: the live sessions, the current one first, then newest seen. */
export const AccountSessionsResponse = z.object({ sessions: z.array(AccountSession) });
export type AccountSessionsResponse = z.infer<typeof AccountSessionsResponse>;

/** Answer of `DELETE /api/users/me/sessions` ("Sign out everywhere else"): how many were revoked. */
export const RevokeSessionsResponse = z.object({
  success: z.literal(true),
  revoked: z.number().int().min(0),
});
export type RevokeSessionsResponse = z.infer<typeof RevokeSessionsResponse>;

/** Where an export is: being built, ready to download (until `expiresAt`), or failed. */
export const EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;

/**
 * The caller's latest export. `url` (an app path) downloads the zip while it is ready, for its owner's
 * session only; null otherwise. `expiresAt` is when the download stops working (null until ready).
 * `createdAt` is when it was asked for; another may be asked {@link EXPORTS_PER_DAY} a day.
 */
export const AccountExport = z.object({
  status: z.enum(EXPORT_STATUSES),
  url: text().nullable(),
  createdAt: text(),
  expiresAt: text().nullable(),
});
export type AccountExport = z.infer<typeof AccountExport>;

/**
 * Answer of `GET /api/users/me/export` (null when none was asked for, or the last one expired) and of
 * `POST /api/users/me/export` (202, the new pending export; 429 `RATE_LIMITED` within a day of the last).
 */
export const AccountExportResponse = z.object({ export: AccountExport.nullable() });
export type AccountExportResponse = z.infer<typeof AccountExportResponse>;

/**
 * `DELETE /api/users/me`: the current password, or for an account without one the `token` of the mailed
 * confirmation (`POST /api/users/me/delete-link`). A wrong password or token answers 400 (`WRONG_PASSWORD`,
 * `INVALID_EMAIL_LINK`); the last admin answers 409 `LAST_ADMIN`.
 */
export const DeleteAccountBody = z
  .object({ password: PasswordInput.optional(), token: LinkToken.optional() })
  .refine((b) => (b.password === undefined) !== (b.token === undefined), {
    message: 'Please enter your password',
    path: ['password'],
  });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/** What the security log records (never a password, token or link). */
export const SECURITY_EVENT_KINDS = [
  'verification-sent',
  'email-verified',
  'password-changed',
  'password-change-failed',
  'email-change-requested',
  'email-changed',
  'session-revoked',
  'other-sessions-revoked',
  'export-requested',
  'export-downloaded',
  'deletion-requested',
  'account-deleted',
  // Moderation (docs/decisions/0047-reports-and-moderation.md): `userId` is the account acted on (the
  // target's author), `actorId` the editor or admin, `detail` the action and its reason.
  'report-dismissed',
  'comment-removed',
  'josie-sent-back',
  'account-suspended',
  'suspension-lifted',
] as const;

/** One security event for admins: who, what, from where (browser and OS, as for sessions). */
export const SecurityEvent = z.object({
  _id: text(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  userId: text().nullable(),
  userName: text().nullable(),
  /** The editor or admin who acted (a moderation action), else null. */
  actorId: text().nullable(),
  /** The moderator's reason (a moderation action), else null. */
  detail: text().nullable(),
  /** The address the request came from, as the proxy reported it. */
  ip: text().nullable(),
  browser: text().nullable(),
  os: text().nullable(),
  createdAt: text(),
});
export type SecurityEvent = z.infer<typeof SecurityEvent>;

/** `GET /api/admin/security-events?cursor=&userId=`: newest first, 50 a page. */
export const SecurityEventsQuery = z.object({
  cursor: text().max(200).optional(),
  userId: z.uuid().optional(),
});
export type SecurityEventsQuery = z.infer<typeof SecurityEventsQuery>;

/** Answer of `GET /api/admin/security-events`. */
export const SecurityEventsResponse = z.object({
  data: z.object({ events: z.array(SecurityEvent), hasMore: z.boolean(), nextCursor: text().nullable() }),
});
export type SecurityEventsResponse = z.infer<typeof SecurityEventsResponse>;
