import {
  NOTIFICATION_DEFAULTS,
  type NotificationChannel,
  type NotificationKind,
  type PushSubscriptionBody,
  UNREAD_COUNT_DISPLAY_MAX,
} from '@josie/contract';
import { and, asc, count, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  contactMessages,
  follows,
  invites,
  josieReviews,
  josies,
  notificationActors,
  notifications,
  pushSubscriptions,
  users,
} from '../../db/schema.js';
import { afterCursor, type Keyset, keysetTime } from '../feed/index.js';

/** A setting is on unless it is explicitly false (both default true: docs/product/data-and-config.md#data). */
const settingOn = (key: 'allowPushNotifications' | 'allowEmails') =>
  sql<boolean>`coalesce((${users.notificationSettings}->>${key})::boolean, true)`;

/**
 * Stores this browser's subscription for `userId`. An endpoint already stored (the same browser, signed in
 * to another account before) moves to `userId` with the new keys: a browser notifies whoever registered it
 * last.
 */
export async function upsertSubscription(db: Executor, userId: string, body: PushSubscriptionBody) {
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: body.keys.p256dh, auth: body.keys.auth },
    });
}

/** Removes `userId`'s subscription with this endpoint. @returns whether one was removed. */
export async function deleteSubscription(db: Executor, userId: string, endpoint: string) {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** Removes a subscription the push service says is gone. */
export async function deleteSubscriptionById(db: Executor, id: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** The ids of a user's subscriptions (one per browser). */
export async function subscriptionIdsOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return rows.map((r) => r.id);
}

/** A subscription to send to, with whether its owner (live) still allows push; undefined when gone. */
export async function subscriptionForSend(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      allowed: settingOn('allowPushNotifications'),
    })
    .from(pushSubscriptions)
    .innerJoin(users, and(eq(users.id, pushSubscriptions.userId), isNull(users.deletedAt)))
    .where(eq(pushSubscriptions.id, id));
  return row;
}

