import type { User } from '@josie/contract';
import { type ComponentType, Suspense } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import type { RouteHandle, TitleKey } from './analytics/RouteTracker';
import { dashboardPath, HomeFeedPage, HomeRoute, PublicHomePage } from './features/home/HomeRoute';
import { RouteErrorPage } from './features/static/RouteErrorPage';
import { loadAllTexts } from './i18n';
import { AppLayout } from './layout/AppLayout';
import { AppRoot } from './layout/AppRoot';
import { lazyPage } from './lib/lazyPage';
import { type AbilityCheck, GuestOnly, RequireAuth } from './session/guards';
import { PageSpinner } from './ui/Spinner';

/**
 * A page loaded on demand that renders once its code and the English areas not bundled with the entry are
 * loaded (`loadAllTexts`). Both retry a failed download ({@link lazyPage}, decision 0012). The first pages
 * (home, feed, josie) are plain {@link lazyPage}s: their areas are bundled.
 */
function pageWithTexts(load: () => Promise<{ default: ComponentType }>): ComponentType {
  return lazyPage(load, { with: loadAllTexts });
}

// Every page is its own chunk, so the first page loads only the shell and itself.
const AboutPage = pageWithTexts(() => import('./features/static/AboutPage'));
const ContactPage = pageWithTexts(() => import('./features/static/ContactPage'));
const TermsPage = pageWithTexts(() => import('./features/static/TermsPage'));
const PrivacyPage = pageWithTexts(() => import('./features/static/PrivacyPage'));
const NotFoundPage = pageWithTexts(() => import('./features/static/NotFoundPage'));
const UnauthorizedPage = pageWithTexts(() => import('./features/static/UnauthorizedPage'));
const LoginPage = pageWithTexts(() => import('./features/auth/LoginPage'));
const SignupPage = pageWithTexts(() => import('./features/auth/SignupPage'));
const ResetPasswordPage = pageWithTexts(() => import('./features/auth/ResetPasswordPage'));
const AuthCallbackPage = pageWithTexts(() => import('./features/auth/AuthCallbackPage'));
const OnboardingPage = pageWithTexts(() => import('./features/onboarding/OnboardingPage'));
const AccountPage = pageWithTexts(() => import('./features/account/AccountPage'));
const VerifyEmailPage = pageWithTexts(() => import('./features/account/VerifyEmailRoute'));
const ConfirmEmailPage = pageWithTexts(() => import('./features/account/ConfirmEmailRoute'));
const DeleteAccountPage = pageWithTexts(() => import('./features/account/DeleteAccountRoute'));
const PublicProfilePage = pageWithTexts(() => import('./features/account/PublicProfilePage'));
// The moderation queue beside the review queue (decision 0047).
const ModerationPage = pageWithTexts(() => import('./features/reports/ModerationPage'));
const CuratorProfilePage = pageWithTexts(() => import('./features/curator/CuratorProfilePage'));
const SavedPage = pageWithTexts(() => import('./features/feed/SavedPage'));
const NotificationsPage = pageWithTexts(() => import('./features/notifications/NotificationsPage'));
const JosieViewPage = lazyPage(() => import('./features/josie/JosieViewPage'));
const JosieEditorPage = pageWithTexts(() => import('./features/josie/JosieEditorPage'));
const MyJosiesPage = pageWithTexts(() => import('./features/josie/MyJosiesPage'));
const InvitesPage = pageWithTexts(() => import('./features/invites/InvitesPage'));
const JoinPage = pageWithTexts(() => import('./features/invites/JoinPage'));
const EditorDashboardPage = pageWithTexts(() => import('./features/review/EditorDashboardPage'));
const AdminDashboardPage = pageWithTexts(() => import('./features/admin/AdminDashboardPage'));
const AdminUsersPage = pageWithTexts(() => import('./features/admin/AdminUsersPage'));
const AdminUserPage = pageWithTexts(() => import('./features/admin/AdminUserPage'));
const AdminSystemPage = pageWithTexts(() => import('./features/admin/AdminSystemPage'));
const AdminStudioPage = pageWithTexts(() => import('./features/admin/AdminStudioPage'));
// The curator studio (docs/decisions/0050-curator-studio-counts.md): one chunk per view, the chart library
// with them.
const StudioOverviewPage = pageWithTexts(() => import('./features/studio/StudioOverviewPage'));
const StudioJosiesPage = pageWithTexts(() => import('./features/studio/StudioJosiesPage'));
const StudioJosiePage = pageWithTexts(() => import('./features/studio/StudioJosiePage'));
const StudioAudiencePage = pageWithTexts(() => import('./features/studio/StudioAudiencePage'));
// Discovery's three pages share one chunk (`features/discovery/pages.ts`).
const discoveryPages = () => import('./features/discovery/pages');
const SearchPage = lazyPage(discoveryPages, { with: loadAllTexts, export: 'SearchPage' });
const ExplorePage = lazyPage(discoveryPages, { with: loadAllTexts, export: 'ExplorePage' });
const ExploreGenrePage = lazyPage(discoveryPages, { with: loadAllTexts, export: 'ExploreGenrePage' });

