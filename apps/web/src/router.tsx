import type { Role } from '@josie/contract';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { RouteHandle, TitleKey } from './analytics/RouteTracker';
import { HomeRoute } from './features/home/HomeRoute';
import { RouteErrorPage } from './features/static/RouteErrorPage';
import { AppLayout } from './layout/AppLayout';
import { AppRoot } from './layout/AppRoot';
import { GuestOnly, RequireAuth } from './session/guards';
import { PageSpinner } from './ui/Spinner';

// Every page is its own chunk, so the first page loads only the shell and itself.
const AboutPage = lazy(() => import('./features/static/AboutPage'));
const ContactPage = lazy(() => import('./features/static/ContactPage'));
const TermsPage = lazy(() => import('./features/static/TermsPage'));
const PrivacyPage = lazy(() => import('./features/static/PrivacyPage'));
const NotFoundPage = lazy(() => import('./features/static/NotFoundPage'));
const UnauthorizedPage = lazy(() => import('./features/static/UnauthorizedPage'));
const LoginPage = lazy(() => import('./features/auth/LoginPage'));
const SignupPage = lazy(() => import('./features/auth/SignupPage'));
const ResetPasswordPage = lazy(() => import('./features/auth/ResetPasswordPage'));
const AuthCallbackPage = lazy(() => import('./features/auth/AuthCallbackPage'));
const OnboardingPage = lazy(() => import('./features/onboarding/OnboardingPage'));
const AccountPage = lazy(() => import('./features/account/AccountPage'));
const PublicProfilePage = lazy(() => import('./features/account/PublicProfilePage'));
const CuratorProfilePage = lazy(() => import('./features/curator/CuratorProfilePage'));
const SavedPage = lazy(() => import('./features/feed/SavedPage'));
const JosieViewPage = lazy(() => import('./features/josie/JosieViewPage'));
const JosieEditorPage = lazy(() => import('./features/josie/JosieEditorPage'));
const MyJosiesPage = lazy(() => import('./features/josie/MyJosiesPage'));
const InvitesPage = lazy(() => import('./features/invites/InvitesPage'));
const JoinPage = lazy(() => import('./features/invites/JoinPage'));
const EditorDashboardPage = lazy(() => import('./features/review/EditorDashboardPage'));
const AdminDashboardPage = lazy(() => import('./features/admin/AdminDashboardPage'));
const AdminUsersPage = lazy(() => import('./features/admin/AdminUsersPage'));
const AdminUserPage = lazy(() => import('./features/admin/AdminUserPage'));
const AdminSystemPage = lazy(() => import('./features/admin/AdminSystemPage'));

type Page = LazyExoticComponent<ComponentType>;

/** A page route with its document title. */
function page(path: string, Component: Page, titleKey: TitleKey): RouteObject {
  return { path, element: <Component />, handle: { titleKey } satisfies RouteHandle };
}

/** A page route behind {@link RequireAuth}: any signed-in user, or only `roles`. */
function guarded(path: string, Component: Page, titleKey: TitleKey, roles?: readonly Role[]): RouteObject {
  return {
    path,
    element: (
      <RequireAuth roles={roles}>
        <Component />
      </RequireAuth>
    ),
    handle: { titleKey } satisfies RouteHandle,
  };
}

const CURATOR: readonly Role[] = ['curator'];
/** DESIGN §9.14: the josie's creator, editors and admins may edit (ownership is checked by the server). */
const JOSIE_EDITORS: readonly Role[] = ['curator', 'editor', 'admin'];
const REVIEWERS: readonly Role[] = ['editor', 'admin'];
const ADMIN: readonly Role[] = ['admin'];

/**
 * The route table: spec 000 §2 and spec 001 §2 with the guards of DESIGN §9.1 (signed out -> `/login`
 * and back after sign-in; wrong role -> `/unauthorized`). `/josie/:id` renders outside the header
 * layout; every other page inside it. Exported for tests, which mount it in a memory router.
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
        handle: { titleKey: 'josie' } satisfies RouteHandle,
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
          page('auth/error', UnauthorizedPage, 'authError'),
          page('unauthorized', UnauthorizedPage, 'unauthorized'),
          page('join/:code', JoinPage, 'join'),

          guarded('onboarding', OnboardingPage, 'onboarding'),
          guarded('account', AccountPage, 'account'),
          guarded('profile', AccountPage, 'account'),
          guarded('profile/:id', PublicProfilePage, 'profile'),
          guarded('curator/:curatorId', CuratorProfilePage, 'curator'),
          guarded('saved', SavedPage, 'saved'),

          guarded('josie/new', JosieEditorPage, 'newJosie', CURATOR),
          guarded('josie/edit/:id', JosieEditorPage, 'editJosie', JOSIE_EDITORS),
          guarded('my-josies', MyJosiesPage, 'myJosies', CURATOR),
          guarded('invites', InvitesPage, 'invites', CURATOR),

          guarded('editor/dashboard', EditorDashboardPage, 'editorDashboard', REVIEWERS),

          {
            path: 'admin',
            element: <RequireAuth roles={ADMIN} />,
            children: [
              { index: true, element: <Navigate to="/admin/dashboard" replace /> },
              page('dashboard', AdminDashboardPage, 'adminDashboard'),
              page('users', AdminUsersPage, 'adminUsers'),
              page('users/:id', AdminUserPage, 'adminUser'),
              page('system', AdminSystemPage, 'adminSystem'),
              page('*', NotFoundPage, 'notFound'),
            ],
          },

          page('*', NotFoundPage, 'notFound'),
        ],
      },
    ],
  },
];

/** The browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
