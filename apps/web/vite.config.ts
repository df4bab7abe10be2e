import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appShell, EMBED_ENTRY, precompressAssets } from './vite.plugins.ts';

/** The API server the dev server forwards to (`npm run dev -w apps/server` listens on 3000). */
const apiServer = 'http://localhost:3000';

/**
 * Rolldown's notes on slow plugins depend on how busy the machine is, not on the build: a newcomer's first
 * `npm start` on a loaded laptop should not print them (`scripts/check-start-output.mjs`).
 */
const QUIET_CHECKS = { bundlerTimings: false };

/**
 * The modules of the `josie-read` chunk (see the build's `codeSplitting` groups): what the josie page and the
 * feed read a josie with, and the play icon of the player's facade and the feed's cards.
 */
const JOSIE_READ =
  /src[\\/](features[\\/]josie[\\/](components[\\/](AudioCard|VideoEmbed|CreatorName|GenreChips)|listen[\\/](choose|provider|FindOn|lazy)|read|paragraphs|colour)|lib[\\/](dates|fonts|useIsClient)|domain[\\/](media-urls|image-source))\.tsx?$|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]play\.mjs$/;

/**
 * Vite build of the web app. In development `/api`, `/media` and the socket.io endpoint are proxied to
 * the API server so the browser sees one origin, exactly like production where the server serves
 * `dist/`. Pages are split per route with `React.lazy` (see `src/router.tsx`), so the first page only
 * loads the shell; the service worker (vite-plugin-pwa) keeps the shell for offline starts.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // The browser's build only: the server build (`src/prerender/`) has no page, assets or worker.
    ...(isSsrBuild ? [] : [appShell(), precompressAssets()]),
    // The service worker (src/push/sw.ts, built to /sw.js) precaches the app shell: every script and style
    // chunk, index.html and the icons, so the installed app starts offline. The manifests are static files
    // in public/ (one per language) and src/push/register.tsx registers the worker.
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src/push',
        filename: 'sw.ts',
        injectRegister: false,
        manifest: false,
        injectManifest: {
          // A classic script: the plugin's ES build of the worker still sets Rolldown's deprecated
          // `inlineDynamicImports`, which prints a warning on every build.
          rollupFormat: 'iife',
          globPatterns: ['index.html', 'assets/*.{js,css}', 'icons/*.png', 'favicon.svg', '*.webmanifest'],
          maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        },
      }),
  ],
  resolve: {
    // react-i18next's `useSyncExternalStore` shim, for Reacts before 18: React's own here
    // (src/lib/syncExternalStore.ts).
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/lib/syncExternalStore.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true },
      '/media': { target: apiServer, changeOrigin: true },
      '/socket.io': { target: apiServer, changeOrigin: true, ws: true },
    },
  },
  // The server build (`npm run build`'s second step: `vite build --ssr src/prerender/pages.ts`) is one
  // module the server imports, with every dependency bundled: the server does not depend on the web's
  // packages.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        copyPublicDir: false,
        rolldownOptions: {
          // The renderings bundle both languages' texts statically (src/prerender/i18n.ts) while the app
          // loads them on demand: expected here, so not worth a warning on every build.
          checks: { ...QUIET_CHECKS, ineffectiveDynamicImport: false },
          output: { entryFileNames: 'pages.mjs', chunkFileNames: '[name]-[hash].mjs' },
        },
      }
    : {
        sourcemap: true,
        // The largest chunk is the admin dashboard's (its charts, ~420 KB), loaded by admins only; the first
        // pages are held to their own budgets by `npm run bench:web`.
        chunkSizeWarningLimit: 500,
        rolldownOptions: {
          // Two pages: the app (`index.html`) and a josie's embed page (`embed.html`, its own entry with no app
          // shell, router or service worker; docs/decisions/0043-embeds.md).
          input: {
            index: fileURLToPath(new URL('./index.html', import.meta.url)),
            [EMBED_ENTRY]: fileURLToPath(new URL('./embed.html', import.meta.url)),
          },
          // zod's schema builders have no side effects, so schemas a chunk does not use can be dropped
          // (docs/performance.md: about 1 KB gzip on the first pages; the contract's `"sideEffects": false`
          // does the bulk).
          treeshake: { manualPureFunctions: ['z'] },
          checks: QUIET_CHECKS,
          output: {
            // Libraries every page needs get stable chunks of their own, so a deploy that changes only app
            // code keeps them cached. Libraries of some pages only (forms, dialogs) stay with those pages.
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
                { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
                // What the josie page and the feed both read a josie with (cards, players, names, dates):
                // one chunk instead of seven small ones, which gzip apart less well (docs/performance.md:
                // ~1 KB on the josie page's budget). Pages that need only part of it load it whole.
                { name: 'josie-read', test: JOSIE_READ, includeDependenciesRecursively: false },
              ],
            },
          },
        },
      },
}));