type Page = ComponentType;

/** A page route with its document title. */
function page(path: string, Component: Page, titleKey: TitleKey): RouteObject {
  return { path, element: <Component />, handle: { titleKey } satisfies RouteHandle };
}

/**
 * A page route behind {@link RequireAuth}: any signed-in user, or only those whose abilities pass `may`;
 * anyone else goes to `deniedTo` (default `/unauthorized`).
 */
function guarded(
  path: string,
  Component: Page,
  titleKey: TitleKey,
  may?: AbilityCheck,
  deniedTo?: string,
): RouteObject {
  return {
    path,
    element: (
      <RequireAuth may={may} deniedTo={deniedTo}>
        <Component />
      </RequireAuth>
    ),
    handle: { titleKey } satisfies RouteHandle,
  };
}

// Who may open which page, from the abilities in the server's answer (docs/product/routes-and-roles.md#guards).
const CREATORS: AbilityCheck = (abilities) => abilities.createJosie;
const INVITERS: AbilityCheck = (abilities) => abilities.invite;
/**
 * docs/product/differences.md#editors-may-edit: the josie's creator, and a reviewer while it is pending, may
 * edit it; the page opens for whoever may create or review josies (the josie's own rule is checked by the
 * server and told by its `abilities.edit`).
 */
const JOSIE_EDITORS: AbilityCheck = (abilities) => abilities.createJosie || abilities.review;
const REVIEWERS: AbilityCheck = (abilities) => abilities.review;
const ADMINS: AbilityCheck = (abilities) => abilities.administer;

