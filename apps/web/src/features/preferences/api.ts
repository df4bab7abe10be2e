import {
  PAGE_QUERY_KEYS,
  type PreferenceOptionsResponse,
  type Preferences,
  type PreferencesResponse,
  type PreferencesUpdateBody,
} from '@josie/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';

// The one client of the signed-in user's preferences and of the live genre and interest lists, read by the
// feed (its theme), the account page and onboarding (docs/decisions/0017-one-web-data-layer.md). Zod-free
// at load: the feed's first page reads the preferences, and the calls that parse load `schemas.ts` first.

/**
 * Query keys of the preferences: the signed-in user's copy and the live lists. Both live under
 * `preferences`, a root tied to the user, so they are dropped when the session changes
 * (`removeUserQueries`). `mine` is the contract's (`pages.ts`): the server writes the home page's answer
 * under it.
 */
export const preferencesKeys = {
  all: ['preferences'] as const,
  mine: PAGE_QUERY_KEYS.preferences,
  options: ['preferences', 'options'] as const,
};

/** The message of a save answer that carries no `preferences` (docs/product/routes-and-roles.md#api, docs/product/rules-and-limits.md#preferences-and-catalogues). */
export const INVALID_PREFERENCES_RESPONSE = 'Invalid response format from server';

/**
 * The stored preferences merged with the defaults (`GET /api/users/me/preferences`): `{success,
 * preferences}`. Typed by the contract, not parsed: the feed's first page reads it without zod.
 * @throws ApiError for a refused or failed call.
 */
export async function fetchPreferences(signal?: AbortSignal): Promise<PreferencesResponse> {
  return request('getPreferences', {}, { signal });
}

/**
 * Saves preferences (`PUT /api/users/me/preferences`; fields left out keep their stored value) and
 * answers the server's copy.
 *
 * @throws {ApiError} when the server refuses (400 unknown genre, 403 font or colour from a non-curator).
 * @throws {Error} 'Invalid response format from server' when the answer has no readable `preferences`.
 */
export async function savePreferences(body: PreferencesUpdateBody): Promise<Preferences> {
  const [{ Preferences }, answer] = await Promise.all([
    import('./schemas'),
    request('updatePreferences', { body }),
  ]);
  const preferences = (answer as { preferences?: unknown } | null)?.preferences;
  const parsed = Preferences.safeParse(preferences);
  if (!parsed.success) throw new Error(INVALID_PREFERENCES_RESPONSE);
  return parsed.data;
}

/** The live genre and interest lists, sorted by name (`GET /api/preferences/options`; docs/product/data-and-config.md#data: admins edit them). */
export async function fetchPreferenceOptions(signal?: AbortSignal): Promise<PreferenceOptionsResponse> {
  const { PreferenceOptionsResponse } = await import('./schemas');
  return request('preferenceOptions', {}, { schema: PreferenceOptionsResponse, signal });
}

/**
 * The signed-in user's preferences as one cached copy (key {@link preferencesKeys}.mine, data `{success,
 * preferences}`): every screen reading them (the feed's theme, the account tabs, onboarding) shares it, and
 * a save writes its answer into it ({@link storeSavedPreferences}). Callers add `enabled`, `staleTime`.
 */
export const preferencesQuery = () =>
  queryOptions({
    queryKey: preferencesKeys.mine,
    // Not aborted when its screen unmounts (no `signal`): React's second mount of the feed in
    // development does not send it again.
    queryFn: () => fetchPreferences(),
    retry: false,
  });

/** The live genre and interest lists as one cached copy (key {@link preferencesKeys}.options). */
export const preferenceOptionsQuery = () =>
  queryOptions({
    queryKey: preferencesKeys.options,
    queryFn: ({ signal }) => fetchPreferenceOptions(signal),
  });

/** Writes a save's answer (`preferences`, the server's copy) into the cached copy every screen reads. */
export function storeSavedPreferences(queryClient: QueryClient, preferences: Preferences): void {
  queryClient.setQueryData<PreferencesResponse>(preferencesKeys.mine, { success: true, preferences });
}
