import { reviewDecisionMail } from '../../../adapters/mails/index.js';
import type { Job, JobSpec } from '../../../jobs/queue.js';
import { reviewDecisionPush } from '../messages.js';
import type { NotificationJobs } from '../notifier.js';
import { josieWithCreator } from '../queries.js';
import type { NotificationJobContext } from './context.js';
import { DAY_S, type Recipient, topicOf } from './context.js';

/**
 * `notify.josie-reviewed`: tells a josie's creator that an editor approved or rejected it (in-app, email,
 * push, each by the creator's switches).
 */
export function josieReviewedJob(deps: NotificationJobContext) {
  const { db, jobs, publicUrl, push, emailJob, pushJobs, allowed, inApp } = deps;
  return async (job: Job<NotificationJobs['notify.josie-reviewed']>) => {
    const { josieId, action, reason } = job.payload;
    const recipient = await josieWithCreator(db, josieId);
    if (!recipient) return;
    const kind = action === 'approved' ? 'josie-approved' : 'josie-rejected';
    const who: Recipient = { ...recipient, id: recipient.creatorId };
    await inApp(
      who,
      { groupKey: josieId, subjectType: 'josie', subjectId: josieId, reason, actorId: null },
      kind,
    );
    const specs: JobSpec<NotificationJobs>[] = [];
    if (allowed(who, kind, 'email')) {
      const link = `${publicUrl}/josie/${action === 'approved' ? '' : 'edit/'}${josieId}`;
      specs.push(
        emailJob(`${job.id}:email`, recipient.creatorId, (unsubscribe) =>
          reviewDecisionMail({
            language: recipient.language,
            name: recipient.name,
            title: recipient.title,
            action,
            reason,
            link,
            unsubscribeUrl: unsubscribe,
          }),
        ),
      );
    }
    if (push && allowed(who, kind, 'push')) {
      const payload = reviewDecisionPush(recipient.language, {
        josieId,
        title: recipient.title,
        action,
        reason,
      });
      specs.push(
        ...(await pushJobs(job.id, recipient.creatorId, payload, {
          ttlSeconds: 7 * DAY_S,
          topic: topicOf(josieId),
        })),
      );
    }
    await jobs.enqueueMany(specs);
  };
}
