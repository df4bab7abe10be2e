import { type Job, PermanentJobError } from '../../../jobs/queue.js';
import type { NotificationJobs } from '../notifier.js';
import { deleteSubscriptionById, subscriptionForSend } from '../queries.js';
import type { NotificationJobContext } from './context.js';

/**
 * `send.push`: one push message to one browser, if its user still allows it; a subscription the push service
 * says is gone is removed, and a refused message fails at once.
 */
export function sendPushJob(deps: NotificationJobContext) {
  const { db, push } = deps;
  return async (job: Job<NotificationJobs['send.push']>) => {
    if (!push) return;
    const subscription = await subscriptionForSend(db, job.payload.subscriptionId);
    if (!subscription?.allowed) return;
    const { payload, options } = job.payload;
    const outcome = await push.send(subscription, JSON.stringify(payload), options);
    if (outcome.status === 'gone') {
      await deleteSubscriptionById(db, subscription.id);
      deps.log.info({ subscriptionId: subscription.id }, 'push subscription gone; removed');
    } else if (outcome.status === 'rejected') {
      throw new PermanentJobError(
        `push service refused the message (${outcome.statusCode}): ${outcome.detail}`,
      );
    }
  };
}
