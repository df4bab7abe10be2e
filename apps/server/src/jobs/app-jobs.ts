import type { NotificationJobs } from '../modules/notifications/jobs.js';
import type { JobQueue } from './queue.js';

/** Every job of the app by name, with its payload type; a feature with jobs adds its map here. */
export type AppJobs = NotificationJobs;

/** The app's job queue (`AppContext.jobs`). */
export type AppJobQueue = JobQueue<AppJobs>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's job queue, e.g. `await app.jobs.idle()` in a test before measuring a request. */
    jobs: AppJobQueue;
  }
}
