import type { FastifyBaseLogger } from 'fastify';
import type { AppJobQueue } from '../../jobs/app-jobs.js';
import type { Job } from '../../jobs/queue.js';
import type { LinkJobs, LinksService } from './service.js';

/** How often the refresh looks for due and new items: every ten minutes (cron, UTC). */
export const LINKS_REFRESH_CRON = '*/10 * * * *';

/**
 * The handlers of the link jobs (decision 0018; docs/decisions/0022-listen-on-your-own-service.md):
 * `resolve` for `links.resolve` (one item, retried with back-off) and `refresh` for the periodic
 * `links.refresh`. The composition root registers them, and the refresh's schedule
 * ({@link LINKS_REFRESH_CRON}) when a source is configured.
 */
export function linkJobs(links: LinksService) {
  return {
    resolve: async (job: Job<LinkJobs['links.resolve']>) => {
      await links.resolveJob(job.payload.itemUrl, {
        number: job.attempt,
        last: job.attempt >= job.maxAttempts,
      });
    },
    refresh: async () => {
      await links.refresh();
    },
  };
}

/**
 * Run once the server is ready, when a source is configured: one refresh, so that items of josies written
 * while no source was configured (the demo josies on a first start) are resolved without waiting for the
 * cron. One per ten minutes between instances that start together (the key dedupes). A failure is logged,
 * never thrown.
 */
export async function enqueueStartRefresh(
  jobs: Pick<AppJobQueue, 'enqueue'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const slot = Math.floor(Date.now() / 600_000);
  await jobs
    .enqueue('links.refresh', { run: 'periodic' }, { key: `links.refresh:start:${slot}` })
    .catch((err: unknown) => log.warn({ err }, 'could not enqueue the first link refresh'));
}
