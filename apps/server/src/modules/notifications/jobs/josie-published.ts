import type { Job } from '../../../jobs/queue.js';
import { newJosiePush } from '../messages.js';
import type { NotificationJobs } from '../notifier.js';
import { followerSubscriptionsPage, josieWithCreator } from '../queries.js';
import type { NotificationJobContext } from './context.js';
import { DAY_S } from './context.js';

/** Followers' subscriptions enqueued per statement when a josie is published. */
const FANOUT_PAGE = 500;

/**
 * `notify.josie-published`: a josie's first publication, for the curator's followers: their in-app entries
 * through paged `notify.new-josie-page` jobs, and a push to each subscribed browser.
 */
export function josiePublishedJob(deps: NotificationJobContext) {
  const { db, jobs, push } = deps;
  return async (job: Job<NotificationJobs['notify.josie-published']>) => {
    const josie = await josieWithCreator(db, job.payload.josieId);
    if (josie?.status !== 'published') return;
    // The in-app entries are written by paged jobs: a curator with many followers costs this job one enqueue.
    await jobs.enqueue(
      'notify.new-josie-page',
      { josieId: josie.josieId, curatorId: josie.creatorId, after: null },
      { key: `${job.id}:inapp:first` },
    );
    if (!push) return;
    const input = { josieId: josie.josieId, title: josie.title, curatorName: josie.name };
    const payloads = { en: newJosiePush('en', input), he: newJosiePush('he', input) };
    let after: string | null = null;
    for (;;) {
      const page = await followerSubscriptionsPage(db, josie.creatorId, after, FANOUT_PAGE);
      await jobs.enqueueMany(
        page.map((s) => ({
          name: 'send.push' as const,
          payload: { subscriptionId: s.id, payload: payloads[s.language], options: { ttlSeconds: DAY_S } },
          options: { key: `${job.id}:${s.id}` },
        })),
      );
      if (page.length < FANOUT_PAGE) break;
      after = page[page.length - 1]!.id;
    }
  };
}
