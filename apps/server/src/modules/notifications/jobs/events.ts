import type { DomainEvents } from '../../../realtime/bus.js';
import { approvalCount } from '../queries.js';
import type { NotificationDeps } from './context.js';
import type { LikesReader } from './likes-since.js';

/**
 * Enqueues the notifications of domain events, after their transactions commit
 * (docs/product/rules-and-limits.md#notifications-and-install): a review decision tells the josie's creator;
 * a josie's first publication tells the curator's followers (an edited josie approved again is not news to
 * them); someone joining through an invite tells the curator; a like tells the josie's creator. A failure
 * here is logged by the bus and never reaches the request that raised the event.
 * The composition root subscribes each listener to its event.
 */
export function notificationEvents(deps: Pick<NotificationDeps, 'db' | 'jobs'> & { readLikes: LikesReader }) {
  const { db, jobs, readLikes } = deps;
  return {
    // The like is in `josie_likes` already: read it with whatever else came since (decision 0034).
    likeAdded: () => readLikes(),
    josieReviewed: async ({ josieId, action, reason }: DomainEvents['josie.reviewed']) => {
      await jobs.enqueue('notify.josie-reviewed', { josieId, action, reason });
    },
    josiePublished: async ({ josieId }: DomainEvents['josie.published']) => {
      if ((await approvalCount(db, josieId)) !== 1) return;
      await jobs.enqueue('notify.josie-published', { josieId }, { key: `josie-published:${josieId}` });
    },
    inviteJoined: async ({ inviteId, curatorId, userId }: DomainEvents['invite.joined']) => {
      await jobs.enqueue('notify.invite-joined', { curatorId, userId, inviteId });
    },
  };
}
