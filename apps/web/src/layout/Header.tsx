import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeaderSearch } from '../features/discovery';
import { HeaderBell } from '../features/notifications/HeaderBell';
import { cn } from '../lib/cn';
import { useSession } from '../session/SessionProvider';
import { Avatar } from '../ui/Avatar';
import { focusRing } from '../ui/Button';
import { contentFrame } from '../ui/Page';
import { HeaderMenu } from './HeaderMenu';
import { LogoLink } from './Logo';

/**
 * The fixed top bar (docs/product/routes-and-roles.md#header-and-menu): logo link to `/`, the search field
 * (docs/product/routes-and-roles.md#search-and-explore), the signed-in user's avatar (updated at once on
 * `userDataUpdated` through the session), the notifications bell of a signed-in user
 * (docs/decisions/0024-notifications-centre.md, loaded on demand) and the hamburger menu. The bar's content takes the layout's one content width ({@link contentFrame}, decision 0014), so it lines up with the
 * page under it.
 */
export function Header() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-zinc-200/80 bg-white/85 backdrop-blur-md supports-[backdrop-filter]:bg-white/70">
      <nav
        aria-label={t('nav.primary')}
        className={cn(contentFrame, 'relative flex h-16 items-center justify-between gap-3')}
      >
        <LogoLink />
        <div className="flex items-center gap-2">
          <HeaderSearch />
          {user && <HeaderBell />}
          {user && (
            <Link to="/account" aria-label={t('nav.yourAccount')} className={`rounded-full ${focusRing}`}>
              <Avatar src={user.avatar} name={user.name} size={36} decorative />
            </Link>
          )}
          <HeaderMenu />
        </div>
      </nav>
    </header>
  );
}
