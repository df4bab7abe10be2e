import { LIMITS } from '@josie/contract';
import { Direction } from 'radix-ui';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { RouteTracker } from '../analytics/RouteTracker';
import { directionOf } from '../i18n';
import { LanguageSync } from '../i18n/LanguageSync';
import { lazyComponent } from '../lib/lazyPage';
import { useCountLocations } from '../lib/useReturning';
import { SessionProvider } from '../session/SessionProvider';
import { useToasterWanted } from '../ui/toast';

// Toasts appear after something happened: sonner loads with the first toast (`ui/toast.ts`,
// docs/performance.md), and the toast area mounts then. A toast raised before it mounts is not lost: sonner
// shows the active toasts to a late Toaster.
const Toaster = lazyComponent(() => import('sonner'), { export: 'Toaster' });

/**
 * The root route: session, language (flag-driven, with Radix components following the page direction),
 * page titles and `page_view` events, scroll restoration, and the toast area (at most 20 toasts,
 * docs/product/rules-and-limits.md#constants) on the end side of the screen.
 */
export function AppRoot() {
  const { t, i18n } = useTranslation();
  const dir = directionOf(i18n.resolvedLanguage ?? i18n.language);
  const toasterWanted = useToasterWanted();
  useCountLocations();
  return (
    <Direction.Provider dir={dir}>
      <SessionProvider>
        <LanguageSync />
        <RouteTracker />
        <ScrollRestoration />
        <Outlet />
        {toasterWanted && (
          <Suspense fallback={null}>
            <Toaster
              visibleToasts={LIMITS.maxToasts}
              position={dir === 'rtl' ? 'bottom-left' : 'bottom-right'}
              dir={dir}
              richColors
              containerAriaLabel={t('common.notifications')}
            />
          </Suspense>
        )}
      </SessionProvider>
    </Direction.Provider>
  );
}
