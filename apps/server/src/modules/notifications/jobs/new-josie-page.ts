import type { Job } from '../../../jobs/queue.js';
import { presentNotification } from '../centre.js';
import type { NotificationJobs } from '../notifier.js';
import { josieSubject, notificationsOf, unreadCounts, writeNewJosiePage } from '../queries.js';
import type { NotificationJobContext } from './context.js';

/** Followers given a new josie's in-app entry per job (each page is its own job and transaction). */
export const NEW_JOSIE_PAGE = 1000;

/**
 * `notify.new-josie-page`: one page of {@link NEW_JOSIE_PAGE} followers' in-app entries of a new josie,
 * announced to those with a socket open; enqueues the next page in the same transaction.
 */
export function newJosiePageJob(deps: NotificationJobContext) {
  const { db, jobs, bus, heard } = deps;
  return async (job: Job<NotificationJobs['notify.new-josie-page']>) => {
    const { josieId, curatorId, after } = job.payload;
    const josie = await josieSubject(db, josieId);
    if (josie?.status !== 'published') return;
    // The page's rows and the next page's job commit together: a retried page writes nothing twice.
    const { followers, written } = await db.transaction(async (tx) => {
      const page = await writeNewJosiePage(tx, {
        curatorId,
        josieId,
        afterFollowerId: after,
        limit: NEW_JOSIE_PAGE,
      });
      const last = page.followers.at(-1);
      if (page.followers.length === NEW_JOSIE_PAGE && last) {
        // Woken below, once this transaction committed.
        await jobs.enqueue(
          'notify.new-josie-page',
          { josieId, curatorId, after: last },
          { key: `new-josie-page:${josieId}:${last}` },
          tx,
        );
      }
      return page;
    });
    if (followers.length === NEW_JOSIE_PAGE) jobs.wake('notify.new-josie-page');
    // Only those with a socket open are told (docs/decisions/0035-announced-to-those-connected.md).
    const told = await heard(written);
    if (told.length === 0) return;
    const counts = await unreadCounts(
      db,
      told.map((w) => w.userId),
    );
    // Every entry of the page reads the same but for its id and recipient: present it once.
    const [sample] = await notificationsOf(db, told[0]!.userId, { limit: 1, ids: [told[0]!.id] });
    if (!sample) return;
    const shown = presentNotification(sample);
    for (const w of told) {
      bus.publish('notification.changed', {
        userId: w.userId,
        notification: { ...shown, _id: w.id },
        unreadCount: counts.get(w.userId) ?? 0,
      });
    }
  };
}
