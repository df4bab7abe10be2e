import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Language,
  type NotificationKind,
  notificationAllowed,
  type PushNotificationPayload,
  type Role,
} from '@josie/contract';
import type { FastifyBaseLogger } from 'fastify';
import {
  contactMessageMail,
  digestMail,
  followerMail,
  inviteJoinedMail,
  type RenderedMail,
  reviewDecisionMail,
  reviewWaitingMail,
} from '../../adapters/mail-templates.js';
import type { Mailer } from '../../adapters/mailer.js';
import type { PushOptions, PushSender } from '../../adapters/webpush.js';
import type { Db, Executor } from '../../db/client.js';
import type { AppJobQueue } from '../../jobs/app-jobs.js';
import { deleteInBatches, type ScheduledRun } from '../../jobs/batches.js';
import { type JobSpec, PermanentJobError } from '../../jobs/queue.js';
import { coalesced } from '../../lib/coalesced.js';
import type { EventBus } from '../../realtime/bus.js';
import type { Presence } from '../../realtime/presence.js';
import { presentNotification } from './centre.js';
import {
  followerPush,
  inviteJoinedPush,
  likesPush,
  newJosiePush,
  reviewDecisionPush,
  reviewWaitingPush,
} from './messages.js';
import {
  approvalCount,
  contactMessageOf,
  deleteReadNotifications,
  deleteSubscriptionById,
  digestJosies,
  digestRecipientsPage,
  followerSubscriptionsPage,
  josieSubject,
  josieSubjects,
  josieWithCreator,
  likesAfter,
  likesHeldBack,
  lockOutboxCursor,
  mailRecipient,
  mailRecipients,
  moveOutboxCursor,
  type NotificationGroupWrite,
  type NotificationWrite,
  notificationsByIds,
  notificationsOf,
  staffRecipients,
  subscriptionForSend,
  subscriptionIdsOf,
  unreadCounts,
  writeNewJosiePage,
  writeNotification,
  writeNotifications,
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
  | { kind: 'contact-message'; messageId: string; senderId: string | null };

/**
 * A like of a josie, which tells its creator (grouped per josie and day): read from `josie_likes`, or from a
 * job enqueued before decision 0034.
 */
export type LikeCause = { kind: 'like'; likerId: string; josieId: string };

/** A `notify.caused` job's payload: a cause, or a like enqueued that way before likes had their own job. */
type CausedPayload = (NotificationCause | LikeCause) & { at: string };

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

/**
 * Reads the likes added since its last read and tells their creators
 * (docs/decisions/0034-a-like-in-one-statement.md). Called after every like's commit (the `like.added`
 * event): a call while a read runs is answered by one more read after it, so a storm of likes costs a read
 * now and then, not one per like. Every instance reads from the same cursor, one at a time.
 * @returns when the read that will see the caller's like has finished; rejects when it failed (the cron's
 * `notify.likes-since` reads the likes again).
 */
export type LikesReader = () => Promise<void>;

/**
 * Likes handled by one `notify.likes` batch: their josies, creators and likers read in two statements, and
 * the day's entries written in four (docs/decisions/0032-like-notifications-in-batches.md).
 */
export const LIKES_BATCH = 100;

/**
 * Transactions whose likes one read of the likes outbox takes (each toggle adds at most one like): the
 * read's statements are the batch's, whatever its size (decision 0034).
 */
export const LIKES_PAGE = 500;

/**
 * How long one read of the likes outbox waits, in all, for an older transaction to end when it holds back
 * committed likes (ms): longer than a statement, far shorter than the cron's minute.
 */
export const LIKES_HELD_BACK_MS = 1_000;

/** When the likes outbox is read whatever happens: every minute (cron), for likes no instance read. */
export const LIKES_SINCE_CRON = '* * * * *';

/** Followers' subscriptions enqueued per statement when a josie is published. */
const FANOUT_PAGE = 500;
/** Followers given a new josie's in-app entry per job (each page is its own job and transaction). */
export const NEW_JOSIE_PAGE = 1000;
/** Digest recipients read per statement, and josies listed per digest. */
const DIGEST_PAGE = 500;
const DIGEST_JOSIES = 20;
/** When the digests go: every day at 07:00 UTC; the weekly one with Monday's run (cron). */
export const DIGEST_CRON = '0 7 * * *';
/** When the read-notifications purge runs: every day at 00:50 UTC (cron). */
export const NOTIFICATIONS_PURGE_CRON = '50 0 * * *';
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
  /** Carries each written entry to the realtime module (`notification` to the user room). */
  bus: Pick<EventBus, 'publish'>;
  /** Who could hear an announcement: entries are read and sent only for them. */
  presence: Pick<Presence, 'online'>;
  /** Read notifications older than this many days are purged. */
  retentionDays: number;
}

/** A recipient as the jobs check them: their switches and role decide each channel. */
interface Recipient {
  id: string;
  role: Role;
  settings: Parameters<typeof notificationAllowed>[0];
  language: Language;
  name: string;
}

