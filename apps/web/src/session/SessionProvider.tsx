import { type AuthResponse, PAGE_QUERY_KEYS, type User } from '@josie/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import { useNavigate } from 'react-router';
import { removeUserQueries } from '../api/queryClient';
import { request } from '../api/request';
import { clearSession, readRawSession, readStoredToken, storeSession, storeUser } from './storage';
import { getSessionSnapshot, subscribeSession } from './store';

/** What {@link useSession} answers. */
export interface SessionValue {
  /** The signed-in user, or null for a visitor. */
  user: User | null;
  /** The session's bearer token, or null for a visitor. */
  token: string | null;
  /** Stores a login or signup answer as the session (docs/product/rules-and-limits.md#sign-in-providers). */
  signIn(response: AuthResponse): void;
  /** Replaces the stored user (e.g. after an avatar upload) and broadcasts it at once. */
  updateUser(user: User): void;
  /**
   * Ends the session: clears the stored user and provider keys, broadcasts null, goes to `/login`, and
   * revokes the session on the server (best effort: a failure is only logged).
   */
  logout(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

/** The server's copy of the user, with the stored session text it was requested against. */
interface FreshUser {
  user: User;
  basedOn: string | null;
}

/** The query key of the signed-in user's fresh copy from `GET /api/users/me`. */
export const meQueryKey = (token: string | null) => ['session', 'me', token] as const;

/**
 * Provides the session to the app (docs/product/data-and-config.md#data,
 * docs/product/rules-and-limits.md#sign-in-providers). It renders from localStorage `user`, follows
 * `userDataUpdated` events and other tabs' `storage` events, logs out when the stored user is unreadable,
 * drops cached user data when the signed-in user changes, and refreshes the stored user from `GET
 * /api/users/me` once per load (a revoked token answers 401, which clears the session), or from the copy the
 * server wrote into the page when it rendered it for this session, and again whenever the page comes back
 * into view while the address is unverified. Must sit inside the router (logout
 * navigates) and the QueryClientProvider.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const snapshot = useSyncExternalStore(subscribeSession, getSessionSnapshot, getSessionSnapshot);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const logout = useCallback(async () => {
    const token = readStoredToken();
    clearSession();
    navigate('/login');
    if (!token) return;
    try {
      await request('logout', {}, { token });
    } catch (error) {
      console.warn('Logout: the server did not revoke the session', error);
    }
  }, [navigate]);

  useEffect(() => {
    if (snapshot.corrupt) void logout();
  }, [snapshot.corrupt, logout]);

  const previousToken = useRef(snapshot.token);
  useEffect(() => {
    if (previousToken.current === snapshot.token) return;
    previousToken.current = snapshot.token;
    const current = meQueryKey(snapshot.token);
    removeUserQueries(
      queryClient,
      (key) => key[0] === current[0] && key[1] === current[1] && key[2] === current[2],
    );
  }, [snapshot.token, queryClient]);

  const me = useQuery({
    queryKey: meQueryKey(snapshot.token),
    queryFn: async ({ signal }): Promise<FreshUser> => {
      const basedOn = readRawSession();
      // The schema (and zod with it) loads with this first signed-in request, not with the first page.
      const { User } = await import('./userSchema');
      return { user: await request('me', {}, { schema: User, signal }), basedOn };
    },
    // The user the server wrote into a home page it rendered for this session (docs/performance.md), hydrated
    // into the cache before the first render (`api/firstPaint.ts`, decision 0017), is the fresh copy: no
    // request, and no zod, on that page.
    initialData: () => {
      const user = queryClient.getQueryData<User>(PAGE_QUERY_KEYS.servedUser);
      return user && user.id === snapshot.user?.id ? { user, basedOn: readRawSession() } : undefined;
    },
    enabled: snapshot.token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    // While the address waits for its link, read again each time the page comes back into view: the link
    // may have been opened on another device or browser, and the banner must go without a reload
    // (docs/decisions/0025-account-and-data.md, "Verification"). Tabs of this browser follow the stored user.
    refetchOnWindowFocus: snapshot.user?.emailVerified === false ? 'always' : false,
  });
  useEffect(() => {
    // A local change made while the request was in flight (e.g. a new avatar) is newer: keep it.
    if (!me.data || readRawSession() !== me.data.basedOn) return;
    if (JSON.stringify(me.data.user) !== JSON.stringify(getSessionSnapshot().user)) storeUser(me.data.user);
  }, [me.data]);

  const value = useMemo<SessionValue>(
    () => ({
      user: snapshot.user,
      token: snapshot.token,
      signIn(response) {
        storeSession(response);
        // Seed the fresh copy so the answer just received is not fetched again.
        queryClient.setQueryData<FreshUser>(meQueryKey(response.token), {
          user: response.user,
          basedOn: readRawSession(),
        });
      },
      updateUser: storeUser,
      logout,
    }),
    [snapshot.user, snapshot.token, logout, queryClient],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * A session that cannot change, for rendering outside the browser (`src/prerender/`, docs/performance.md): a
 * visitor's first paint of a josie page (`user` null), or the home feed the server renders for the user of
 * the session cookie. There is no stored session to read and nothing to sign in to, and the token stays out
 * of the markup (null).
 */
export function StaticSessionProvider({ user, children }: { user: User | null; children: ReactNode }) {
  const value = useMemo<SessionValue>(
    () => ({ user, token: null, signIn() {}, updateUser() {}, async logout() {} }),
    [user],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session of the app. Throws outside a {@link SessionProvider}. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
