// The public entry of the links module: what other modules, the composition root and the app may import
// from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.
export { enqueueStartRefresh as enqueueLinksStartRefresh, LINKS_REFRESH_CRON, linkJobs } from './jobs.js';
export { listenItems, resolvableItems } from './merge.js';
export { type StoredLinks, storedLinksOf } from './queries.js';
export { createOdesliPacer } from './resolver.js';
export { createLinksService, type LinkJobs, type LinksService } from './service.js';
