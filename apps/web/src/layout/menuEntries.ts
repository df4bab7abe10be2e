import type { UserAbilities } from '@josie/contract';
import {
  BarChart3,
  ClipboardCheck,
  Home,
  Info,
  LayoutDashboard,
  LogIn,
  type LucideIcon,
  Mail,
  Music,
  Search,
  Send,
  UserPlus,
  UserRound,
} from 'lucide-react';

/** Keys under `nav` of the menu's links. */
export type MenuLabelKey =
  | 'home'
  | 'explore'
  | 'about'
  | 'contact'
  | 'signup'
  | 'login'
  | 'myJosies'
  | 'studio'
  | 'invites'
  | 'adminDashboard'
  | 'editorDashboard'
  | 'account';

/** A navigation entry of the header menu. */
export interface MenuLink {
  to: string;
  labelKey: MenuLabelKey;
  icon: LucideIcon;
}

/**
 * The header menu's links for a visitor (`null`) or a signed-in user's abilities (the server's, never the
 * role), in display order (docs/product/routes-and-roles.md#header-and-menu "Header and menu"): everyone gets
 * Home, Explore (docs/product/routes-and-roles.md#search-and-explore), About, Contact; visitors Sign up and
 * Log in; signed-in users the pages their abilities open (My Josies for who creates josies, and their Studio while the
 * `studio` flag is on (decision 0050), Invites for who invites, the admin dashboard for who administers, the review queue
 * for who reviews without administering: an admin reaches it from the admin dashboard) and Account. Logout
 * and the language toggle are actions, added by the menu itself.
 */
export function menuLinksFor(
  abilities: UserAbilities | null,
  { studio = false }: { studio?: boolean } = {},
): MenuLink[] {
  const links: MenuLink[] = [
    { to: '/', labelKey: 'home', icon: Home },
    { to: '/explore', labelKey: 'explore', icon: Search },
    { to: '/about', labelKey: 'about', icon: Info },
    { to: '/contact', labelKey: 'contact', icon: Mail },
  ];
  if (abilities === null) {
    links.push(
      { to: '/signup', labelKey: 'signup', icon: UserPlus },
      { to: '/login', labelKey: 'login', icon: LogIn },
    );
    return links;
  }
  if (abilities.createJosie) links.push({ to: '/my-josies', labelKey: 'myJosies', icon: Music });
  if (abilities.createJosie && studio) links.push({ to: '/studio', labelKey: 'studio', icon: BarChart3 });
  if (abilities.invite) links.push({ to: '/invites', labelKey: 'invites', icon: Send });
  if (abilities.administer) {
    links.push({ to: '/admin/dashboard', labelKey: 'adminDashboard', icon: LayoutDashboard });
  } else if (abilities.review) {
    links.push({ to: '/editor/dashboard', labelKey: 'editorDashboard', icon: ClipboardCheck });
  }
  links.push({ to: '/account', labelKey: 'account', icon: UserRound });
  return links;
}
