import type { UserAbilities } from '@josie/contract';
import type { ReactNode } from 'react';
import { type Location, Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from './SessionProvider';

/** Router state carried to `/login` so sign-in can return to the page that asked for it. */
export interface ReturnToState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

let sessionEnded = false;

/**
 * Notes that the server ended this page's session (`useSessionEnded`), for `/login` to say why. Kept in
 * memory, not in the router state: clearing the session makes a private page's guard navigate to `/login`
 * too, with its own state.
 */
export function noteSessionEnded(ended = true): void {
  sessionEnded = ended;
}

/** Whether the server ended the last session of this page ({@link noteSessionEnded}). */
export function wasSessionEnded(): boolean {
  return sessionEnded;
}

/**
 * The page to return to after sign-in: the guarded page the visitor was sent away from, else `/`.
 * Only same-app paths are accepted, and never the auth pages themselves.
 */
export function returnPathFrom(state: unknown): string {
  const from = (state as ReturnToState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return '/';
  if (from.pathname.startsWith('//') || from.pathname === '/login' || from.pathname === '/signup') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** Whether a signed-in user may open a guarded page, from the abilities the server gave the user. */
export type AbilityCheck = (abilities: UserAbilities) => boolean;

/**
 * Route guard (docs/product/differences.md#guards): a visitor goes to `/login` (remembering this page in
 * router state, so sign-in comes back here); a signed-in user whose abilities fail `may` goes to `deniedTo`
 * (`/unauthorized` unless the route's own row in the spec names another page, as `/invites` does). The
 * abilities are the server's (docs/decisions/0015-endpoints-in-the-contract.md): the guard never reads the
 * role. Renders `children`, or the nested routes when used as a layout route.
 */
export function RequireAuth({
  may,
  deniedTo = '/unauthorized',
  children,
}: {
  may?: AbilityCheck;
  deniedTo?: string;
  children?: ReactNode;
}) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) {
    const state: ReturnToState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/login" replace state={state} />;
  }
  if (may && !may(user.abilities)) return <Navigate to={deniedTo} replace />;
  return children ?? <Outlet />;
}

/**
 * For `/login` and `/signup`: a signed-in user goes on. After login that is the page the user came
 * from (`returnToOrigin`), otherwise `/` (docs/product/routes-and-roles.md#guards).
 */
export function GuestOnly({
  children,
  returnToOrigin = false,
}: {
  children: ReactNode;
  returnToOrigin?: boolean;
}) {
  const { user } = useSession();
  const location = useLocation();
  if (user) return <Navigate to={returnToOrigin ? returnPathFrom(location.state) : '/'} replace />;
  return children;
}