/** What a notification email needs of a live user; undefined when missing or deleted. */
export async function mailRecipient(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      language: users.preferredLanguage,
      allowEmails: settingOn('allowEmails'),
      allowPush: settingOn('allowPushNotifications'),
      settings: users.notificationSettings,
      role: users.role,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

/**
 * Whether a user's switch for `kind` on `channel` is on, in SQL over `users.notification_settings`: the stored
 * choice, else the contract's default (docs/decisions/0024-notifications-centre.md). The global switches are
 * checked apart ({@link settingOn}).
 */
export const kindSwitchOn = (kind: NotificationKind, channel: NotificationChannel) =>
  sql<boolean>`coalesce((${users.notificationSettings}->'kinds'->${kind}->>${channel})::boolean, ${sql.raw(
    String(NOTIFICATION_DEFAULTS[kind][channel]),
  )})`;

/** A josie's title with its live creator as a notification recipient; undefined when either is gone. */
export async function josieWithCreator(db: Executor, josieId: string) {
  const [row] = await db
    .select({
      josieId: josies.id,
      title: josies.title,
      status: josies.status,
      creatorId: users.id,
      name: users.name,
      email: users.email,
      language: users.preferredLanguage,
      allowEmails: settingOn('allowEmails'),
      allowPush: settingOn('allowPushNotifications'),
      settings: users.notificationSettings,
      role: users.role,
    })
    .from(josies)
    .innerJoin(users, and(eq(users.id, josies.creatorId), isNull(users.deletedAt)))
    .where(eq(josies.id, josieId));
  return row;
}

/** How many times a josie was approved: 1 right after its first publication. */
export async function approvalCount(db: Executor, josieId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(josieReviews)
    .where(and(eq(josieReviews.josieId, josieId), eq(josieReviews.action, 'approved')));
  return row?.n ?? 0;
}

/**
 * One page of the push subscriptions of a curator's live followers who allow push (the curator excluded),
 * in subscription id order after `afterId`, with each follower's language. Served by `follows_curator_follower_idx`
 * and `push_subscriptions_user_idx`.
 */
export async function followerSubscriptionsPage(
  db: Executor,
  curatorId: string,
  afterId: string | null,
  limit: number,
) {
  return db
    .select({ id: pushSubscriptions.id, language: users.preferredLanguage })
    .from(follows)
    .innerJoin(
      users,
      and(
        eq(users.id, follows.followerId),
        isNull(users.deletedAt),
        sql`${settingOn('allowPushNotifications')}`,
        sql`${kindSwitchOn('new-josie', 'push')}`,
      ),
    )
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, follows.followerId))
    .where(
      and(
        eq(follows.curatorId, curatorId),
        ne(follows.followerId, curatorId),
        afterId ? gt(pushSubscriptions.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(pushSubscriptions.id))
    .limit(limit);
}

/** A live user's language, or undefined when there is no such live user (reads only). */
export async function liveUserLanguage(db: Executor, userId: string) {
  const [row] = await db
    .select({ language: users.preferredLanguage })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

// --- The notifications centre (docs/decisions/0024-notifications-centre.md) -------------------------------

/** What a job writes: one recipient's entry of a kind and group, and the actor it gains (if any). */
export interface NotificationWrite {
  userId: string;
  kind: NotificationKind;
  groupKey: string;
  subjectType: 'josie' | 'invite' | 'message' | null;
  subjectId: string | null;
  reason?: string | null;
  actorId: string | null;
}

/**
 * Writes one notification in the caller's transaction: the group's row is created, or, when `actorId` is new
 * to it (or the kind has no actor), moved to the top (`updated_at`) and made unread again. An actor already
 * in the group changes nothing, so liking, unliking and liking again does not ring the bell twice.
 * @returns the row's id and whether anything changed (`created`: the row is new).
 */
export async function writeNotification(
  tx: Executor,
  w: NotificationWrite,
): Promise<{ id: string; created: boolean; changed: boolean }> {
  const [inserted] = await tx
    .insert(notifications)
    .values({
      userId: w.userId,
      kind: w.kind,
      groupKey: w.groupKey,
      subjectType: w.subjectType,
      subjectId: w.subjectId,
      reason: w.reason ?? null,
    })
    .onConflictDoNothing({ target: [notifications.userId, notifications.kind, notifications.groupKey] })
    .returning({ id: notifications.id });
  const id =
    inserted?.id ??
    (
      await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, w.userId),
            eq(notifications.kind, w.kind),
            eq(notifications.groupKey, w.groupKey),
          ),
        )
    )[0]?.id;
  if (!id) throw new Error('notification row vanished while being written');
  let actorAdded = w.actorId === null;
  if (w.actorId) {
    const added = await tx
      .insert(notificationActors)
      .values({ notificationId: id, actorId: w.actorId })
      .onConflictDoNothing()
      .returning({ id: notificationActors.actorId });
    actorAdded = added.length > 0;
  }
  if (!inserted && actorAdded) {
    await tx
      .update(notifications)
      .set({ updatedAt: sql`now()`, readAt: null, reason: w.reason ?? null })
      .where(eq(notifications.id, id));
  }
  return { id, created: Boolean(inserted), changed: Boolean(inserted) || actorAdded };
}

/**
 * Writes `new-josie` entries for one page of a curator's live followers whose in-app switch for it is on,
 * in follower id order after `afterFollowerId`: three statements for the whole page, whatever its size.
 * A follower who already has the entry (a retried page) is skipped.
 * @returns the followers of the page (the next page starts after the last) and the ids of the rows written
 *   with their recipients.
 */
export async function writeNewJosiePage(
  tx: Executor,
  input: { curatorId: string; josieId: string; afterFollowerId: string | null; limit: number },
): Promise<{ followers: string[]; written: { id: string; userId: string }[] }> {
  const { curatorId, josieId, afterFollowerId, limit } = input;
  const page = await tx
    .select({ id: follows.followerId, on: kindSwitchOn('new-josie', 'inApp') })
    .from(follows)
    .innerJoin(users, and(eq(users.id, follows.followerId), isNull(users.deletedAt)))
    .where(
      and(
        eq(follows.curatorId, curatorId),
        ne(follows.followerId, curatorId),
        afterFollowerId ? gt(follows.followerId, afterFollowerId) : undefined,
      ),
    )
    .orderBy(asc(follows.followerId))
    .limit(limit);
  const recipients = page.filter((r) => r.on).map((r) => r.id);
  if (recipients.length === 0) return { followers: page.map((r) => r.id), written: [] };
  const written = await tx
    .insert(notifications)
    .values(
      recipients.map((userId) => ({
        userId,
        kind: 'new-josie' as const,
        groupKey: josieId,
        subjectType: 'josie' as const,
        subjectId: josieId,
      })),
    )
    .onConflictDoNothing({ target: [notifications.userId, notifications.kind, notifications.groupKey] })
    .returning({ id: notifications.id, userId: notifications.userId });
  if (written.length > 0) {
    await tx
      .insert(notificationActors)
      .values(written.map((n) => ({ notificationId: n.id, actorId: curatorId })))
      .onConflictDoNothing();
  }
  return { followers: page.map((r) => r.id), written };
}

