import type { UserAbilities } from '@josie/contract';
import { Navigate } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';
import { useSession } from '../../session/SessionProvider';

/** The visitor's home page; preloaded before the first render when the app opens on it (`router.tsx`). */
export const PublicHomePage = lazyPage(() => import('./PublicHomePage'));
/** The signed-in home feed; preloaded like {@link PublicHomePage}. */
export const HomeFeedPage = lazyPage(() => import('../feed/HomeFeedPage'));

/**
 * The dashboard `/` sends a signed-in user to instead of the feed (docs/product/routes-and-roles.md#guards):
 * the admin dashboard for who may administer (admins), else the review queue for who may review (editors),
 * else null (the feed). From the server's abilities, never the role.
 */
export function dashboardPath(abilities: UserAbilities): string | null {
  if (abilities.administer) return '/admin/dashboard';
  if (abilities.review) return '/editor/dashboard';
  return null;
}

/**
 * `/` (docs/product/routes-and-roles.md#home-and-feed): visitors get the public home page; an admin goes to
 * `/admin/dashboard`, an editor to `/editor/dashboard` ({@link dashboardPath}); a listener or curator who has
 * not finished onboarding goes to `/onboarding`; everyone else gets the home feed.
 */
export function HomeRoute() {
  const { user } = useSession();
  if (!user) return <PublicHomePage />;
  const dashboard = dashboardPath(user.abilities);
  if (dashboard) return <Navigate to={dashboard} replace />;
  if (!user.onboarding.completed) return <Navigate to="/onboarding" replace />;
  return <HomeFeedPage />;
}
