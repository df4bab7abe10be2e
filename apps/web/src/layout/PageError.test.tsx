import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/queryClient';
import { lazyPage } from '../lib/lazyPage';
import { defaultRoutes, installFetchStub, json } from '../test/fetchStub';
import { AppLayout } from './AppLayout';
import { AppRoot } from './AppRoot';
import { routePattern } from './PageError';

/** Chromium's error for a chunk that did not download. */
const CHUNK = 'https://josie.test/assets/CuratorProfilePage-abc.js';
const networkError = () => new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`);

function CuratorPage() {
  return <h1>The curator</h1>;
}

/**
 * The app's root and layout around one lazy page at `/curator/:curatorId` whose code is there only when
 * `available()` says so (the browser's import and its retries are replaced, without back-off).
 */
function renderBrokenPage(available: () => boolean, flags: { language_select?: string } = {}) {
  const stub = installFetchStub([
    { method: 'POST', path: '/api/client-errors', reply: () => json(202, { success: true }) },
    ...defaultRoutes(flags),
  ]);
  const load = vi.fn(async () => {
    if (!available()) throw networkError();
    return { default: CuratorPage };
  });
  const Page = lazyPage(load, {
    retry: { retries: 1, minTimeoutMs: 0, importUrl: async () => load() },
  });
  const router = createMemoryRouter(
    [
      {
        element: <AppRoot />,
        children: [{ element: <AppLayout />, children: [{ path: 'curator/:curatorId', element: <Page /> }] }],
      },
    ],
    { initialEntries: ['/curator/c-42'] },
  );
  // React reports the errors its boundaries catch on the console; these are expected.
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { onCaughtError: () => {} },
  );
  return { stub, load, router };
}

describe('the page error screen', () => {
  for (const [lang, text] of [
    [
      'en',
      { title: "This page didn't load", retry: 'Try again', home: 'Back to home', nav: 'Main navigation' },
    ],
    ['he', { title: 'הדף לא נטען', retry: 'לנסות שוב', home: 'חזרה לדף הבית', nav: 'ניווט ראשי' }],
  ] as const) {
    it(`keeps the header, says what happened in ${lang}, reports the route, and "Try again" loads the page`, async () => {
      // As the language toggle leaves it (docs/product/rules-and-limits.md#constants), with the language flag
      // on.
      window.localStorage.setItem('i18nextLng', lang);
      let available = false;
      const { stub, load } = renderBrokenPage(() => available, { language_select: 'true' });

      // The language follows once the flags are read.
      expect(
        await screen.findByRole('heading', { level: 1, name: text.title }, { timeout: 5_000 }),
      ).toBeInTheDocument();
      const alert = screen.getByRole('alert');
      expect(screen.getByRole('navigation', { name: text.nav })).toBeInTheDocument();
      expect(within(alert).getByRole('link', { name: text.home })).toHaveAttribute('href', '/');
      expect(document.documentElement.dir).toBe(lang === 'he' ? 'rtl' : 'ltr');
      expect(load).toHaveBeenCalledTimes(2);

      // Reported once, with the route's pattern (not the curator's id) and the failed chunk.
      await vi.waitFor(() => expect(stub.calls('POST', '/api/client-errors')).toHaveLength(1));
      expect(stub.calls('POST', '/api/client-errors')[0]?.body).toMatchObject({
        kind: 'chunk',
        route: '/curator/:curatorId',
        url: CHUNK,
        online: true,
      });

      available = true;
      await userEvent.click(within(alert).getByRole('button', { name: text.retry }));
      expect(await screen.findByRole('heading', { level: 1, name: 'The curator' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(stub.calls('POST', '/api/client-errors')).toHaveLength(1);
    });
  }

  it('offline, says so and loads the page by itself when the browser is back online', async () => {
    let online = false;
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const { load } = renderBrokenPage(() => online);

    expect(await screen.findByRole('heading', { level: 1, name: "You're offline" })).toBeInTheDocument();
    // Offline, no retries are spent: the network is not there.
    expect(load).toHaveBeenCalledTimes(1);

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'The curator' })).toBeInTheDocument();
    onLine.mockRestore();
  });
});

describe('routePattern', () => {
  it('names a route by its pattern, never by the ids or codes in the visited path', () => {
    expect(routePattern('/curator/c-42', { curatorId: 'c-42' })).toBe('/curator/:curatorId');
    expect(routePattern('/join/SECRET%20CODE', { code: 'SECRET CODE' })).toBe('/join/:code');
    expect(routePattern('/about', {})).toBe('/about');
    expect(routePattern('/no/such/page', { '*': 'no/such/page' })).toBe('/*');
    expect(routePattern('/', {})).toBe('/');
  });
});
