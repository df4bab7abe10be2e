import {
  AVATAR_FIELD,
  ConnectedProvidersResponse,
  HEADER_IMAGE_FIELD,
  NotificationSettingsResponse,
  type NotificationSettingsUpdateBody,
  OAuthConnectResponse,
  PasswordResetResponse,
  PREFERENCES_PATH,
  PreferenceOptionsResponse,
  Preferences,
  PreferencesResponse,
  type PreferencesUpdateBody,
  ProfileUpdateResponse,
  type Provider,
  User,
} from '@josie/contract';
import { z } from 'zod';
import { api } from '../../api/client';
import { feedPreferencesKey } from '../feed';
import { readProviderCache, writeProviderCache } from './providerCache';

/**
 * The signed-in user's preferences (`GET /api/users/me/preferences`). The key is the feed's, so the
 * feed's theme and the account page read and update one cached copy.
 */
export const preferencesKey = feedPreferencesKey;
/** The live genre and interest lists (`GET /api/preferences/options`). */
export const preferenceOptionsKey = ['preferences', 'options'] as const;
/** Which providers the account has connected (`GET /api/users/me/providers`, cached 5 minutes). */
export const connectedProvidersKey = ['account', 'providers'] as const;

/** The message of a save answer that carries no `preferences` (spec 000 §7, spec 001 §5). */
export const INVALID_PREFERENCES_RESPONSE = 'Invalid response format from server';

/** The stored preferences merged with the defaults. */
export async function fetchPreferences(signal?: AbortSignal): Promise<PreferencesResponse> {
  return api.get(PREFERENCES_PATH, { schema: PreferencesResponse, signal });
}

/**
 * Saves preferences (`PUT /api/users/me/preferences`) and answers the server's copy.
 *
 * @throws {ApiError} when the server refuses (400 unknown genre, 403 font or colour from a non-curator).
 * @throws {Error} 'Invalid response format from server' when the answer has no readable `preferences`.
 */
export async function savePreferences(body: PreferencesUpdateBody): Promise<Preferences> {
  const answer = await api.put<unknown>(PREFERENCES_PATH, body);
  const parsed = z.object({ preferences: Preferences }).safeParse(answer);
  if (!parsed.success) throw new Error(INVALID_PREFERENCES_RESPONSE);
  return parsed.data.preferences;
}

/** The live genre and interest lists, sorted by name (spec 001 §3: admins edit them). */
export async function fetchPreferenceOptions(signal?: AbortSignal): Promise<PreferenceOptionsResponse> {
  return api.get('/api/preferences/options', { schema: PreferenceOptionsResponse, signal });
}

/** Changes notification switches; answers both switches after the change (spec 000 §7). */
export async function updateNotificationSettings(body: NotificationSettingsUpdateBody) {
  const answer = await api.put('/api/users/me/notification-settings', body, {
    schema: NotificationSettingsResponse,
  });
  return answer.data;
}

/** Asks for a password-reset email to `email` (spec 000 §4-§5). */
export async function initiatePasswordReset(email: string) {
  return api.post('/api/users/reset-password/initiate', { email }, { schema: PasswordResetResponse });
}

/** Saves the bio shown on the public profile (`PUT /api/users/me/profile`); answers the updated user. */
export async function updateBio(bio: string): Promise<User> {
  const answer = await api.put('/api/users/me/profile', { bio }, { schema: ProfileUpdateResponse });
  return answer.user;
}

/** The two profile images of the Profile tab. */
export type ProfileImageKind = 'avatar' | 'headerImage';

const UPLOADS: Record<ProfileImageKind, { path: string; field: string; urlKey: string }> = {
  avatar: { path: '/api/users/avatar', field: AVATAR_FIELD, urlKey: 'avatarUrl' },
  headerImage: { path: '/api/users/header-image', field: HEADER_IMAGE_FIELD, urlKey: 'headerImageUrl' },
};

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
 * `avatar`, `headerImageUrl` or `headerImage`: spec 000 §3).
 *
 * @throws {ApiError} when the server refuses (400 not an image, 413 too large, 403 listener).
 * @throws {Error} when the answer lacks `success` or a URL (spec 000 §5: it counts as failed).
 */
export async function uploadProfileImage(kind: ProfileImageKind, file: File): Promise<UploadedImage> {
  const { path, field, urlKey } = UPLOADS[kind];
  const form = new FormData();
  form.append(field, file);
  const parsed = UploadAnswer.safeParse(await api.upload<unknown>(path, form));
  if (!parsed.success || parsed.data.success !== true) throw new Error('The upload was not accepted');
  const candidates = [parsed.data[urlKey], parsed.data[kind]];
  const url = candidates.find((value): value is string => typeof value === 'string' && value !== '');
  if (!url) throw new Error('The upload answer carries no image URL');
  return { url, user: parsed.data.user ?? null };
}

/** Connection state of each provider. */
export type ConnectedProviders = ConnectedProvidersResponse['connectedProviders'];

/**
 * Which providers the account has connected (spec 000 §4 provider-connected cache): answered from the
 * 5-minute local cache when both entries are fresh, else from `GET /api/users/me/providers`, whose answer
 * is cached.
 *
 * @throws {ApiError} when the check fails; the caller shows both as not connected (spec 000 §8).
 */
export async function fetchConnectedProviders(signal?: AbortSignal): Promise<ConnectedProviders> {
  const spotify = readProviderCache('spotify');
  const google = readProviderCache('google');
  if (spotify !== null && google !== null) return { spotify, google };
  const answer = await api.get('/api/users/me/providers', { schema: ConnectedProvidersResponse, signal });
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
  const answer = await api.delete(`/api/users/me/providers/${provider}`, {
    schema: ConnectedProvidersResponse,
  });
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
  const answer = await api.post(
    `/api/auth/${provider}/connect`,
    { returnTo },
    { schema: OAuthConnectResponse },
  );
  return answer.url;
}
