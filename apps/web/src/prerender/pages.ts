/**
 * The server build's entry (`npm run build`: `vite build --ssr src/prerender/pages.ts`, written to
 * `dist/.ssr/pages.mjs`, a dot folder the server never serves): the pages the server renders for their
 * first paint (docs/performance.md). The server loads it with `apps/server/src/lib/first-paint.ts`.
 */
export { renderHomeFeedPage } from './homeFeedPage';
export { renderJosiePage } from './josiePage';
