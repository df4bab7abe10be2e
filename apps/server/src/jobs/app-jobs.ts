import type { AccountExportJobs, PasswordResetJobs } from '../modules/account/index.js';
import type { SessionJobs } from '../modules/auth/index.js';
import type { FeedJobs } from '../modules/feed/index.js';
import type { UploadJobs } from '../modules/images/index.js';
import type { InviteJobs } from '../modules/invites/index.js';
import type { LinkJobs } from '../modules/links/index.js';
import type { NotificationJobs } from '../modules/notifications/index.js';
import type { SearchJobs } from '../modules/search/index.js';
import type { ShareCardJobs } from '../modules/share-cards/index.js';
import type { AnalyticsJobs } from '../modules/site/index.js';
import type { StudioJobs } from '../modules/studio/index.js';
import type { JobQueue } from './queue.js';

/** Every job of the app by name, with its payload type; a feature with jobs adds its map here. */
export type AppJobs = NotificationJobs &
  AnalyticsJobs &
  SessionJobs &
  PasswordResetJobs &
  AccountExportJobs &
  UploadJobs &
  InviteJobs &
  SearchJobs &
  LinkJobs &
  FeedJobs &
  ShareCardJobs &
  StudioJobs;

/**
 * The app's job queue (`AppContext.jobs`). Features take this one type (`JobQueue` is invariant in its
 * map: a queue of every job is not a queue of one feature's jobs).
 */
export type AppJobQueue = JobQueue<AppJobs>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's job queue, e.g. `await app.jobs.idle()` in a test before measuring a request. */
    jobs: AppJobQueue;
  }
}
