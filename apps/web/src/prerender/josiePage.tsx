/**
 * The server's first paint of a published josie's page for a visitor (docs/performance.md): the josie view as
 * the app renders it, in English or Hebrew, for `index.html`'s `#root`. The page's largest paint (its first
 * paragraph) then does not wait for the app's scripts; the app replaces this markup with the same view on its
 * first render (`api/firstPaint.ts` hydrates its query client with the josie the server wrote beside).
 *
 * Built by `npm run build` into `dist/.ssr/pages.mjs` (`pages.ts`: Vite's server build, every dependency
 * bundled) and loaded by the server (`apps/server/src/modules/josies/share.ts`). Effects do not run here:
 * the players, fonts and follow state start in the browser, as on a first client render.
 */
import type { Josie, Language } from '@josie/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { JosieView } from '../features/josie/JosieViewPage';
import { StaticSessionProvider } from '../session/SessionProvider';
import { i18nInstances } from './i18n';

/**
 * The HTML of `<JosieView>` for a visitor, in `language`, at `path` (the page's own path, for links that
 * return to it).
 */
export function renderJosiePage(josie: Josie, language: Language, path: string): string {
  return renderToString(
    <I18nextProvider i18n={i18nInstances[language]}>
      <QueryClientProvider client={new QueryClient()}>
        <StaticRouter location={path}>
          <StaticSessionProvider user={null}>
            <JosieView josie={josie} />
          </StaticSessionProvider>
        </StaticRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
