import type { PushNotificationPayload } from '@josie/contract';
import type { FastifyBaseLogger } from 'fastify';
import { inviteJoinedMail, type RenderedMail, reviewDecisionMail } from '../../adapters/mail-templates.js';
import type { Mailer } from '../../adapters/mailer.js';
import type { PushOptions, PushSender } from '../../adapters/webpush.js';
import type { Db } from '../../db/client.js';
import type { AppJobQueue } from '../../jobs/app-jobs.js';
import { type JobSpec, PermanentJobError } from '../../jobs/queue.js';
import type { EventBus } from '../../realtime/bus.js';
import { newJosiePush, reviewDecisionPush } from './messages.js';
import {
  approvalCount,
  deleteSubscriptionById,
  followerSubscriptionsPage,
  josieWithCreator,
  mailRecipient,
  subscriptionForSend,
  subscriptionIdsOf,
} from './queries.js';
import type { UnsubscribeTokens } from './tokens.js';

/**
 * The notification jobs (docs/product/rules-and-limits.md#notifications-and-install). Domain events enqueue a
 * `notify.*` job after their transaction commits; it reads who is told what, honouring each recipient's
 * switches and language, and enqueues one `send.*` job per email or push message, so a failed message is
 * retried alone. Keys derived from the `notify.*` job's id keep a retried fan-out from sending twice. A
 * `send.*` job checks the switch again: turning a switch off stops messages still queued.
 */
export type NotificationJobs = {
  'notify.josie-reviewed': { josieId: string; action: 'approved' | 'rejected'; reason: string | null };
  'notify.josie-published': { josieId: string };
  'notify.invite-joined': { curatorId: string; userId: string };
  /** An email without its recipient address: the user's current address is read when it is sent. */
  'send.email': { userId: string; mail: RenderedMail & { headers: Record<string, string> } };
  'send.push': { subscriptionId: string; payload: PushNotificationPayload; options: PushOptions };
};

/** Followers' subscriptions enqueued per statement when a josie is published. */
const FANOUT_PAGE = 500;
const DAY_S = 24 * 60 * 60;

/** What the notification jobs need. */
export interface NotificationDeps {
  db: Db;
  jobs: AppJobQueue;
  mailer: Mailer;
  /** Null when web push is not configured (no VAPID keys on a real database). */
  push: PushSender | null;
  tokens: UnsubscribeTokens;
  /** `PUBLIC_URL`, for the links in emails. */
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** The path of an unsubscribe link with its signed token (the confirm page's form posts to it). */
export function unsubscribePath(token: string): string {
  return `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * The unsubscribe URL of a user's notification emails: opening it shows a page that asks to confirm; a
 * POST to it (that page's button, or the RFC 8058 one-click) turns the emails off (decision 0010).
 */
export function unsubscribeUrl(publicUrl: string, tokens: UnsubscribeTokens, userId: string): string {
  return `${publicUrl}${unsubscribePath(tokens.sign(userId))}`;
}

/** The RFC 2369 and RFC 8058 headers that let mail clients offer a one-click unsubscribe. */
function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** A topic (RFC 8030 §5.4: at most 32 base64url characters) from a UUID: its 32 hex digits. */
const topicOf = (id: string) => id.replaceAll('-', '');

/** Registers the handlers of {@link NotificationJobs} on the queue. */
export function registerNotificationJobs(deps: NotificationDeps): void {
  const { db, jobs, mailer, push, tokens, publicUrl } = deps;

  const emailJob = (
    key: string,
    userId: string,
    render: (unsubscribe: string) => RenderedMail,
  ): JobSpec<NotificationJobs> => {
    const url = unsubscribeUrl(publicUrl, tokens, userId);
    return {
      name: 'send.email',
      payload: { userId, mail: { ...render(url), headers: unsubscribeHeaders(url) } },
      options: { key },
    };
  };

  jobs.work('notify.josie-reviewed', async (job) => {
    const { josieId, action, reason } = job.payload;
    const recipient = await josieWithCreator(db, josieId);
    if (!recipient) return;
    const specs: JobSpec<NotificationJobs>[] = [];
    if (recipient.allowEmails) {
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
    if (push && recipient.allowPush) {
      const payload = reviewDecisionPush(recipient.language, {
        josieId,
        title: recipient.title,
        action,
        reason,
      });
      for (const subscriptionId of await subscriptionIdsOf(db, recipient.creatorId)) {
        specs.push({
          name: 'send.push',
          payload: { subscriptionId, payload, options: { ttlSeconds: 7 * DAY_S, topic: topicOf(josieId) } },
          options: { key: `${job.id}:push:${subscriptionId}` },
        });
      }
    }
    await jobs.enqueueMany(specs);
  });

  jobs.work('notify.josie-published', async (job) => {
    if (!push) return;
    const josie = await josieWithCreator(db, job.payload.josieId);
    if (josie?.status !== 'published') return;
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
  });

  jobs.work('notify.invite-joined', async (job) => {
    const [curator, joiner] = await Promise.all([
      mailRecipient(db, job.payload.curatorId),
      mailRecipient(db, job.payload.userId),
    ]);
    if (!curator || !joiner || !curator.allowEmails) return;
    await jobs.enqueueMany([
      emailJob(`${job.id}:email`, curator.id, (unsubscribe) =>
        inviteJoinedMail({
          language: curator.language,
          name: curator.name,
          joinerName: joiner.name,
          link: `${publicUrl}/invites`,
          unsubscribeUrl: unsubscribe,
        }),
      ),
    ]);
  });

  jobs.work('send.email', async (job) => {
    const recipient = await mailRecipient(db, job.payload.userId);
    if (!recipient?.allowEmails) return;
    await mailer.send({ ...job.payload.mail, to: recipient.email });
  });

  jobs.work('send.push', async (job) => {
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
  });
}

/**
 * Enqueues the notifications of domain events, after their transactions commit
 * (docs/product/rules-and-limits.md#notifications-and-install): a review decision tells the josie's creator;
 * a josie's first publication tells the curator's followers (an edited josie approved again is not news to
 * them); someone joining through an invite tells the curator. A failure here is logged by the bus and never
 * reaches the request that raised the event.
 *
 * @returns a function that unsubscribes every listener.
 */
export function subscribeNotificationEvents(
  bus: EventBus,
  deps: Pick<NotificationDeps, 'db' | 'jobs' | 'push'>,
): () => void {
  const { db, jobs, push } = deps;
  const unsubscribers = [
    bus.subscribe('josie.reviewed', async ({ josieId, action, reason }) => {
      await jobs.enqueue('notify.josie-reviewed', { josieId, action, reason });
    }),
    bus.subscribe('josie.published', async ({ josieId }) => {
      if (!push || (await approvalCount(db, josieId)) !== 1) return;
      await jobs.enqueue('notify.josie-published', { josieId }, { key: `josie-published:${josieId}` });
    }),
    bus.subscribe('invite.joined', async ({ curatorId, userId }) => {
      await jobs.enqueue('notify.invite-joined', { curatorId, userId });
    }),
  ];
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
