import { causedJob } from './caused.js';
import { type NotificationDeps, notificationJobContext } from './context.js';
import { digestJob } from './digest.js';
import { notificationEvents } from './events.js';
import { inviteJoinedJob } from './invite-joined.js';
import { josiePublishedJob } from './josie-published.js';
import { josieReviewedJob } from './josie-reviewed.js';
import { likesJob } from './likes.js';
import { likesReader } from './likes-since.js';
import { newJosiePageJob } from './new-josie-page.js';
import { purgeJob } from './purge.js';
import { sendEmailJob } from './send-email.js';
import { sendPushJob } from './send-push.js';
import { likesWriter } from './write-likes.js';

export type { NotificationDeps } from './context.js';
export { DIGEST_CRON } from './digest.js';
export { LIKES_BATCH } from './likes.js';
export { LIKES_SINCE_CRON } from './likes-since.js';
export { NOTIFICATIONS_PURGE_CRON } from './purge.js';

/**
 * The handlers of every notification job (`NotificationJobs`, notifier.ts, one file each in this folder) and the
 * listeners of the domain events that enqueue them (`events`), built over one set of dependencies. The
 * composition root registers each under its job name or event, with the digest's, the purge's and the likes
 * outbox's schedules.
 */
export function createNotificationJobs(deps: NotificationDeps) {
  const context = notificationJobContext(deps);
  const writeLikes = likesWriter(context);
  // One reader per instance: the `like.added` listener and the `notify.likes-since` job share its lock-step.
  const readLikes = likesReader(context, writeLikes);
  return {
    josieReviewed: josieReviewedJob(context),
    josiePublished: josiePublishedJob(context),
    newJosiePage: newJosiePageJob(context),
    inviteJoined: inviteJoinedJob(context),
    likes: likesJob(context, writeLikes),
    caused: causedJob(context, writeLikes),
    digest: digestJob(context),
    purge: purgeJob(context),
    sendEmail: sendEmailJob(context),
    sendPush: sendPushJob(context),
    likesSince: () => readLikes(),
    events: notificationEvents({ db: deps.db, jobs: deps.jobs, readLikes }),
  };
}
