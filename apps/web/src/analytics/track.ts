import { ANALYTICS_LIMITS, type AnalyticsEventBody, type AnalyticsEventName } from '@josie/contract';
import { request } from '../api/request';
import { currentLanguage } from '../i18n';
import { providerConnectedKey, readStoredSession } from '../session/storage';

/** A value an analytics parameter may carry (the contract's `AnalyticsEventBody` params). */
export type AnalyticsValue = AnalyticsEventBody['params'][string];

/**
 * The user properties every event carries (docs/product/routes-and-roles.md#roles,
 * docs/product/differences.md#analytics): the role (listener for visitors and by default), whether a
 * streaming account is connected, and the interface language (default en).
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
 * Records an analytics event through `POST /api/analytics/events` (docs/product/routes-and-roles.md#api;
 * docs/product/differences.md#analytics: the app's own endpoint, no third party), with {@link userProperties}
 * merged into `params`. Fire and forget: a failure is only logged
 * (docs/product/messages.md#errors-from-the-api).
 *
 * @param name one of the contract's `ANALYTICS_EVENT_NAMES`, the only names the server accepts (decision
 *   0010): a new event is added there first.
 * @param params snake_case names; string values are cut to the contract's `valueMaxLength` characters.
 */
export function track(name: AnalyticsEventName, params: Record<string, AnalyticsValue> = {}): void {
  const merged: Record<string, AnalyticsValue> = {};
  for (const [key, value] of Object.entries({ ...params, ...userProperties() })) {
    merged[key] = typeof value === 'string' ? value.slice(0, ANALYTICS_LIMITS.valueMaxLength) : value;
  }
  const body: AnalyticsEventBody = { name, params: merged };
  request('analyticsEvent', { body }).catch((error: unknown) => {
    console.warn(`Analytics event "${name}" was not recorded`, error);
  });
}