/** Kinds whose entry needs no actor: a review decision (the editor is not named), a contact message. */
const ACTORLESS = sql.raw(`('josie-approved', 'josie-rejected', 'contact-message')`);

/**
 * Whether notification `n` is shown: its subject still exists, and it has a live actor unless its kind has
 * none. A deleted josie, invite or message, or an entry whose every actor left, disappears from the list and
 * from the unread count without a write.
 */
const visible = sql`
  (n.subject_type is null
    or (n.subject_type = 'josie' and exists (select 1 from ${josies} j where j.id = n.subject_id))
    or (n.subject_type = 'invite' and exists (select 1 from ${invites} i where i.id = n.subject_id))
    or (n.subject_type = 'message'
        and exists (select 1 from ${contactMessages} m where m.id = n.subject_id)))
  and (n.kind in ${ACTORLESS}
    or exists (select 1 from ${notificationActors} a join ${users} u on u.id = a.actor_id and u.deleted_at is null
               where a.notification_id = n.id))`;

/**
 * A user's unread count, capped at {@link UNREAD_COUNT_DISPLAY_MAX} + 1 (the bell shows "99+"): one statement
 * that walks at most that many rows of the partial index `notifications_unread_idx`.
 */
export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as "n" from (
      select 1 from ${notifications} n
       where n.user_id = ${userId} and n.read_at is null and ${visible}
       limit ${UNREAD_COUNT_DISPLAY_MAX + 1}
    ) unread`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Unread counts of many users at once (a page of a new josie's followers), capped like {@link unreadCount}.
 */
export async function unreadCounts(db: Executor, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const result = (await db.execute(sql`
    select r.id as "userId", c.n as "n"
      from unnest(${sql.raw('ARRAY[')}${sql.join(
        userIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}${sql.raw(']')}) as r(id)
      cross join lateral (
        select count(*)::int as n from (
          select 1 from ${notifications} n
           where n.user_id = r.id and n.read_at is null and ${visible}
           limit ${UNREAD_COUNT_DISPLAY_MAX + 1}
        ) unread
      ) c`)) as unknown as { rows: { userId: string; n: number }[] };
  return new Map(result.rows.map((r) => [r.userId, Number(r.n)]));
}

/** A notification row as the list reads it, before its `url` is made. */
export interface NotificationRow {
  id: string;
  kind: NotificationKind;
  updatedAt: string;
  readAt: string | null;
  subjectType: 'josie' | 'invite' | 'message' | null;
  subjectId: string | null;
  title: string | null;
  reason: string | null;
  total: number;
  actors: { _id: string; name: string; avatar: string | null }[];
}

/**
 * Notifications of `userId`, newest change first, with their live subject's title and their actors (how
 * many, and the three newest live ones): one statement for the page, served by
 * `notifications_user_recent_idx` and `notification_actors_recent_idx`. `ids` narrows to those rows (the
 * socket event of one entry); `before` is the keyset cursor (`updated_at`, `id`) of the previous page.
 */
export async function notificationsOf(
  db: Executor,
  userId: string,
  opts: { limit: number; before?: Keyset | null; ids?: string[] },
): Promise<NotificationRow[]> {
  const { before, ids, limit } = opts;
  const result = (await db.execute(sql`
    select n.id as "id", n.kind as "kind",
           ${keysetTime(sql`n.updated_at`)} as "updatedAt",
           to_char(n.read_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "readAt",
           n.subject_type as "subjectType", n.subject_id as "subjectId", n.reason as "reason",
           case n.subject_type
             when 'josie' then (select j.title from ${josies} j where j.id = n.subject_id)
             when 'invite' then (select i.code from ${invites} i where i.id = n.subject_id)
             when 'message' then (select m.name from ${contactMessages} m where m.id = n.subject_id)
           end as "title",
           a.total as "total", a.items as "actors"
      from ${notifications} n
      cross join lateral (
        select count(*)::int as total,
               coalesce(json_agg(json_build_object('_id', x.id, 'name', x.name, 'avatar', x.avatar)
                                 order by x.rn) filter (where x.rn <= 3), '[]'::json) as items
          from (select u.id, u.name, u.avatar_url as avatar,
                       row_number() over (order by na.created_at desc, u.id) as rn
                  from ${notificationActors} na
                  join ${users} u on u.id = na.actor_id and u.deleted_at is null
                 where na.notification_id = n.id) x
      ) a
     where n.user_id = ${userId} and ${visible}
       ${before ? sql`and ${afterCursor(sql`n.updated_at`, sql`n.id`, before)}` : sql``}
       ${
         ids
           ? sql`and n.id in (${sql.join(
               ids.map((id) => sql`${id}::uuid`),
               sql`, `,
             )})`
           : sql``
       }
     order by n.updated_at desc, n.id desc
     limit ${limit}`)) as unknown as { rows: NotificationRow[] };
  return result.rows.map((r) => ({
    ...r,
    total: Number(r.total),
    actors: typeof r.actors === 'string' ? JSON.parse(r.actors) : r.actors,
  }));
}

/**
 * Marks `userId`'s unread notifications read: those among `ids`, or all. Ids of other users' rows match
 * nothing (the `user_id` condition), so nothing tells whether they exist.
 */
export async function markRead(db: Executor, userId: string, ids: string[] | undefined): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids
          ? sql`${notifications.id} in (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : undefined,
      ),
    );
}