/**
 * The route table: docs/product/routes-and-roles.md#guards with the guards of
 * docs/product/differences.md#guards (signed out -> `/login` and back after sign-in; wrong role ->
 * `/unauthorized`, except `/invites`, whose row in docs/product/routes-and-roles.md#guards sends other roles
 * to `/`). `/josie/:id` renders outside the header layout; every other page inside it. Exported for tests,
 * which mount it in a memory router.
 */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: 'josie/:id',
        element: (
          <Suspense fallback={<PageSpinner />}>
            <JosieViewPage />
          </Suspense>
        ),
        handle: { titleKey: 'josie', titleFromPage: true } satisfies RouteHandle,
      },
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <HomeRoute />, handle: { titleKey: 'home' } satisfies RouteHandle },
          page('about', AboutPage, 'about'),
          page('contact', ContactPage, 'contact'),
          page('terms', TermsPage, 'terms'),
          page('privacy', PrivacyPage, 'privacy'),
          {
            path: 'login',
            element: (
              <GuestOnly returnToOrigin>
                <LoginPage />
              </GuestOnly>
            ),
            handle: { titleKey: 'login' } satisfies RouteHandle,
          },
          {
            path: 'signup',
            element: (
              <GuestOnly>
                <SignupPage />
              </GuestOnly>
            ),
            handle: { titleKey: 'signup' } satisfies RouteHandle,
          },
          page('reset-password', ResetPasswordPage, 'resetPassword'),
          page('auth/callback', AuthCallbackPage, 'authCallback'),
          // The mailed links of docs/decisions/0025-account-and-data.md: verification and email change work
          // signed out too (the token is the proof); deletion needs the session it deletes.
          page('verify-email', VerifyEmailPage, 'verifyEmail'),
          page('confirm-email', ConfirmEmailPage, 'confirmEmail'),
          page('auth/error', UnauthorizedPage, 'authError'),
          page('unauthorized', UnauthorizedPage, 'unauthorized'),
          page('join/:code', JoinPage, 'join'),
          page('search', SearchPage, 'search'),
          page('explore', ExplorePage, 'explore'),
          page('explore/genre/:name', ExploreGenrePage, 'exploreGenre'),
          // Public like the josies on it (docs/decisions/0045-public-curator-profiles.md).
          page('curator/:curatorId', CuratorProfilePage, 'curator'),

          guarded('onboarding', OnboardingPage, 'onboarding'),
          guarded('account', AccountPage, 'account'),
          guarded('profile', AccountPage, 'account'),
          guarded('account/delete', DeleteAccountPage, 'deleteAccount'),
          guarded('profile/:id', PublicProfilePage, 'profile'),
          guarded('saved', SavedPage, 'saved'),
          guarded('notifications', NotificationsPage, 'notifications'),

          guarded('josie/new', JosieEditorPage, 'newJosie', CREATORS),
          guarded('josie/edit/:id', JosieEditorPage, 'editJosie', JOSIE_EDITORS),
          guarded('my-josies', MyJosiesPage, 'myJosies', CREATORS),
          guarded('invites', InvitesPage, 'invites', INVITERS, '/'),
          // Any signed-in user: the server decides whose studio one may read (decision 0050), and a listener
          // or a curator naming another's studio is shown the refusal rather than sent away.
          guarded('studio', StudioOverviewPage, 'studio'),
          guarded('studio/josies', StudioJosiesPage, 'studioJosies'),
          guarded('studio/josies/:id', StudioJosiePage, 'studioJosie'),
          guarded('studio/audience', StudioAudiencePage, 'studioAudience'),

          guarded('editor/dashboard', EditorDashboardPage, 'editorDashboard', REVIEWERS),
          guarded('editor/moderation', ModerationPage, 'moderation', REVIEWERS),

          {
            path: 'admin',
            element: <RequireAuth may={ADMINS} />,
            children: [
              { index: true, element: <Navigate to="/admin/dashboard" replace /> },
              page('dashboard', AdminDashboardPage, 'adminDashboard'),
              page('users', AdminUsersPage, 'adminUsers'),
              page('users/:id', AdminUserPage, 'adminUser'),
              page('system', AdminSystemPage, 'adminSystem'),
              page('studio', AdminStudioPage, 'adminStudio'),
              page('*', NotFoundPage, 'notFound'),
            ],
          },

          page('*', NotFoundPage, 'notFound'),
        ],
      },
    ],
  },
];

/**
 * Loads the code of the page the app opens on, when it is one of the first pages of docs/performance.md (the
 * public home page, the home feed, a josie), so that the first render shows that page at once in place of the
 * static first paint (`src/shell/shell.js`), with no spinner between. Other pages load as they render. Never
 * rejects: a page that failed to load is retried by its route as usual.
 *
 * @param pathname the location's path; `user` the stored user (null when signed out).
 */
export async function preloadFirstPage(pathname: string, user: User | null): Promise<void> {
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route;
  let page: { preload(): Promise<void> } | null = null;
  if (leaf?.path === 'josie/:id') page = JosieViewPage;
  else if (leaf?.index && !user) page = PublicHomePage;
  else if (leaf?.index && user?.onboarding.completed && dashboardPath(user.abilities) === null) {
    page = HomeFeedPage;
  }
  await page?.preload().catch(() => undefined);
}

/** The browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
