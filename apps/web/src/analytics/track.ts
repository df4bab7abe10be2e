import type { AnalyticsEventBody } from '@josie/contract';
import { api } from '../api/client';
import { currentLanguage } from '../i18n';
import { providerConnectedKey, readStoredSession } from '../session/storage';

/** A value an analytics parameter may carry (the contract's `AnalyticsEventBody` params). */
export type AnalyticsValue = AnalyticsEventBody['params'][string];

/** Longest string parameter the server accepts. */
const MAX_PARAM_LENGTH = 2000;

/**
 * The user properties every event carries (spec 000 §6, DESIGN §9.11): the role (listener for visitors
 * and by default), whether a streaming account is connected, and the interface language (default en).
 */
export function userProperties(): Record<string, AnalyticsValue> {
  const state = readStoredSession();
  const user = state.status === 'valid' ? state.session.user : null;
  let cachedConnection = false;
  try {
    cachedConnection = window.localStorage.getItem(providerConnectedKey('spotify')) === 'true';
  } catch {
    // No storage: rely on the user object alone.
  }
  return {
    user_role: user?.role ?? 'listener',
    streaming_connected: Boolean(user?.spotifyId) || cachedConnection,
    language: currentLanguage(),
  };
}

/**
 * Records an analytics event through `POST /api/analytics/events` (spec 000 §7; DESIGN §9.11: the app's
 * own endpoint, no third party), with {@link userProperties} merged into `params`. Fire and forget: a
 * failure is only logged (spec 000 §8).
 *
 * @param name snake_case event name, e.g. `page_view`, `publish_josie`.
 */
export function track(name: string, params: Record<string, AnalyticsValue> = {}): void {
  const merged: Record<string, AnalyticsValue> = {};
  for (const [key, value] of Object.entries({ ...params, ...userProperties() })) {
    merged[key] = typeof value === 'string' ? value.slice(0, MAX_PARAM_LENGTH) : value;
  }
  const body: AnalyticsEventBody = { name, params: merged };
  api.post('/api/analytics/events', body).catch((error: unknown) => {
    console.warn(`Analytics event "${name}" was not recorded`, error);
  });
}
