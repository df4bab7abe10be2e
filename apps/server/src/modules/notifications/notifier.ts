import type { PushNotificationPayload } from '@josie/contract';
import type { RenderedMail } from '../../adapters/mails/index.js';
import type { PushOptions } from '../../adapters/webpush.js';
import type { Executor } from '../../db/client.js';
import type { AppJobQueue } from '../../jobs/app-jobs.js';
import type { ScheduledRun } from '../../jobs/batches.js';

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
  /** One page of a new josie's in-app entries for the curator's followers, after `after` (follower id). */
  'notify.new-josie-page': { josieId: string; curatorId: string; after: string | null };
  'notify.invite-joined': { curatorId: string; userId: string; inviteId?: string };
  /** A write that tells someone, enqueued in its own transaction ({@link NotificationCause}). */
  'notify.caused': CausedPayload;
  /**
   * A like, as likes were enqueued before they became their own outbox (decision 0034): jobs still waiting
   * from then are handled in batches of {@link LIKES_BATCH}, one write per josie and day
   * (docs/decisions/0032-like-notifications-in-batches.md). Nothing enqueues them any more.
   */
  'notify.likes': LikeCause & { at: string };
  /**
   * Reads the likes added since the last read and tells their creators (cron, every minute): the safety
   * net of {@link LikesReader}, for likes whose instance stopped before it read them
   * (docs/decisions/0034-a-like-in-one-statement.md).
   */
  'notify.likes-since': Record<string, never>;
  /**
   * The digest of new josies from followed curators (cron; decision 0018): `daily` mails the daily readers
   * and, on Mondays (UTC), the weekly ones too (the queue keeps one schedule per job name); `daily-only` /
   * `weekly-only` mail one group.
   */
  'notify.digest': { run: 'daily' | 'daily-only' | 'weekly-only' };
  /** Deletes read notifications older than `NOTIFICATION_RETENTION_DAYS` (cron; decision 0018). */
  'notifications.purge': ScheduledRun;
  /** An email without its recipient address: the user's current address is read when it is sent. */
  'send.email': { userId: string; mail: RenderedMail & { headers: Record<string, string> } };
  'send.push': { subscriptionId: string; payload: PushNotificationPayload; options: PushOptions };
};

/**
 * The writes of other modules that notify someone (docs/decisions/0024-notifications-centre.md), enqueued by
 * the causing service in its own transaction through {@link Notifier}: they commit (or roll back) with it,
 * and the request pays one insert into the queue's table. A like is not among them: the like's row is its
 * own outbox (docs/decisions/0034-a-like-in-one-statement.md).
 */
export type NotificationCause =
  | { kind: 'follower'; followerId: string; curatorId: string }
  | { kind: 'review-waiting'; josieId: string; creatorId: string }
  | { kind: 'contact-message'; messageId: string; senderId: string | null }
  /**
   * A comment was posted (docs/decisions/0049-comment-notifications-and-live-visitors.md): it tells the
   * josie's creator (`comment`); a reply also tells the authors of its thread's top comment and of the
   * comment it answered (`reply`), the creator among them through `reply` only. `repliedToId` is the comment the author answered, null for a top-level one.
   */
  | { kind: 'comment'; commentId: string; repliedToId: string | null }
  /** An editor or admin resolved a report: its reporter is told the outcome (decision 0047). */
  | { kind: 'report-resolved'; reportId: string; reporterId: string };

/**
 * A like of a josie, which tells its creator (grouped per josie and day): read from `josie_likes`, or from a
 * job enqueued before decision 0034.
 */
export type LikeCause = { kind: 'like'; likerId: string; josieId: string };

/** A `notify.caused` job's payload: a cause, or a like enqueued that way before likes had their own job. */
export type CausedPayload = (NotificationCause | LikeCause) & { at: string };

/** What a service that causes notifications is given: enqueue in the caller's transaction. */
export interface Notifier {
  /** Enqueues the `notify.caused` job of `cause` inside `tx`. */
  caused(tx: Executor, cause: NotificationCause): Promise<void>;
  /**
   * After the transaction committed: wakes the workers, so the entry is written at once rather than at the
   * queue's next poll. Harmless when nothing was enqueued.
   */
  committed(): void;
}

/** The {@link Notifier} over the app's queue. */
export function createNotifier(jobs: Pick<AppJobQueue, 'enqueue' | 'wake'>): Notifier {
  return {
    async caused(tx, cause) {
      await jobs.enqueue('notify.caused', { ...cause, at: new Date().toISOString() }, {}, tx);
    },
    committed() {
      jobs.wake('notify.caused');
    },
  };
}
