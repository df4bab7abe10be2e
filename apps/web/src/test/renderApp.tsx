import type { AuthResponse, FlagsResponse } from '@josie/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { hydrateFirstPaint, keepFirstPaintForFirstRoute } from '../api/firstPaint';
import { createQueryClient } from '../api/queryClient';
import { appFonts, type FontLoader, FontsProvider } from '../lib/fonts';
import { type FeedSocketHub, FeedSocketProvider } from '../realtime';
import { createFakeFeedSocket } from '../realtime/testing';
import { routes } from '../router';
import { readStoredSession, storeSession } from '../session/storage';
import { afterTest } from './afterTest';
import { defaultRoutes, type FetchStub, installFetchStub, type StubRoute } from './fetchStub';

export interface RenderAppOptions {
  /** A stored session to start signed in. */
  session?: AuthResponse;
  /** Flag values answered by `GET /api/config/flags`. */
  flags?: Partial<FlagsResponse>;
  /** Extra request handlers (checked before the defaults). */
  routes?: StubRoute[];
  /** Renders in React's StrictMode, as `main.tsx` does (effects mount twice in development). */
  strict?: boolean;
  /** The feed socket the app listens on; by default one on stand-in sockets (`realtime/testing.ts`). */
  feedSocket?: FeedSocketHub;
  /** The curator fonts names are drawn in; by default the app's own. */
  fonts?: FontLoader;
}

/**
 * Renders the whole app (real route table, guards, session, i18n) in a memory router at `path`, with a
 * fresh query client, a strict fetch stub and a feed socket on stand-in sockets. Answers the router (for its
 * location), the stub and a user-event instance.
 */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const stub: FetchStub = installFetchStub([...(options.routes ?? []), ...defaultRoutes(options.flags)]);
  if (options.session) storeSession(options.session);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // As `main.tsx` does: the page's first-paint block (`test/firstPaint.ts`) hydrates the client before the
  // first render, for the stored session's user, until the app leaves its first route.
  const stored = readStoredSession();
  const userId = stored.status === 'valid' ? stored.session.user.id : null;
  afterTest(keepFirstPaintForFirstRoute(router, queryClient, hydrateFirstPaint(queryClient, userId)));
  const user = userEvent.setup();
  const app = (
    <QueryClientProvider client={queryClient}>
      <FeedSocketProvider value={options.feedSocket ?? createFakeFeedSocket()}>
        <FontsProvider value={options.fonts ?? appFonts}>
          <RouterProvider router={router} />
        </FontsProvider>
      </FeedSocketProvider>
    </QueryClientProvider>
  );
  const view = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, stub, user, queryClient };
}
