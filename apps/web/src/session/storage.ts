import {
  type AuthResponse,
  LANGUAGES,
  LISTEN_SERVICES,
  PAGE_SESSION_COOKIE,
  PROVIDERS,
  ROLES,
  type User,
} from '@josie/contract';
import { withAbilities } from './abilities';

/**
 * The stored session (docs/product/data-and-config.md#data,
 * docs/product/rules-and-limits.md#accounts-and-sessions): localStorage `user` holds the whole `{token,
 * user}` answer of login or signup. It is the source of truth; the separate `token` entry of the spec mirrors
 * its token for code that reads only that. Every change is broadcast in this tab as a `userDataUpdated`
 * window event carrying the user (or null); other tabs learn through the browser's `storage` event.
 */
export const SESSION_KEY = 'user';
/** Mirror of the session token (docs/product/data-and-config.md#data "A separate token entry also exists"). */
export const TOKEN_KEY = 'token';
/** The in-app event fired on every change of the signed-in user; `detail` is the user or null. */
export const USER_DATA_UPDATED = 'userDataUpdated';

/** Provider token keys of docs/product/data-and-config.md#data, cleared on logout (docs/product/differences.md#provider-tokens keeps real tokens on the server). */
export const PROVIDER_TOKEN_KEYS = [
  'spotify_access_token',
  'spotify_refresh_token',
  'google_access_token',
  'google_refresh_token',
] as const;

/** The connection-cache key of a provider: `provider_{provider}_connected` (docs/product/data-and-config.md#data). */
export const providerConnectedKey = (provider: string) => `provider_${provider}_connected`;

/** A stored session. */
export type StoredSession = AuthResponse;

/** What the `user` entry holds right now. `corrupt` means it exists but cannot be read (docs/product/rules-and-limits.md#accounts-and-sessions). */
export type StoredSessionState =
  | { status: 'absent' }
  | { status: 'valid'; session: StoredSession }
  | { status: 'corrupt' };

/** The `userDataUpdated` event type, so listeners get a typed `detail`. */
export type UserDataUpdatedEvent = CustomEvent<User | null>;

declare global {
  interface WindowEventMap {
    userDataUpdated: UserDataUpdatedEvent;
  }
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy modes); the app then behaves as signed out.
    return null;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isOneOf = (list: readonly string[], value: unknown) => isString(value) && list.includes(value);

/**
 * Whether a stored value has the shape of a session: a token and a user with what the app shell reads
 * before the server answers (identity, role, language, onboarding, preferences, settings; abilities may be
 * missing in a session stored by an older build, see {@link parseStoredSession}). A structural
 * check rather than the contract's zod schema, so that start-up does not load zod (The first page
 * (docs/performance.md) stays small); the signed-in user is then read again from `GET /api/users/me`, parsed
 * with the schema.
 */
function looksLikeSession(value: unknown): value is StoredSessionShape {
  if (!isObject(value) || !isString(value.token) || value.token === '') return false;
  const user = value.user;
  return (
    isObject(user) &&
    isString(user._id) &&
    isString(user.id) &&
    isString(user.name) &&
    isString(user.email) &&
    isOneOf(ROLES, user.role) &&
    isOneOf(LANGUAGES, user.preferredLanguage) &&
    isOneOf(LISTEN_SERVICES, user.activeProvider) &&
    (user.avatar === null || isString(user.avatar)) &&
    Array.isArray(user.following) &&
    isObject(user.preferences) &&
    isObject(user.notificationSettings) &&
    isObject(user.onboarding) &&
    typeof user.onboarding.completed === 'boolean'
  );
}

/** A stored session as read, before a missing set of abilities is filled in. */
type StoredSessionShape = Omit<AuthResponse, 'user'> & {
  user: Omit<User, 'abilities'> & { abilities?: unknown };
};

/**
 * Parses a raw `user` entry; anything that is not a `{token, user}` of the right shape counts as corrupt. A
 * user without a complete set of abilities (stored by a build before the answer carried them) gets those of
 * its role ({@link withAbilities}) until `GET /api/users/me` answers.
 */
export function parseStoredSession(raw: string | null): StoredSessionState {
  if (raw === null) return { status: 'absent' };
  try {
    const parsed: unknown = JSON.parse(raw);
    return looksLikeSession(parsed)
      ? { status: 'valid', session: { ...parsed, user: withAbilities(parsed.user) } }
      : { status: 'corrupt' };
  } catch {
    return { status: 'corrupt' };
  }
}

/** The raw `user` entry (null when absent or when storage is unavailable). */
export function readRawSession(): string | null {
  return storage()?.getItem(SESSION_KEY) ?? null;
}

/** Reads and validates the stored session. */
export function readStoredSession(): StoredSessionState {
  return parseStoredSession(readRawSession());
}

/** The stored session token, or null when signed out (signed in exactly when it exists: docs/product/rules-and-limits.md#accounts-and-sessions). */
export function readStoredToken(): string | null {
  const state = readStoredSession();
  return state.status === 'valid' ? state.session.token : null;
}

/** Broadcasts the current user (or null) inside this tab as `userDataUpdated`. */
export function broadcastUser(user: User | null): void {
  window.dispatchEvent(new CustomEvent(USER_DATA_UPDATED, { detail: user }));
}

/** Stores a session (login or signup answer) and broadcasts its user. */
export function storeSession(session: StoredSession): void {
  const store = storage();
  store?.setItem(SESSION_KEY, JSON.stringify(session));
  store?.setItem(TOKEN_KEY, session.token);
  broadcastUser(session.user);
}

/**
 * Replaces the stored user, keeping the token, and broadcasts it. Does nothing when signed out: a user
 * without a token is not a session.
 */
export function storeUser(user: User): void {
  const state = readStoredSession();
  if (state.status !== 'valid') return;
  storage()?.setItem(SESSION_KEY, JSON.stringify({ token: state.session.token, user }));
  broadcastUser(user);
}

/**
 * Removes the session and every provider entry (`user`, `token`, the four provider tokens and each
 * `provider_*_connected` cache), deletes the session cookie, and broadcasts a null user.
 * docs/product/rules-and-limits.md#accounts-and-sessions "Logout". The cookie goes here, not only with the
 * server's answer to logout (decision 0008): a logout that never reaches the server (offline, a corrupt
 * stored session) must not leave a cookie from which the server would render the signed-out user's page on
 * this device.
 */
export function clearSession(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one synchronous write; the Cookie Store API is missing in browsers we support (Safari before 18.4)
  document.cookie = `${PAGE_SESSION_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
  const store = storage();
  if (store) {
    const keys = [SESSION_KEY, TOKEN_KEY, ...PROVIDER_TOKEN_KEYS, ...PROVIDERS.map(providerConnectedKey)];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key && /^provider_.+_connected$/.test(key)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  }
  broadcastUser(null);
}
