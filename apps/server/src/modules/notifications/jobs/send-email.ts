import type { Job } from '../../../jobs/queue.js';
import type { NotificationJobs } from '../notifier.js';
import { mailRecipient } from '../queries.js';
import type { NotificationJobContext } from './context.js';

/** `send.email`: one notification email, to the user's current address, if they still allow emails. */
export function sendEmailJob(deps: NotificationJobContext) {
  const { db, mailer } = deps;
  return async (job: Job<NotificationJobs['send.email']>) => {
    const recipient = await mailRecipient(db, job.payload.userId);
    if (!recipient?.allowEmails) return;
    await mailer.send({ ...job.payload.mail, to: recipient.email });
  };
}
