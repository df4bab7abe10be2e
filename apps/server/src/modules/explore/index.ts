// The public entry of the explore module: what the composition root and the app may import from it
// (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.
export { createExploreService, EXPLORE_SIZES, type ExploreService } from './service.js';
