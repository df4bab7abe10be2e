import {
  type AccountExport,
  AccountExportResponse,
  type AccountSession,
  AccountSessionsResponse,
  AVATAR_FIELD,
  type ChangeEmailBody,
  type ChangePasswordBody,
  ConnectedProvidersResponse,
  type DeleteAccountBody,
  HEADER_IMAGE_FIELD,
  MessageResponse,
  NotificationSettingsResponse,
  type NotificationSettingsUpdateBody,
  OAuthConnectResponse,
  PasswordResetResponse,
  ProfileUpdateResponse,
  type Provider,
  RevokeSessionsResponse,
  User,
} from '@josie/contract';
import { z } from 'zod';
import { request } from '../../api/request';
import { readProviderCache, writeProviderCache } from './providerCache';

/** Which providers the account has connected (`GET /api/users/me/providers`, cached 5 minutes). */
export const connectedProvidersKey = ['account', 'providers'] as const;

/** Changes notification switches; answers both switches after the change (docs/product/routes-and-roles.md#api). */
export async function updateNotificationSettings(body: NotificationSettingsUpdateBody) {
  const answer = await request(
    'updateNotificationSettings',
    { body },
    {
      schema: NotificationSettingsResponse,
    },
  );
  return answer.data;
}

/** Asks for a password-reset email to `email` (docs/product/rules-and-limits.md#account-images). */
export async function initiatePasswordReset(email: string) {
  return request('resetPasswordInitiate', { body: { email } }, { schema: PasswordResetResponse });
}

/** Saves the bio shown on the public profile (`PUT /api/users/me/profile`); answers the updated user. */
export async function updateBio(bio: string): Promise<User> {
  const answer = await request('updateProfile', { body: { bio } }, { schema: ProfileUpdateResponse });
  return answer.user;
}

/** The two profile images of the Profile tab. */
export type ProfileImageKind = 'avatar' | 'headerImage';

const UPLOADS = {
  avatar: { endpoint: 'uploadAvatar', field: AVATAR_FIELD, urlKey: 'avatarUrl' },
  headerImage: { endpoint: 'uploadHeaderImage', field: HEADER_IMAGE_FIELD, urlKey: 'headerImageUrl' },
} as const satisfies Record<ProfileImageKind, { endpoint: string; field: string; urlKey: string }>;

/** What an upload answer must hold: `success` and the image URL under either name, maybe the user. */
const UploadAnswer = z.looseObject({ success: z.unknown().optional(), user: User.optional() });

/** The uploaded image's URL and the updated user, when the server sent one. */
export interface UploadedImage {
  url: string;
  user: User | null;
}

/**
 * Uploads a profile image as multipart (`avatar` to `POST /api/users/avatar`, `headerImage` to
 * `POST /api/users/header-image`). The URL is read under both names the spec allows (`avatarUrl` or
 * `avatar`, `headerImageUrl` or `headerImage`: docs/product/data-and-config.md#data).
 *
 * @throws {ApiError} when the server refuses (400 not an image, 413 too large, 403 listener).
 * @throws {Error} when the answer lacks `success` or a URL (docs/product/rules-and-limits.md#account-images:
 * it counts as failed).
 */
export async function uploadProfileImage(kind: ProfileImageKind, file: File): Promise<UploadedImage> {
  const { endpoint, field, urlKey } = UPLOADS[kind];
  const form = new FormData();
  form.append(field, file);
  const parsed = UploadAnswer.safeParse(await request<typeof endpoint>(endpoint, { body: form }));
  if (!parsed.success || parsed.data.success !== true) throw new Error('The upload was not accepted');
  const candidates = [parsed.data[urlKey], parsed.data[kind]];
  const url = candidates.find((value): value is string => typeof value === 'string' && value !== '');
  if (!url) throw new Error('The upload answer carries no image URL');
  return { url, user: parsed.data.user ?? null };
}

/** Connection state of each provider. */
export type ConnectedProviders = ConnectedProvidersResponse['connectedProviders'];

/**
 * Which providers the account has connected (docs/product/rules-and-limits.md#sign-in-providers): answered
 * from the 5-minute local cache when both entries are fresh, else from `GET /api/users/me/providers`, whose
 * answer is cached.
 *
 * @throws {ApiError} when the check fails; the caller shows both as not connected
 * (docs/product/messages.md#sign-in-and-account).
 */
export async function fetchConnectedProviders(signal?: AbortSignal): Promise<ConnectedProviders> {
  const spotify = readProviderCache('spotify');
  const google = readProviderCache('google');
  if (spotify !== null && google !== null) return { spotify, google };
  const answer = await request('connectedProviders', {}, { schema: ConnectedProvidersResponse, signal });
  cacheConnectedProviders(answer.connectedProviders);
  return answer.connectedProviders;
}

/** Writes a fresh answer to the local cache. */
export function cacheConnectedProviders(connected: ConnectedProviders): void {
  writeProviderCache('spotify', connected.spotify);
  writeProviderCache('google', connected.google);
}

