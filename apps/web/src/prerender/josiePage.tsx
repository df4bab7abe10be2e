/**
 * The server's first paint of a published josie's page for a visitor (issue 9): the josie view as the
 * app renders it, in English or Hebrew, for `index.html`'s `#root`. The page's largest paint (its first
 * paragraph) then does not wait for the app's scripts; the app replaces this markup with the same view on
 * its first render (`api/firstAnswer.ts` gives it the josie the server wrote beside).
 *
 * Built by `npm run build` into `dist/.ssr/josie-page.mjs` (Vite's server build, every dependency
 * bundled) and loaded by the server (`apps/server/src/modules/josies/share.ts`). Effects do not run here:
 * the players, fonts and follow state start in the browser, as on a first client render.
 */
import { type Josie, LANGUAGES, type Language } from '@josie/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance, type i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { JosieView } from '../features/josie/JosieViewPage';
import en from '../i18n/locales/en/index';
import he from '../i18n/locales/he/index';
import { VisitorSessionProvider } from '../session/SessionProvider';

const TEXTS: Record<Language, typeof en> = { en, he };

/** One i18next instance per language, initialised synchronously (`initAsync: false`): texts bundled. */
const instances = Object.fromEntries(
  LANGUAGES.map((language) => {
    const instance = createInstance();
    void instance.init({
      resources: { [language]: { translation: TEXTS[language] } },
      lng: language,
      fallbackLng: false,
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
    return [language, instance];
  }),
) as Record<Language, I18n>;

/**
 * The HTML of `<JosieView>` for a visitor, in `language`, at `path` (the page's own path, for links that
 * return to it).
 */
export function renderJosiePage(josie: Josie, language: Language, path: string): string {
  return renderToString(
    <I18nextProvider i18n={instances[language]}>
      <QueryClientProvider client={new QueryClient()}>
        <StaticRouter location={path}>
          <VisitorSessionProvider>
            <JosieView josie={josie} />
          </VisitorSessionProvider>
        </StaticRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
