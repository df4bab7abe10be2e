// The public entry of the search module: what the composition root and the app may import from it
// (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.

export { registerSearchWordsRefresh, type SearchJobs } from './jobs.js';
export { createSearchService, type SearchService } from './service.js';
