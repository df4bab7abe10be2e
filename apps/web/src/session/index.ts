export { type AbilityCheck, GuestOnly, RequireAuth, type ReturnToState, returnPathFrom } from './guards';
export { meQueryKey, SessionProvider, type SessionValue, useSession } from './SessionProvider';
export {
  broadcastUser,
  clearSession,
  PROVIDER_TOKEN_KEYS,
  parseStoredSession,
  providerConnectedKey,
  readStoredSession,
  readStoredToken,
  SESSION_KEY,
  type StoredSession,
  type StoredSessionState,
  storeSession,
  storeUser,
  TOKEN_KEY,
  USER_DATA_UPDATED,
  type UserDataUpdatedEvent,
} from './storage';
export { getSessionSnapshot, type SessionSnapshot, subscribeSession } from './store';
