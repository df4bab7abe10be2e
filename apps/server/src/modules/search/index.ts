// The public entry of the search module: what the composition root and the app may import from it
// (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.

export {
  enqueueStartRefresh as enqueueSearchStartRefresh,
  SEARCH_WORDS_REFRESH_CRON,
  type SearchJobs,
  searchWordsListeners,
  searchWordsRefreshJob,
} from './jobs.js';
export { createSearchService, type SearchService } from './service.js';
