// The public entry of the feed module: what other modules, the composition root and the app may import
// from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.

export { afterCursor, decodeCursor, encodeCursor, type Keyset, keysetTime, newestFirst } from './cursor.js';
export { homeFeedPageTransform } from './home-page.js';
export { createFeedService, type FeedService } from './service.js';
export {
  createHomeTimelines,
  FAN_OUT_PAGE,
  type FeedJobs,
  type HomeTimelines,
  TRIM_CRON as FEED_TRIM_CRON,
  timelineJobs,
} from './timelines.js';
