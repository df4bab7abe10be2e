import { inviteJoinedMail } from '../../../adapters/mails/index.js';
import type { Job, JobSpec } from '../../../jobs/queue.js';
import { inviteJoinedPush } from '../messages.js';
import type { NotificationJobs } from '../notifier.js';
import { mailRecipient } from '../queries.js';
import type { NotificationJobContext } from './context.js';
import { DAY_S } from './context.js';

/** `notify.invite-joined`: tells a curator that someone joined through their invite. */
export function inviteJoinedJob(deps: NotificationJobContext) {
  const { db, jobs, publicUrl, push, emailJob, pushJobs, allowed, inApp } = deps;
  return async (job: Job<NotificationJobs['notify.invite-joined']>) => {
    const [curator, joiner] = await Promise.all([
      mailRecipient(db, job.payload.curatorId),
      mailRecipient(db, job.payload.userId),
    ]);
    if (!curator || !joiner) return;
    const { inviteId } = job.payload;
    await inApp(
      curator,
      {
        groupKey: joiner.id,
        subjectType: inviteId ? 'invite' : null,
        subjectId: inviteId ?? null,
        actorId: joiner.id,
      },
      'invite-joined',
    );
    const specs: JobSpec<NotificationJobs>[] = [];
    if (allowed(curator, 'invite-joined', 'email')) {
      specs.push(
        emailJob(`${job.id}:email`, curator.id, (unsubscribe) =>
          inviteJoinedMail({
            language: curator.language,
            name: curator.name,
            joinerName: joiner.name,
            link: `${publicUrl}/invites`,
            unsubscribeUrl: unsubscribe,
          }),
        ),
      );
    }
    if (push && allowed(curator, 'invite-joined', 'push')) {
      const payload = inviteJoinedPush(curator.language, { joinerName: joiner.name });
      specs.push(...(await pushJobs(job.id, curator.id, payload, { ttlSeconds: DAY_S })));
    }
    await jobs.enqueueMany(specs);
  };
}
