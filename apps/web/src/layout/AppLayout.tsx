import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { lazyComponent } from '../lib/lazyPage';
import { useSession } from '../session/SessionProvider';
import { Spinner } from '../ui/Spinner';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageErrorBoundary } from './PageError';

// Loaded only for an account whose email is not verified: its code stays out of every first page. The banner
// is a reminder, so a failed download shows nothing rather than the page's error screen.
const VerifyEmailBanner = lazyComponent(() => import('./VerifyEmailBanner'));

/** The banner while the signed-in user's email is unverified (docs/decisions/0025-account-and-data.md). */
function VerificationBanner() {
  const { user } = useSession();
  if (!user?.email || user.emailVerified !== false) return null;
  return (
    <Suspense fallback={null}>
      <VerifyEmailBanner />
    </Suspense>
  );
}

/**
 * The shared layout of every page but the public josie view: skip link, fixed header, `main` landmark
 * (target of the skip link) with the email-verification banner of unverified accounts, holding the lazily loaded page, and footer. A page that cannot be shown gets
 * its error screen inside the layout, under the header (decision 0012).
 */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-zinc-950 px-5 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:start-4 focus:top-3 focus:outline-2 focus:outline-offset-2 focus:outline-brand-400"
      >
        {t('common.skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col pt-16 outline-none">
        <VerificationBanner />
        {/* Keyed by path, so each page gets a new boundary: it shows its spinner at once, also in a navigation's
            transition, which would otherwise keep the previous page (or nothing) on screen while the page's
            code loads (decision 0012); and a new page starts without the last one's error. A screen high, so
            the footer stays below the fold until the page comes: no layout shift. */}
        <PageErrorBoundary key={pathname}>
          <Suspense
            fallback={
              <div className="flex min-h-dvh items-center justify-center">
                <Spinner size="lg" />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
