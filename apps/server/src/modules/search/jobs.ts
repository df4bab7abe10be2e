import type { AppJobQueue } from '../../jobs/app-jobs.js';
import type { SearchService } from './service.js';

/** The refresh of the known-words dictionary (decision 0018, "Scheduled work"; decision 0021). */
export type SearchJobs = { 'search.refreshWords': { run: 'every 10 minutes' } };

/**
 * Every 10 minutes (cron, UTC): how long a new word waits before its misspellings find it too (it is found
 * exactly at once). The refresh reads every published josie's document, a few seconds at 200,000 josies
 * (docs/performance.md#search).
 */
export const SEARCH_WORDS_REFRESH_CRON = '*/10 * * * *';

/** Registers the `search.refreshWords` job and its schedule on the app's queue. */
export function registerSearchWordsRefresh(deps: { jobs: AppJobQueue; search: SearchService }): void {
  const { jobs, search } = deps;
  jobs.work('search.refreshWords', async () => {
    await search.refreshWords();
  });
  jobs.schedule('search.refreshWords', SEARCH_WORDS_REFRESH_CRON, { run: 'every 10 minutes' });
}
