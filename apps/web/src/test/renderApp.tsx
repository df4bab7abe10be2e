import type { AuthResponse, FlagsResponse } from '@josie/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../api/queryClient';
import { routes } from '../router';
import { storeSession } from '../session/storage';
import { defaultRoutes, type FetchStub, installFetchStub, type StubRoute } from './fetchStub';

export interface RenderAppOptions {
  /** A stored session to start signed in. */
  session?: AuthResponse;
  /** Flag values answered by `GET /api/config/flags`. */
  flags?: Partial<FlagsResponse>;
  /** Extra request handlers (checked before the defaults). */
  routes?: StubRoute[];
}

/**
 * Renders the whole app (real route table, guards, session, i18n) in a memory router at `path`, with a
 * fresh query client and a strict fetch stub. Answers the router (for its location), the stub and a
 * user-event instance.
 */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const stub: FetchStub = installFetchStub([...(options.routes ?? []), ...defaultRoutes(options.flags)]);
  if (options.session) storeSession(options.session);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, stub, user, queryClient };
}
