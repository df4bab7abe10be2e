// Heebo's Hebrew faces only (styles.css): Latin text keeps the system stack in both languages.
import '@fontsource/heebo/hebrew-400.css';
import '@fontsource/heebo/hebrew-500.css';
import '@fontsource/heebo/hebrew-600.css';
import '@fontsource/heebo/hebrew-700.css';
import '@fontsource/heebo/hebrew-800.css';
import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { hydrateFirstPaint, keepFirstPaintForFirstRoute } from './api/firstPaint';
import { createQueryClient } from './api/queryClient';
import { i18nReady } from './i18n';
import { installNewBuildReload } from './lib/newBuildReload';
import { createAppRouter, preloadFirstPage } from './router';
import { readStoredSession } from './session/storage';

// First of all: a chunk of an old build that is gone reloads the page once (decision 0012).
installNewBuildReload();
const queryClient = createQueryClient();
const router = createAppRouter();
const stored = readStoredSession();
const storedUser = stored.status === 'valid' ? stored.session.user : null;
// Before the first render, so the session provider and the first page find the answers the server wrote into
// the page in the cache, for the first route only (decisions 0008 and 0017).
keepFirstPaintForFirstRoute(router, queryClient, hydrateFirstPaint(queryClient, storedUser?.id ?? null));

/**
 * Renders once the interface language's texts are loaded, so the first paint is already translated. The
 * first render is a transition (docs/performance.md): React then renders in slices of ~5 ms and yields to the
 * browser between them, where a default-priority render is one long task that blocks input (Lighthouse's
 * total blocking time). The static first paint stays on screen until React commits, so nothing is seen
 * earlier.
 */
function render() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}

/**
 * Resolves once the browser has painted the static first paint that `src/shell/shell.js` put in `#root`
 * (docs/performance.md): the app's modules may all be here before the first frame, and rendering at once
 * would replace it unseen. A frame is at most ~16 ms; a hidden page paints no frame, so it does not wait
 * there.
 */
function afterStaticPaint(): Promise<void> {
  if (!document.getElementById('root')?.firstChild || document.visibilityState !== 'visible') {
    return Promise.resolve();
  }
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

const firstPage = preloadFirstPage(window.location.pathname, storedUser);
const translated = i18nReady.catch((error: unknown) => {
  console.warn('Translations failed to load; starting without them', error);
});
void Promise.all([translated, firstPage, afterStaticPaint()]).then(render);
