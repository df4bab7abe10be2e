/**
 * The server's first paint of the signed-in home feed (docs/performance.md, decision 0008): the app's layout
 * and home feed page as the app renders them for the user of the session cookie, in English or Hebrew, for
 * `index.html`'s `#root`. The strip's pictures (the page's largest paint) then come with the first paint
 * instead of after the app's scripts, its reads and its render; the app replaces this markup with the same
 * page on its first render, from the same answers the server wrote beside it: the dehydrated state this
 * rendering's query client is hydrated with, as the app's is before its first render (`api/firstPaint.ts`,
 * decision 0017).
 *
 * Built into `dist/.ssr/pages.mjs` (`pages.ts`) and loaded by the server
 * (`apps/server/src/modules/feed/home-page.ts`). Effects do not run here: the live socket, fonts and
 * players start in the browser, as on a first client render.
 */
import { type FirstPaintState, type Language, PAGE_QUERY_KEYS, type User } from '@josie/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Route, Routes, StaticRouter } from 'react-router';
import { hydratePage } from '../api/firstPaint';
import HomeFeedPage from '../features/feed/HomeFeedPage';
import { AppLayout } from '../layout/AppLayout';
import { StaticSessionProvider } from '../session/SessionProvider';
import { i18nInstances } from './i18n';

/**
 * The HTML of the home feed (`/`) for the user whose answers these are, in `language`.
 *
 * @param state the answers to the page's first reads exactly as the server writes them into the page: a
 *   TanStack dehydrated state under the contract's `PAGE_QUERY_KEYS`, the served user (`GET /api/users/me`,
 *   required), the following feed's first page, the curator strip and the preferences. A read without its
 *   answer renders as it does in the browser before its answer arrives (skeletons, spinner).
 * @throws Error when `state` has no user.
 */
export function renderHomeFeedPage(state: FirstPaintState, language: Language): string {
  const served = JSON.stringify(PAGE_QUERY_KEYS.servedUser);
  const user = state.queries.find((query) => query.queryHash === served)?.state.data as User | undefined;
  if (!user) throw new Error('renderHomeFeedPage needs the served user (GET /api/users/me)');
  const queryClient = new QueryClient();
  hydratePage(queryClient, state);
  return renderToString(
    <I18nextProvider i18n={i18nInstances[language]}>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location="/">
          <StaticSessionProvider user={user}>
            <Routes>
              <Route element={<AppLayout />}>
                <Route index element={<HomeFeedPage />} />
              </Route>
            </Routes>
          </StaticSessionProvider>
        </StaticRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
