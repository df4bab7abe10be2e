import type { User } from '@josie/contract';
import {
  broadcastUser,
  parseStoredSession,
  readRawSession,
  readStoredSession,
  SESSION_KEY,
  USER_DATA_UPDATED,
} from './storage';

/** What the app renders from: the signed-in user and token, or nulls; `corrupt` when unreadable. */
export interface SessionSnapshot {
  token: string | null;
  user: User | null;
  /** The stored entry exists but cannot be read; the provider logs out (docs/product/rules-and-limits.md#accounts-and-sessions). */
  corrupt: boolean;
}

const SIGNED_OUT: SessionSnapshot = { token: null, user: null, corrupt: false };

let cachedRaw: string | null = null;
let cached: SessionSnapshot = SIGNED_OUT;

/**
 * The current session, read from localStorage. The snapshot object only changes when the stored text
 * changes, as `useSyncExternalStore` requires.
 */
export function getSessionSnapshot(): SessionSnapshot {
  const raw = readRawSession();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    const state = parseStoredSession(raw);
    cached =
      state.status === 'valid'
        ? { token: state.session.token, user: state.session.user, corrupt: false }
        : state.status === 'corrupt'
          ? { token: null, user: null, corrupt: true }
          : SIGNED_OUT;
  }
  return cached;
}

let bridgeInstalled = false;

/**
 * Turns another tab's change of the `user` entry (the browser's `storage` event, which never fires in
 * the tab that wrote) into this tab's `userDataUpdated` broadcast, once per change whatever the number
 * of subscribers.
 */
function installStorageBridge(): void {
  if (bridgeInstalled) return;
  bridgeInstalled = true;
  window.addEventListener('storage', (event) => {
    if (event.storageArea && event.storageArea !== window.localStorage) return;
    if (event.key !== SESSION_KEY && event.key !== null) return;
    const state = readStoredSession();
    broadcastUser(state.status === 'valid' ? state.session.user : null);
  });
}

/** Subscribes to session changes in this tab (`userDataUpdated`) and in other tabs (`storage`). */
export function subscribeSession(onChange: () => void): () => void {
  installStorageBridge();
  window.addEventListener(USER_DATA_UPDATED, onChange);
  return () => window.removeEventListener(USER_DATA_UPDATED, onChange);
}
