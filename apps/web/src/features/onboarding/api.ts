import {
  OnboardingResponse,
  type OnboardingUpdateBody,
  PreferenceOptionsResponse,
  PreferencesResponse,
  type PreferencesUpdateBody,
} from '@josie/contract';
import { request } from '../../api/request';

/** The signed-in user's onboarding status (`GET /api/users/me/onboarding`). */
export async function fetchOnboarding(signal?: AbortSignal) {
  return (await request('getOnboarding', {}, { schema: OnboardingResponse, signal })).onboarding;
}

/** Stores the onboarding status; the completion step also sends the followed and skipped curator ids. */
export async function saveOnboarding(body: OnboardingUpdateBody) {
  return (await request('updateOnboarding', { body }, { schema: OnboardingResponse })).onboarding;
}

/** The live genre and interest lists (`GET /api/preferences/options`; admins edit them, spec 001 §3). */
export function fetchPreferenceOptions(signal?: AbortSignal) {
  return request('preferenceOptions', {}, { schema: PreferenceOptionsResponse, signal });
}

/** The signed-in user's preferences (`GET /api/users/me/preferences`), defaults merged in. */
export async function fetchPreferences(signal?: AbortSignal) {
  return (await request('getPreferences', {}, { schema: PreferencesResponse, signal })).preferences;
}

/**
 * Saves genres and interests (`PUT /api/users/me/preferences`); fields left out keep their stored value.
 * A 2xx answer without `preferences` fails the schema: spec 001 §5 'Invalid response format from server'.
 */
export async function savePreferences(body: PreferencesUpdateBody) {
  return (await request('updatePreferences', { body }, { schema: PreferencesResponse })).preferences;
}
