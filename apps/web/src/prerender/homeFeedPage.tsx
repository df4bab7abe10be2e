/**
 * The server's first paint of the signed-in home feed (docs/performance.md, decision 0008): the app's layout
 * and home feed page as the app renders them for the user of the session cookie, in English or Hebrew, for
 * `index.html`'s `#root`. The strip's pictures (the page's largest paint) then come with the first paint
 * instead of after the app's scripts, its reads and its render; the app replaces this markup with the same
 * page on its first render, from the same answers the server wrote beside it (`api/firstAnswer.ts`).
 *
 * Built into `dist/.ssr/pages.mjs` (`pages.ts`) and loaded by the server
 * (`apps/server/src/modules/feed/home-page.ts`). Effects do not run here: the live socket, fonts and
 * players start in the browser, as on a first client render.
 */
import { type Language, ME_PATH, type User } from '@josie/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Route, Routes, StaticRouter } from 'react-router';
import { FirstAnswersProvider, staticFirstAnswers } from '../api/firstAnswer';
import HomeFeedPage from '../features/feed/HomeFeedPage';
import { AppLayout } from '../layout/AppLayout';
import { StaticSessionProvider } from '../session/SessionProvider';
import { i18nInstances } from './i18n';

/**
 * The HTML of the home feed (`/`) for the user whose answers these are, in `language`.
 *
 * @param answers the answers to the page's first reads, keyed by path, exactly as the server writes them
 *   into the page: `GET /api/users/me` (required), `GET /api/josies/feed`, `GET /api/users/curators/feed` and
 *   `GET /api/users/me/preferences`. A read without its answer renders as it does in the browser before its
 *   answer arrives (skeletons, spinner).
 * @throws Error when `answers` has no user.
 */
export function renderHomeFeedPage(answers: Readonly<Record<string, unknown>>, language: Language): string {
  const user = answers[ME_PATH] as User | undefined;
  if (!user) throw new Error(`renderHomeFeedPage needs the answer of GET ${ME_PATH}`);
  return renderToString(
    <I18nextProvider i18n={i18nInstances[language]}>
      <QueryClientProvider client={new QueryClient()}>
        <FirstAnswersProvider value={staticFirstAnswers(answers)}>
          <StaticRouter location="/">
            <StaticSessionProvider user={user}>
              <Routes>
                <Route element={<AppLayout />}>
                  <Route index element={<HomeFeedPage />} />
                </Route>
              </Routes>
            </StaticSessionProvider>
          </StaticRouter>
        </FirstAnswersProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
