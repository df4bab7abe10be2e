import type { AppJobQueue } from '../../jobs/app-jobs.js';
import type { LinksService } from './service.js';

/** How often the refresh looks for due and new items: every ten minutes (cron, UTC). */
export const LINKS_REFRESH_CRON = '*/10 * * * *';

/**
 * Registers the link jobs on the app's queue (decision 0018; docs/decisions/0022-listen-on-your-own-service.md):
 * `links.resolve` (one item, retried with back-off) and the periodic `links.refresh`.
 */
export function registerLinkJobs(deps: { jobs: AppJobQueue; links: LinksService }): void {
  const { jobs, links } = deps;
  jobs.work('links.resolve', async (job) => {
    await links.resolveJob(job.payload.itemUrl, {
      number: job.attempt,
      last: job.attempt >= job.maxAttempts,
    });
  });
  jobs.work('links.refresh', async () => {
    await links.refresh();
  });
  if (links.configured) jobs.schedule('links.refresh', LINKS_REFRESH_CRON, { run: 'periodic' });
}