/**
 * Deletes up to `limit` notifications read more than `days` days ago (the `notifications.purge` job, decision
 * 0018), through `notifications_read_idx`; their actors go by cascade. @returns how many were deleted.
 */
export async function deleteReadNotifications(db: Executor, days: number, limit: number): Promise<number> {
  const old = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(lt(notifications.readAt, sql`now() - make_interval(days => ${days})`))
    .limit(limit);
  const deleted = await db
    .delete(notifications)
    .where(inArray(notifications.id, old))
    .returning({ id: notifications.id });
  return deleted.length;
}

/** The live editors and admins (review-waiting), or admins (contact-message), with their settings. */
export async function staffRecipients(db: Executor, roles: readonly ('editor' | 'admin')[]) {
  return db
    .select({
      id: users.id,
      role: users.role,
      settings: users.notificationSettings,
      language: users.preferredLanguage,
      name: users.name,
    })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        sql`${users.role} in (${sql.join(
          roles.map((r) => sql`${r}`),
          sql`, `,
        )})`,
      ),
    );
}

/** A josie's title and creator, for the notifications about it; undefined when gone. */
export async function josieSubject(db: Executor, josieId: string) {
  const [row] = await db
    .select({ id: josies.id, title: josies.title, creatorId: josies.creatorId, status: josies.status })
    .from(josies)
    .where(eq(josies.id, josieId));
  return row;
}

/** A contact message's sender, for the admins' notification; undefined when deleted. */
export async function contactMessageOf(db: Executor, messageId: string) {
  const [row] = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      message: contactMessages.message,
      userId: contactMessages.userId,
    })
    .from(contactMessages)
    .where(eq(contactMessages.id, messageId));
  return row;
}

/**
 * One page of the digest's recipients: live users whose digest is `period` and who allow emails, after
 * `afterId` in id order.
 */
export async function digestRecipientsPage(
  db: Executor,
  period: 'daily' | 'weekly',
  afterId: string | null,
  limit: number,
) {
  return db
    .select({ id: users.id, name: users.name, language: users.preferredLanguage })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        sql`${users.notificationSettings}->>'digest' = ${period}`,
        sql`${settingOn('allowEmails')}`,
        afterId ? gt(users.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
}

/**
 * The josies first published since `since` by the live curators `userId` follows (not their own), newest
 * first, at most `limit`: what a digest lists.
 */
export async function digestJosies(db: Executor, userId: string, since: Date, limit: number) {
  return db
    .select({ id: josies.id, title: josies.title, curatorName: users.name })
    .from(follows)
    .innerJoin(josies, and(eq(josies.creatorId, follows.curatorId), eq(josies.status, 'published')))
    .innerJoin(users, and(eq(users.id, josies.creatorId), isNull(users.deletedAt)))
    .where(
      and(
        eq(follows.followerId, userId),
        ne(follows.curatorId, userId),
        sql`${josies.publishedAt} >= ${since.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(sql`${josies.publishedAt} desc`)
    .limit(limit);
}