/** The UTC day of `at` (YYYY-MM-DD): likes and the review queue are grouped per day. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

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

/**
 * Registers the handlers of {@link NotificationJobs} on the queue, and the digest, purge and likes
 * schedules. @returns the {@link LikesReader} to call after a like committed.
 */
export function registerNotificationJobs(deps: NotificationDeps): LikesReader {
  const { db, jobs, mailer, push, tokens, publicUrl, bus, presence } = deps;

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

  jobs.work('notify.josie-reviewed', async (job) => {
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
  });

  jobs.work('notify.josie-published', async (job) => {
    const josie = await josieWithCreator(db, job.payload.josieId);
    if (josie?.status !== 'published') return;
    // The in-app entries are written by paged jobs: a curator with many followers costs this job one enqueue.
    await jobs.enqueue(
      'notify.new-josie-page',
      { josieId: josie.josieId, curatorId: josie.creatorId, after: null },
      { key: `${job.id}:inapp:first` },
    );
    if (!push) return;
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

  jobs.work('notify.new-josie-page', async (job) => {
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
  });

  jobs.work('notify.invite-joined', async (job) => {
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
  });

  /**
   * Tells josies' creators about `likes` (docs/decisions/0024-notifications-centre.md), inside `tx`: one
   * entry per josie and UTC day of the like, naming each new liker once; a creator's own like and a josie or
   * account gone since are skipped. Reads everything in two statements and writes every entry in four,
   * whatever the number of likes (docs/decisions/0032-like-notifications-in-batches.md). The day's push goes
   * with the entry that creates its row (keyed per josie and day: one push a day), naming its first liker.
   * @returns what to do once `tx` committed: wake the send jobs' workers and announce the entries.
   */
  async function writeLikes(tx: Executor, likes: readonly (LikeCause & { at: string })[]) {
    const subjects = await josieSubjects(tx, [...new Set(likes.map((like) => like.josieId))]);
    const people = await mailRecipients(tx, [
      ...new Set([...likes.map((like) => like.likerId), ...[...subjects.values()].map((j) => j.creatorId)]),
    ]);
    const groups = new Map<
      string,
      { josie: { id: string; title: string }; creator: Recipient; day: string; likers: Recipient[] }
    >();
    for (const like of likes) {
      const josie = subjects.get(like.josieId);
      const creator = josie && people.get(josie.creatorId);
      const liker = people.get(like.likerId);
      if (!josie || !creator || !liker || creator.id === liker.id) continue;
      // The day of the like, not of the job's run: a job retried after midnight still groups right.
      const day = dayOf(new Date(like.at));
      const key = `${josie.id}:${day}`;
      const group = groups.get(key) ?? { josie, creator, day, likers: [] };
      if (!group.likers.some((known) => known.id === liker.id)) group.likers.push(liker);
      groups.set(key, group);
    }
    const entries: { write: NotificationGroupWrite; sends: JobSpec<NotificationJobs>[] }[] = [];
    // In-app off: the push goes anyway, deduplicated by its key (the first like of the day).
    const sends: JobSpec<NotificationJobs>[] = [];
    for (const [groupKey, { josie, creator, day, likers }] of groups) {
      const pushes: JobSpec<NotificationJobs>[] = [];
      if (push && allowed(creator, 'likes', 'push')) {
        const payload = likesPush(creator.language, {
          josieId: josie.id,
          title: josie.title,
          likerName: likers[0]!.name,
        });
        const key = `likes:${josie.id}:${day}`;
        const options = { ttlSeconds: DAY_S, topic: topicOf(josie.id) };
        pushes.push(...(await pushJobs(key, creator.id, payload, options, tx)));
      }
      if (!allowed(creator, 'likes', 'inApp')) {
        sends.push(...pushes);
        continue;
      }
      const write = {
        userId: creator.id,
        kind: 'likes' as const,
        groupKey,
        subjectType: 'josie' as const,
        subjectId: josie.id,
        actorIds: likers.map((liker) => liker.id),
      };
      entries.push({ write, sends: pushes });
    }
    // In one order everywhere: two instances' batches then lock the same entries in the same order.
    entries.sort((a, b) => a.write.groupKey.localeCompare(b.write.groupKey));
    const written = await writeNotifications(
      tx,
      entries.map((entry) => entry.write),
    );
    sends.push(...entries.flatMap((entry, i) => (written[i]?.created ? entry.sends : [])));
    await jobs.enqueueMany(sends, tx);
    return async () => {
      for (const name of new Set(sends.map((spec) => spec.name))) jobs.wake(name);
      await announce(
        written.flatMap((w, i) => (w.changed ? [{ id: w.id, userId: entries[i]!.write.userId }] : [])),
      );
    };
  }

  jobs.workBatch(
    'notify.likes',
    async (batch) => {
      const after = await db.transaction((tx) =>
        writeLikes(
          tx,
          batch.map((job) => job.payload),
        ),
      );
      await after();
    },
    { batchSize: LIKES_BATCH },
  );

  /**
   * One read of the likes outbox (docs/decisions/0034-a-like-in-one-statement.md): under the cursor's lock,
   * the likes of up to {@link LIKES_PAGE} ended transactions after it are written as entries and the cursor
   * moves past them, in one transaction: a like is told once, and a failed read leaves the cursor where it
   * was. Reads on while pages come back full. Committed likes that an older transaction still running held
   * back are read again after a short wait, doubling from 5 ms, for up to {@link LIKES_HELD_BACK_MS} in
   * all; past that the cron's read tells them.
   */
  async function readLikesOnce() {
    let waited = 0;
    for (let wait = 5; ; ) {
      const { after, full, held } = await db.transaction(async (tx) => {
        const position = await lockOutboxCursor(tx, 'likes');
        const page = await likesAfter(tx, position, LIKES_PAGE);
        if (page.last === null) return { after: null, full: false, held: await likesHeldBack(tx, position) };
        const likes = page.likes.map((like) => ({
          kind: 'like' as const,
          josieId: like.josieId,
          likerId: like.likerId,
          at: like.at.toISOString(),
        }));
        const done = await writeLikes(tx, likes);
        await moveOutboxCursor(tx, 'likes', page.last);
        return { after: done, full: page.full, held: !page.full && (await likesHeldBack(tx, page.last)) };
      });
      await after?.();
      if (full) continue;
      if (!held || waited >= LIKES_HELD_BACK_MS) return;
      await sleep(wait);
      waited += wait;
      wait *= 2;
    }
  }

  jobs.work('notify.caused', async (job) => {
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
    }
  });

  /** Mails every reader of `period` whose followed curators published since the period began. */
  async function sendDigests(period: 'daily' | 'weekly', jobId: string) {
    const since = new Date(Date.now() - (period === 'daily' ? 1 : 7) * DAY_S * 1000);
    const stamp = dayOf(new Date());
    let after: string | null = null;
    for (;;) {
      const page = await digestRecipientsPage(db, period, after, DIGEST_PAGE);
      const specs: JobSpec<NotificationJobs>[] = [];
      for (const user of page) {
        const list = await digestJosies(db, user.id, since, DIGEST_JOSIES);
        // Nothing new: no mail.
        if (list.length === 0) continue;
        specs.push(
          emailJob(`digest:${period}:${stamp}:${user.id}`, user.id, (unsubscribe) =>
            digestMail({
              language: user.language,
              name: user.name,
              period,
              josies: list.map((j) => ({ ...j, url: `${publicUrl}/josie/${j.id}` })),
              link: `${publicUrl}/`,
              unsubscribeUrl: unsubscribe,
            }),
          ),
        );
      }
      await jobs.enqueueMany(specs);
      deps.log.info({ jobId, period, mails: specs.length }, 'digest page enqueued');
      if (page.length < DIGEST_PAGE) break;
      after = page[page.length - 1]!.id;
    }
  }

  jobs.work('notify.digest', async (job) => {
    const { run } = job.payload;
    if (run !== 'weekly-only') await sendDigests('daily', job.id);
    const monday = new Date().getUTCDay() === 1;
    if (run === 'weekly-only' || (run === 'daily' && monday)) await sendDigests('weekly', job.id);
  });
  jobs.schedule('notify.digest', DIGEST_CRON, { run: 'daily' });

  jobs.work('notifications.purge', async () => {
    await deleteInBatches((limit) => deleteReadNotifications(db, deps.retentionDays, limit));
  });
  jobs.schedule('notifications.purge', NOTIFICATIONS_PURGE_CRON, { run: 'daily' });

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

  const readLikes = coalesced(readLikesOnce);
  jobs.work('notify.likes-since', () => readLikes());
  jobs.schedule('notify.likes-since', LIKES_SINCE_CRON, {});
  return readLikes;
}

/**
 * Enqueues the notifications of domain events, after their transactions commit
 * (docs/product/rules-and-limits.md#notifications-and-install): a review decision tells the josie's creator;
 * a josie's first publication tells the curator's followers (an edited josie approved again is not news to
 * them); someone joining through an invite tells the curator; a like tells the josie's creator. A failure
 * here is logged by the bus and never reaches the request that raised the event.
 *
 * @returns a function that unsubscribes every listener.
 */
export function subscribeNotificationEvents(
  bus: EventBus,
  deps: Pick<NotificationDeps, 'db' | 'jobs'> & { readLikes: LikesReader },
): () => void {
  const { db, jobs, readLikes } = deps;
  const unsubscribers = [
    // The like is in `josie_likes` already: read it with whatever else came since (decision 0034).
    bus.subscribe('like.added', () => readLikes()),
    bus.subscribe('josie.reviewed', async ({ josieId, action, reason }) => {
      await jobs.enqueue('notify.josie-reviewed', { josieId, action, reason });
    }),
    bus.subscribe('josie.published', async ({ josieId }) => {
      if ((await approvalCount(db, josieId)) !== 1) return;
      await jobs.enqueue('notify.josie-published', { josieId }, { key: `josie-published:${josieId}` });
    }),
    bus.subscribe('invite.joined', async ({ inviteId, curatorId, userId }) => {
      await jobs.enqueue('notify.invite-joined', { curatorId, userId, inviteId });
    }),
  ];
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
