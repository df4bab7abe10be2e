// A relative import, not `@josie/contract`: `vite.plugins.ts` imports this module, and Vite's config loader
// leaves packages to Node, which does not load the contract's TypeScript, and bundles relative imports.
// `routes.ts` is zod-free and imports types only, so nothing else comes with it.
import { ROUTES } from '../../../../packages/contract/src/routes.ts';

/**
 * The API paths `shell.js` reads before any module runs, by its own names: the signed-in feed's first page
 * (`feed`), the curator strip (`curatorStrip`), the feed theme (`preferences`) and a visitor's josie
 * (`josie`, a pattern whose `:id` the script fills). Taken from the contract's route table
 * (docs/decisions/0015-endpoints-in-the-contract.md); `appShell()` in `vite.plugins.ts` writes them into
 * the script as `JOSIE_SHELL_API`, a literal object, because the script runs before any module and cannot
 * import the table (the static first paint: docs/performance.md).
 */
export function shellApiPaths() {
  return {
    feed: ROUTES.getFeed.path,
    curatorStrip: ROUTES.curatorsFeed.path,
    preferences: ROUTES.getPreferences.path,
    josie: ROUTES.getJosie.path,
  } as const;
}
