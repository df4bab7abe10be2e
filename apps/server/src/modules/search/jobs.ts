import type { FastifyBaseLogger } from 'fastify';
import type { AppJobQueue } from '../../jobs/app-jobs.js';
import type { SearchService } from './service.js';

/** The refresh of the known-words dictionary (decision 0018, "Scheduled work"; decision 0021). */
export type SearchJobs = { 'search.refreshWords': { run: 'every 10 minutes' } };

/**
 * Every 10 minutes (cron, UTC): the dictionary made again, for what the listeners ({@link
 * searchWordsListeners}) missed and to drop the words no longer anywhere. The refresh reads every published
 * josie's document, a few seconds at 200,000 josies (docs/performance.md#search).
 */
export const SEARCH_WORDS_REFRESH_CRON = '*/10 * * * *';

/**
 * The handler of the `search.refreshWords` job; the composition root registers it and its schedule
 * ({@link SEARCH_WORDS_REFRESH_CRON}).
 */
export function searchWordsRefreshJob(search: SearchService): () => Promise<void> {
  return async () => {
    await search.refreshWords();
  };
}

/**
 * Run once the server is ready: one refresh, since the demo josies (and any written since the last refresh
 * before a restart) would otherwise wait for the cron before their misspellings find them. The key dedupes
 * instances that start within the same ten minutes. A failure is logged, never thrown.
 */
export async function enqueueStartRefresh(
  jobs: Pick<AppJobQueue, 'enqueue'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const slot = Math.floor(Date.now() / 600_000);
  await jobs
    .enqueue('search.refreshWords', { run: 'every 10 minutes' }, { key: `search.refreshWords:start:${slot}` })
    .catch((err: unknown) => log.warn({ err }, 'could not enqueue the first search words refresh'));
}

/**
 * The listeners that feed the dictionary of known words as things happen, so that a new word's misspellings
 * are forgiven at once (docs/decisions/0021-search-in-postgresql.md): a josie's words once its publication
 * committed (`josie.published`), a curator's name once it is set or its owner becomes a curator
 * (`user.profile-changed`, `user.role-changed`). A few hundred index entries each, against a refresh that
 * reads every published josie. A failure is logged by the bus; the next refresh adds what was missed.
 */
export function searchWordsListeners(search: SearchService) {
  return {
    josiePublished: ({ josieId }: { josieId: string }) => search.addJosieWords(josieId),
    curatorNamed: ({ userId }: { userId: string }) => search.addCuratorWords(userId),
  };
}