/**
 * Disconnects a provider (`DELETE /api/users/me/providers/{provider}`) and answers the connections after.
 *
 * @throws {ApiError} 409 `LAST_SIGN_IN_METHOD` with a message to show when it is the last way to sign in.
 */
export async function disconnectProvider(provider: Provider): Promise<ConnectedProviders> {
  const answer = await request(
    'disconnectProvider',
    { params: { provider } },
    {
      schema: ConnectedProvidersResponse,
    },
  );
  cacheConnectedProviders(answer.connectedProviders);
  return answer.connectedProviders;
}

/**
 * Starts connecting a provider to the signed-in account (`POST /api/auth/{provider}/connect`) and answers
 * the provider's consent page; the provider then returns the browser to `returnTo` with `?connected=` or
 * `?connectError=&provider=`.
 *
 * @throws {ApiError} 503 `NOT_CONFIGURED` when the provider is not configured on this server.
 */
export async function startProviderConnect(provider: Provider, returnTo: string): Promise<string> {
  const answer = await request(
    'oauthConnect',
    { params: { provider }, body: { returnTo } },
    { schema: OAuthConnectResponse },
  );
  return answer.url;
}

// Your account, your data (docs/decisions/0025-account-and-data.md).

/** The query key of the account's live sessions (`GET /api/users/me/sessions`). */
export const sessionsKey = ['account', 'sessions'] as const;
/** The query key of the account's latest export (`GET /api/users/me/export`). */
export const exportKey = ['account', 'export'] as const;

/**
 * Changes the password (`POST /api/users/me/password`); the server signs out every other session.
 *
 * @throws {ApiError} 400 `WRONG_PASSWORD` (the current one is wrong: never a session end), 400
 * `NO_PASSWORD` (the account has none: set one through the reset link), 400 `WEAK_PASSWORD`.
 */
export function changePassword(body: ChangePasswordBody) {
  return request('changePassword', { body }, { schema: MessageResponse });
}

/**
 * Asks to change the email (`POST /api/users/me/email`): a confirmation link goes to `newEmail`.
 *
 * @throws {ApiError} 409 `EMAIL_TAKEN`, 400 `WRONG_PASSWORD` / `NO_PASSWORD`.
 */
export function changeEmail(body: ChangeEmailBody) {
  return request('changeEmail', { body }, { schema: MessageResponse });
}

/** The account's live sessions, the current one first (`GET /api/users/me/sessions`). */
export async function fetchSessions(signal?: AbortSignal): Promise<AccountSession[]> {
  const answer = await request('mySessions', {}, { schema: AccountSessionsResponse, signal });
  return answer.sessions;
}

/** Signs one other session out (`DELETE /api/users/me/sessions/:id`). */
export async function revokeSession(id: string): Promise<void> {
  await request('revokeSession', { params: { id } });
}

/** Signs out every session but this one (`DELETE /api/users/me/sessions`); answers how many ended. */
export async function revokeOtherSessions(): Promise<number> {
  const answer = await request('revokeOtherSessions', {}, { schema: RevokeSessionsResponse });
  return answer.revoked;
}

/** The latest export, or null (`GET /api/users/me/export`). */
export async function fetchExport(signal?: AbortSignal): Promise<AccountExport | null> {
  const answer = await request('getExport', {}, { schema: AccountExportResponse, signal });
  return answer.export;
}

/**
 * Starts an export (`POST /api/users/me/export`, 202 with the pending export).
 *
 * @throws {ApiError} 429 `RATE_LIMITED` within a day of the last one (EXPORTS_PER_DAY).
 */
export async function startExport(): Promise<AccountExport | null> {
  const answer = await request('startExport', {}, { schema: AccountExportResponse });
  return answer.export;
}

/**
 * Downloads the ready export's zip (`GET /api/users/me/export/download`, the `url` an export carries while it
 * is ready). It is served to the owner's session only, and the web authenticates with a bearer token from
 * storage (not a cookie), so a plain link would not carry it: the bytes are fetched with the token and saved
 * through an object URL.
 *
 * @throws {ApiError} 401/404/410 as the server answers (expired, or another account's).
 */
export async function downloadExport(fileName: string): Promise<void> {
  // `blob: true` answers the body as a Blob (`apiFetch`); the endpoint has no JSON answer to type it.
  const blob = (await request(
    'downloadExport',
    {},
    { headers: { accept: 'application/zip' }, blob: true },
  )) as Blob;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; freeing it later keeps slow browsers safe.
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Mails a link that confirms the account's deletion (`POST /api/users/me/delete-link`). */
export function requestDeleteLink() {
  return request('requestDeleteLink', {}, { schema: MessageResponse });
}

/**
 * Deletes the account (`DELETE /api/users/me`) with the current password or the mailed link's token.
 *
 * @throws {ApiError} 400 `WRONG_PASSWORD` / `INVALID_EMAIL_LINK`, 409 `LAST_ADMIN`.
 */
export async function deleteAccount(body: DeleteAccountBody): Promise<void> {
  await request('deleteAccount', { body });
}
