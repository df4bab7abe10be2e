import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyComponent } from '../../lib/lazyPage';

const BELL =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-zinc-200 bg-white text-zinc-800 shadow-xs';

/** The bell when its code could not be loaded: a plain link to the notifications page, without a count. */
function BellLink() {
  const { t } = useTranslation();
  return (
    <Link to="/notifications" aria-label={t('common.notifications')} className={BELL}>
      <Bell className="size-5" aria-hidden="true" />
    </Link>
  );
}

/**
 * The notifications bell of the header (`NotificationBell.tsx`), loaded for signed-in users only: the first
 * pages a visitor opens (home, josie) carry none of its code, nor the typed client's route table its count
 * is read with (docs/performance.md). While it loads, an inert bell of the same 44 px holds its place, so
 * the header does not shift.
 */
export const HeaderBell = lazyComponent(() => import('./NotificationBell'), {
  export: 'NotificationBell',
  fallback: (
    <span aria-hidden="true" className={BELL}>
      <Bell className="size-5" />
    </span>
  ),
  failed: <BellLink />,
});
