import type { AppJobQueue } from '../../jobs/app-jobs.js';
import type { Job } from '../../jobs/queue.js';
import type { DomainEvents } from '../../realtime/bus.js';
import type { ShareCardJobs, ShareCardsService } from './service.js';

/**
 * The share cards' job handlers and event listeners (docs/decisions/0044-share-cards.md), registered by
 * the composition root (docs/ARCHITECTURE.md "Background work"):
 * - `josie` and `curator` handle `share-cards.josie` and `share-cards.curator`;
 * - `events.josiePublished` (on `josie.published`: an approval, the first or after an edit sent the josie
 *   back to review) and `events.profileChanged` (on `user.profile-changed`: name, avatar, colour or font)
 *   enqueue them. A josie's card shows its curator too: after a profile change its josies' cards are made
 *   again on their pages' first views, not all at once.
 */
export function shareCardJobs(cards: ShareCardsService, jobs: Pick<AppJobQueue, 'enqueue'>) {
  return {
    josie: async (job: Job<ShareCardJobs['share-cards.josie']>) => {
      await cards.makeJosieCard(job.payload.josieId);
    },
    curator: async (job: Job<ShareCardJobs['share-cards.curator']>) => {
      await cards.makeCuratorCard(job.payload.userId);
    },
    events: {
      josiePublished: async ({ josieId }: DomainEvents['josie.published']) => {
        await jobs.enqueue('share-cards.josie', { josieId }, { maxAttempts: 3 });
      },
      profileChanged: async ({ userId }: DomainEvents['user.profile-changed']) => {
        await jobs.enqueue('share-cards.curator', { userId }, { maxAttempts: 3 });
      },
    },
  };
}
