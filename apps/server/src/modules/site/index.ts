// The public entry of the site module: what other modules, the composition root and the app may import
// from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.
export {
  ANALYTICS_PURGE_CRON,
  type AnalyticsJobs,
  analyticsPurgeJob,
  enqueueStartPurge as enqueueAnalyticsStartPurge,
} from './analytics-retention.js';
export { createSiteService, type SiteService } from './service.js';
