import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { registerLinkJobs } from './jobs.js';

/**
 * The link resolver's background work (docs/decisions/0022-listen-on-your-own-service.md): registers its
 * jobs and, once the server is ready, one refresh, so that items of josies written while no source was
 * configured (the demo josies on a first start) are resolved without waiting for the cron. Its HTTP routes
 * belong to the features that show them: `GET /api/audio/links` (audio), `GET /api/admin/link-resolver`
 * (admin).
 */
export const linksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const links = ctx.services.links;
  registerLinkJobs({ jobs: ctx.jobs, links });
  if (!links.configured) return;
  app.addHook('onReady', async () => {
    // One per ten minutes between instances that start together (the key dedupes).
    const slot = Math.floor(Date.now() / 600_000);
    await ctx.jobs
      .enqueue('links.refresh', { run: 'periodic' }, { key: `links.refresh:start:${slot}` })
      .catch((err: unknown) => app.log.warn({ err }, 'could not enqueue the first link refresh'));
  });
};
