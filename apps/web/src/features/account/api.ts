import {
  AVATAR_FIELD,
  ConnectedProvidersResponse,
  HEADER_IMAGE_FIELD,
  NotificationSettingsResponse,
  type NotificationSettingsUpdateBody,
  OAuthConnectResponse,
  PasswordResetResponse,
  ProfileUpdateResponse,
  type Provider,
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
