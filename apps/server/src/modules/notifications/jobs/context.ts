import {
  type Language,
  type NotificationKind,
  notificationAllowed,
  type PushNotificationPayload,
  type Role,
} from '@josie/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../../adapters/mailer.js';
import type { RenderedMail } from '../../../adapters/mails/index.js';
import type { PushOptions, PushSender } from '../../../adapters/webpush.js';
import type { Db, Executor } from '../../../db/client.js';
import type { AppJobQueue } from '../../../jobs/app-jobs.js';
import type { JobSpec } from '../../../jobs/queue.js';
import type { EventBus } from '../../../realtime/bus.js';
import type { Presence } from '../../../realtime/presence.js';
import { presentNotification } from '../centre.js';
import type { NotificationJobs } from '../notifier.js';
import {
  type NotificationWrite,
  notificationsByIds,
  subscriptionIdsOf,
  unreadCounts,
  writeNotification,
} from '../queries.js';
import { type UnsubscribeTokens, unsubscribeHeaders, unsubscribeUrl } from '../tokens.js';

/**
 * What every notification job shares (docs/product/rules-and-limits.md#notifications-and-install): a `notify.*`
 * job reads who is told what, honouring each recipient's switches and language, and enqueues one `send.*`
 * job per email or push message, so a failed message is retried alone. Keys derived from the `notify.*`
 * job's id keep a retried fan-out from sending twice. A `send.*` job checks the switch again: turning a
 * switch off stops messages still queued. Each job's handler is a file of this folder; `index.ts` builds
 * them and the composition root registers them.
 */

export const DAY_S = 24 * 60 * 60;

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
  /** Carries each written entry to the realtime module (`notification` to the user room). */
  bus: Pick<EventBus, 'publish'>;
  /** Who could hear an announcement: entries are read and sent only for them. */
  presence: Pick<Presence, 'online'>;
  /** Read notifications older than this many days are purged. */
  retentionDays: number;
}

/** A recipient as the jobs check them: their switches and role decide each channel. */
export interface Recipient {
  id: string;
  role: Role;
  settings: Parameters<typeof notificationAllowed>[0];
  language: Language;
  name: string;
}

/** The UTC day of `at` (YYYY-MM-DD): likes and the review queue are grouped per day. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** A topic (RFC 8030 §5.4: at most 32 base64url characters) from a UUID: its 32 hex digits. */
export const topicOf = (id: string) => id.replaceAll('-', '');

/**
 * The notification jobs' dependencies and their shared steps: an email's or a browser's `send.*` jobs, a
 * recipient's switch, who has a socket open, and writing and announcing an in-app entry.
 */
export function notificationJobContext(deps: NotificationDeps) {
  const { db, jobs, tokens, publicUrl, bus, presence } = deps;

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

  /** One `send.push` job per browser of `userId`, keyed on `key`. */
  const pushJobs = async (
    key: string,
    userId: string,
    payload: PushNotificationPayload,
    options: PushOptions,
    executor: Executor = db,
  ): Promise<JobSpec<NotificationJobs>[]> =>
    (await subscriptionIdsOf(executor, userId)).map((subscriptionId) => ({
      name: 'send.push' as const,
      payload: { subscriptionId, payload, options },
      options: { key: `${key}:push:${subscriptionId}` },
    }));

  const allowed = (r: Recipient, kind: NotificationKind, channel: 'inApp' | 'email' | 'push') =>
    notificationAllowed(r.settings, r.role, kind, channel);

  /** Of `written`, the rows whose recipient has a socket open (decision 0035). */
  async function heard<T extends { userId: string }>(written: readonly T[]): Promise<T[]> {
    if (written.length === 0) return [];
    const online = await presence.online(written.map((w) => w.userId));
    return written.filter((w) => online.has(w.userId));
  }

  /**
   * Tells the recipients' sockets about rows just written, each with its recipient's unread count after it:
   * two statements, whatever the number of rows and recipients. Only recipients with a socket open are
   * told, and only their rows read: the others see the rows in their list, and their bell reads the count
   * when it opens (docs/decisions/0035-announced-to-those-connected.md).
   */
  async function announce(written: readonly { id: string; userId: string }[]) {
    const ids = (await heard(written)).map((w) => w.id);
    if (ids.length === 0) return;
    const rows = await notificationsByIds(db, ids);
    const counts = await unreadCounts(db, [...new Set(rows.map((row) => row.userId))]);
    for (const row of rows) {
      bus.publish('notification.changed', {
        userId: row.userId,
        notification: presentNotification(row),
        unreadCount: counts.get(row.userId) ?? 0,
      });
    }
  }

  /**
   * Writes one in-app entry when the recipient's switch allows it, then announces it. `sends` (the entry's
   * email and push jobs, each keyed per entry) are enqueued in the transaction that creates the entry, and
   * only then: a follow toggled again, a second like of the day or a retried job finds the entry and sends
   * nothing more, and a job failing after the entry committed cannot lose its sends
   * (docs/decisions/0024-notifications-centre.md). In-app off: `sends` go at once, deduplicated by their keys.
   * @returns whether the group's row is new, or null when not written.
   */
  async function inApp(
    recipient: Recipient,
    write: Omit<NotificationWrite, 'userId' | 'kind'>,
    kind: NotificationKind,
    sends: JobSpec<NotificationJobs>[] = [],
  ) {
    if (!allowed(recipient, kind, 'inApp')) {
      await jobs.enqueueMany(sends);
      return null;
    }
    const outcome = await db.transaction(async (tx) => {
      const written = await writeNotification(tx, { ...write, kind, userId: recipient.id });
      if (written.created) await jobs.enqueueMany(sends, tx);
      return written;
    });
    // Jobs enqueued in a transaction wait for the next poll otherwise.
    if (outcome.created) for (const name of new Set(sends.map((spec) => spec.name))) jobs.wake(name);
    if (outcome.changed) await announce([{ id: outcome.id, userId: recipient.id }]);
    return outcome;
  }

  return { ...deps, emailJob, pushJobs, allowed, heard, announce, inApp };
}
/** {@link notificationJobContext}'s answer: what each job's handler is built from. */
export type NotificationJobContext = ReturnType<typeof notificationJobContext>;
