import {
  contactMessageMail,
  followerMail,
  replyMail,
  reviewWaitingMail,
} from '../../../adapters/mails/index.js';
import type { Job, JobSpec } from '../../../jobs/queue.js';
import { commentPush, followerPush, replyPush, reviewWaitingPush } from '../messages.js';
import type { NotificationJobs } from '../notifier.js';
import {
  commentNotice,
  contactMessageOf,
  josieSubject,
  liveCommentAuthors,
  mailRecipient,
  mailRecipients,
  resolvedReport,
  staffRecipients,
} from '../queries.js';
import type { NotificationJobContext } from './context.js';
import { DAY_S, dayOf, topicOf } from './context.js';
import type { LikesWriter } from './write-likes.js';

/**
 * `notify.caused`: a write that tells someone ({@link NotificationCause}), enqueued in its own transaction: a
 * follower, a josie waiting for review, a contact message, a comment or a reply, a resolved report (and a like
 * enqueued before likes had their own outbox).
 */
export function causedJob(deps: NotificationJobContext, writeLikes: LikesWriter) {
  const { db, publicUrl, push, emailJob, pushJobs, allowed, inApp } = deps;
  return async (job: Job<NotificationJobs['notify.caused']>) => {
    const cause = job.payload;
    // The day of the causing write, not of the job's run: a job retried after midnight still groups right.
    const today = dayOf(new Date(cause.at));
    // Each recipient's sends go with their in-app entry (see inApp), keyed per entry, never per job: a
    // retried job or a repeated cause (follow, unfollow, follow) must not send twice.
    switch (cause.kind) {
      case 'follower': {
        const [curator, follower] = await Promise.all([
          mailRecipient(db, cause.curatorId),
          mailRecipient(db, cause.followerId),
        ]);
        if (!curator || !follower) return;
        const key = `follower:${curator.id}:${follower.id}`;
        const sends: JobSpec<NotificationJobs>[] = [];
        if (allowed(curator, 'follower', 'email')) {
          sends.push(
            emailJob(`${key}:email`, curator.id, (unsubscribe) =>
              followerMail({
                language: curator.language,
                name: curator.name,
                followerName: follower.name,
                link: `${publicUrl}/profile/${follower.id}`,
                unsubscribeUrl: unsubscribe,
              }),
            ),
          );
        }
        if (push && allowed(curator, 'follower', 'push')) {
          const payload = followerPush(curator.language, {
            followerId: follower.id,
            followerName: follower.name,
          });
          sends.push(...(await pushJobs(key, curator.id, payload, { ttlSeconds: DAY_S })));
        }
        await inApp(
          curator,
          { groupKey: follower.id, subjectType: null, subjectId: null, actorId: follower.id },
          'follower',
          sends,
        );
        break;
      }
      case 'like': {
        // Enqueued before likes had their own batched job: one like, written as a batch of one.
        const after = await db.transaction((tx) => writeLikes(tx, [cause]));
        await after();
        break;
      }
      case 'review-waiting': {
        const [josie, curator, staff] = await Promise.all([
          josieSubject(db, cause.josieId),
          mailRecipient(db, cause.creatorId),
          staffRecipients(db, ['editor', 'admin']),
        ]);
        if (josie?.status !== 'pending' || !curator) return;
        for (const reviewer of staff) {
          if (reviewer.id === curator.id) continue;
          // The first josie of the day per reviewer: with the day's entry.
          const key = `review-waiting:${today}:${reviewer.id}`;
          const sends: JobSpec<NotificationJobs>[] = [];
          if (allowed(reviewer, 'review-waiting', 'email')) {
            sends.push(
              emailJob(`${key}:email`, reviewer.id, (unsubscribe) =>
                reviewWaitingMail({
                  language: reviewer.language,
                  name: reviewer.name,
                  curatorName: curator.name,
                  title: josie.title,
                  link: `${publicUrl}/editor/dashboard`,
                  unsubscribeUrl: unsubscribe,
                }),
              ),
            );
          }
          if (push && allowed(reviewer, 'review-waiting', 'push')) {
            const payload = reviewWaitingPush(reviewer.language, {
              title: josie.title,
              curatorName: curator.name,
            });
            sends.push(...(await pushJobs(key, reviewer.id, payload, { ttlSeconds: DAY_S })));
          }
          await inApp(
            reviewer,
            { groupKey: today, subjectType: null, subjectId: null, actorId: curator.id },
            'review-waiting',
            sends,
          );
        }
        break;
      }
      case 'comment': {
        // Read when the job runs: a comment deleted or removed before then tells nobody (decision 0049).
        const comment = await commentNotice(db, cause.commentId);
        if (!comment || comment.removedAt || comment.josie.status !== 'published') return;
        const { josie } = comment;
        // Every comment on a josie, a reply too, tells its creator through `comment` (grouped per josie and
        // day), unless the creator is the commenter or is told of this reply through `reply` below.
        const tellCreator = async () => {
          const people = await mailRecipients(db, [josie.creatorId, comment.authorId]);
          const creator = people.get(josie.creatorId);
          const author = people.get(comment.authorId);
          if (!creator || !author || creator.id === author.id) return;
          // Grouped per josie and UTC day of the comment, like likes; the day's first comment pushes.
          const key = `comment:${josie.id}:${today}`;
          const sends: JobSpec<NotificationJobs>[] = [];
          if (push && allowed(creator, 'comment', 'push')) {
            const payload = commentPush(creator.language, {
              josieId: josie.id,
              title: josie.title,
              commenterName: author.name,
            });
            const options = { ttlSeconds: DAY_S, topic: topicOf(josie.id) };
            sends.push(...(await pushJobs(key, creator.id, payload, options)));
          }
          await inApp(
            creator,
            {
              groupKey: `${josie.id}:${today}`,
              subjectType: 'josie',
              subjectId: josie.id,
              actorId: author.id,
            },
            'comment',
            sends,
          );
        };
        if (comment.parentId === null) {
          await tellCreator();
          break;
        }
        // A reply: the thread's top comment's author and the author of the comment answered, once each, never
        // the replier; a removed comment's author is not told (its text is gone).
        const threadId = comment.parentId;
        const answered = [...new Set([threadId, cause.repliedToId ?? threadId])];
        const recipientIds = (await liveCommentAuthors(db, answered)).filter((id) => id !== comment.authorId);
        if (!recipientIds.includes(josie.creatorId)) await tellCreator();
        if (recipientIds.length === 0) return;
        const people = await mailRecipients(db, [...recipientIds, comment.authorId]);
        const replier = people.get(comment.authorId);
        if (!replier) return;
        for (const recipientId of recipientIds.sort()) {
          const recipient = people.get(recipientId);
          if (!recipient) continue;
          // Grouped per thread and UTC day: the day's first reply in the thread mails and pushes.
          const key = `reply:${threadId}:${today}:${recipient.id}`;
          const sends: JobSpec<NotificationJobs>[] = [];
          if (allowed(recipient, 'reply', 'email')) {
            sends.push(
              emailJob(`${key}:email`, recipient.id, (unsubscribe) =>
                replyMail({
                  language: recipient.language,
                  name: recipient.name,
                  replierName: replier.name,
                  title: josie.title,
                  link: `${publicUrl}/josie/${josie.id}#comments`,
                  unsubscribeUrl: unsubscribe,
                }),
              ),
            );
          }
          if (push && allowed(recipient, 'reply', 'push')) {
            const payload = replyPush(recipient.language, {
              josieId: josie.id,
              threadId,
              title: josie.title,
              replierName: replier.name,
            });
            sends.push(...(await pushJobs(key, recipient.id, payload, { ttlSeconds: DAY_S })));
          }
          await inApp(
            recipient,
            {
              groupKey: `${threadId}:${today}`,
              subjectType: 'josie',
              subjectId: josie.id,
              actorId: replier.id,
            },
            'reply',
            sends,
          );
        }
        break;
      }
      case 'contact-message': {
        const [message, admins] = await Promise.all([
          contactMessageOf(db, cause.messageId),
          staffRecipients(db, ['admin']),
        ]);
        if (!message) return;
        const sender = cause.senderId ? await mailRecipient(db, cause.senderId) : undefined;
        for (const admin of admins) {
          const sends: JobSpec<NotificationJobs>[] = [];
          if (allowed(admin, 'contact-message', 'email')) {
            sends.push(
              emailJob(`contact-message:${message.id}:${admin.id}:email`, admin.id, (unsubscribe) =>
                contactMessageMail({
                  language: admin.language,
                  name: admin.name,
                  senderName: message.name,
                  link: `${publicUrl}/admin/dashboard`,
                  unsubscribeUrl: unsubscribe,
                }),
              ),
            );
          }
          await inApp(
            admin,
            {
              groupKey: message.id,
              subjectType: 'message',
              subjectId: message.id,
              actorId: sender && sender.id !== admin.id ? sender.id : null,
            },
            'contact-message',
            sends,
          );
        }
        break;
      }
      case 'report-resolved': {
        // The reporter learns what was done, in the app only; the entry is keyed by the report, so a
        // retried job writes it once (decision 0047). Who acted is not named.
        const [report, reporter] = await Promise.all([
          resolvedReport(db, cause.reportId),
          mailRecipient(db, cause.reporterId),
        ]);
        if (!report?.resolution || !reporter) return;
        await inApp(
          reporter,
          {
            groupKey: report.id,
            subjectType: 'report',
            subjectId: report.id,
            actorId: null,
            reason: report.resolution,
          },
          'report-resolved',
        );
        break;
      }
    }
  };
}
