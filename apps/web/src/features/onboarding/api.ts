import {
  OnboardingResponse,
  type OnboardingUpdateBody,
  PREFERENCES_PATH,
  PreferenceOptionsResponse,
  PreferencesResponse,
  type PreferencesUpdateBody,
} from '@josie/contract';
import { api } from '../../api/client';

/** The signed-in user's onboarding status (`GET /api/users/me/onboarding`). */
export async function fetchOnboarding(signal?: AbortSignal) {
  return (await api.get('/api/users/me/onboarding', { schema: OnboardingResponse, signal })).onboarding;
}

/** Stores the onboarding status; the completion step also sends the followed and skipped curator ids. */
export async function saveOnboarding(body: OnboardingUpdateBody) {
  return (await api.put('/api/users/me/onboarding', body, { schema: OnboardingResponse })).onboarding;
}

/** The live genre and interest lists (`GET /api/preferences/options`; admins edit them, spec 001 §3). */
export function fetchPreferenceOptions(signal?: AbortSignal) {
  return api.get('/api/preferences/options', { schema: PreferenceOptionsResponse, signal });
}

/** The signed-in user's preferences (`GET /api/users/me/preferences`), defaults merged in. */
export async function fetchPreferences(signal?: AbortSignal) {
  return (await api.get(PREFERENCES_PATH, { schema: PreferencesResponse, signal })).preferences;
}

/**
 * Saves genres and interests (`PUT /api/users/me/preferences`); fields left out keep their stored value.
 * A 2xx answer without `preferences` fails the schema: spec 001 §5 'Invalid response format from server'.
 */
export async function savePreferences(body: PreferencesUpdateBody) {
  return (await api.put(PREFERENCES_PATH, body, { schema: PreferencesResponse })).preferences;
}
