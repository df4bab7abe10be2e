import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { createQueryClient } from '../../api/queryClient';
import { AppRoot } from '../../layout/AppRoot';
import { type AbilityCheck, GuestOnly, RequireAuth } from '../../session/guards';
import { storeSession } from '../../session/storage';
import { defaultRoutes, installFetchStub } from '../../test/fetchStub';
import type { RenderAppOptions } from '../../test/renderApp';
import LoginPage from '../auth/LoginPage';
import SignupPage from '../auth/SignupPage';
import InvitesPage from './InvitesPage';
import JoinPage from './JoinPage';

const INVITERS: AbilityCheck = (abilities) => abilities.invite;

/** Stands in for `/`, whose feed belongs to another feature: says where the user landed. */
function Landed() {
  const location = useLocation();
  return <h1>Landed on {location.pathname}</h1>;
}

/**
 * Renders the invite journey's pages with the app's root (session, toasts, language) and real guards,
 * in a memory router at `path`: the landing page, login, signup and invite management. Home (`/`) and
 * onboarding are stand-ins, so these tests do not depend on the feed's own requests.
 */
export function renderInviteJourney(path: string, options: RenderAppOptions = {}) {
  const stub = installFetchStub([...(options.routes ?? []), ...defaultRoutes(options.flags)]);
  if (options.session) storeSession(options.session);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        element: <AppRoot />,
        children: [
          { index: true, element: <Landed /> },
          { path: 'onboarding', element: <Landed /> },
          { path: 'join/:code', element: <JoinPage /> },
          {
            path: 'login',
            element: (
              <GuestOnly returnToOrigin>
                <LoginPage />
              </GuestOnly>
            ),
          },
          {
            path: 'signup',
            element: (
              <GuestOnly>
                <SignupPage />
              </GuestOnly>
            ),
          },
          {
            path: 'invites',
            element: (
              <RequireAuth may={INVITERS}>
                <InvitesPage />
              </RequireAuth>
            ),
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, stub, user, queryClient };
}
