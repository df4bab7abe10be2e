import { Navigate } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';
import { useSession } from '../../session/SessionProvider';

/** The visitor's home page; preloaded before the first render when the app opens on it (`router.tsx`). */
export const PublicHomePage = lazyPage(() => import('./PublicHomePage'));
/** The signed-in home feed; preloaded like {@link PublicHomePage}. */
export const HomeFeedPage = lazyPage(() => import('../feed/HomeFeedPage'));

/**
 * `/` by role (docs/product/routes-and-roles.md#home-and-feed): visitors get the public home page; an admin
 * goes to `/admin/dashboard`, an editor to `/editor/dashboard`; a listener or curator who has not finished
 * onboarding goes to `/onboarding`; everyone else gets the home feed.
 */
export function HomeRoute() {
  const { user } = useSession();
  if (!user) return <PublicHomePage />;
  if (user.role === 'admin') return <Navigate to="/admin/dashboard" replace />;
  if (user.role === 'editor') return <Navigate to="/editor/dashboard" replace />;
  if (!user.onboarding.completed) return <Navigate to="/onboarding" replace />;
  return <HomeFeedPage />;
}
