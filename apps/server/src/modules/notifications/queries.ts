import {
  NOTIFICATION_DEFAULTS,
  type NotificationChannel,
  type NotificationKind,
  type PushSubscriptionBody,
  UNREAD_COUNT_DISPLAY_MAX,
} from '@josie/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  ne,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { type Executor, executeNamed } from '../../db/client.js';
import {
  comments,
  contactMessages,
  follows,
  invites,
  josieLikes,
  josieReviews,
  josies,
  notificationActors,
  notifications,
  outboxCursors,
  pushSubscriptions,
  reports,
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
      set: { userId, p256dh: body.keys.p256dh, auth: body.keys.auth, createdAt: sql`now()` },
    });
}

/**
 * Keeps `userId`'s `keep` newest subscriptions (a re-registered browser counts as new) and deletes the
 * others. @returns how many were deleted.
 */
export async function trimSubscriptions(db: Executor, userId: string, keep: number): Promise<number> {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)))
    .returning({ id: pushSubscriptions.id });
  return removed.length;
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

/** What a notification needs of its recipient (and of the people it names). */
const recipientFields = {
  id: users.id,
  name: users.name,
  email: users.email,
  language: users.preferredLanguage,
  allowEmails: settingOn('allowEmails'),
  allowPush: settingOn('allowPushNotifications'),
  settings: users.notificationSettings,
  role: users.role,
};

/** {@link recipientFields} of a josie's creator, whose id is `creatorId`. */
const { id: creatorId, ...creatorRest } = recipientFields;
const creatorFields = { creatorId, ...creatorRest };

/** What a notification email needs of a live user; undefined when missing or deleted. */
export async function mailRecipient(db: Executor, userId: string) {
  const [row] = await db
    .select(recipientFields)
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

/** {@link mailRecipient} of many users in one statement, by id; missing and deleted users are left out. */
export async function mailRecipients(db: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, NonNullable<Awaited<ReturnType<typeof mailRecipient>>>>();
  const rows = await db
    .select(recipientFields)
    .from(users)
    .where(and(inArray(users.id, [...userIds]), isNull(users.deletedAt)));
  return new Map(rows.map((row) => [row.id, row]));
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
      ...creatorFields,
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
  subjectType: 'josie' | 'invite' | 'message' | 'report' | null;
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
  const { actorId, ...group } = w;
  const [written] = await writeNotifications(tx, [{ ...group, actorIds: actorId ? [actorId] : [] }]);
  if (!written) throw new Error('notification row vanished while being written');
  return written;
}

/** A notification row's id and the three columns that name its group (`notifications_group_key`). */
const groupColumns = {
  id: notifications.id,
  userId: notifications.userId,
  kind: notifications.kind,
  groupKey: notifications.groupKey,
};

/** A group's write of {@link writeNotifications}: its actors, none for a kind without actors. */
export type NotificationGroupWrite = Omit<NotificationWrite, 'actorId'> & { actorIds: readonly string[] };

/**
 * {@link writeNotification} for many groups at once (the likes of a batch of jobs), in four statements
 * whatever their number: the new rows, the ids of those that existed, the actors, and the rows that moved.
 * Each group must appear once.
 * @returns each group's row id and what changed, in the order of `writes`.
 */
export async function writeNotifications(
  tx: Executor,
  writes: readonly NotificationGroupWrite[],
): Promise<{ id: string; created: boolean; changed: boolean }[]> {
  if (writes.length === 0) return [];
  const keyOf = (w: { userId: string; kind: string; groupKey: string }) =>
    `${w.userId}|${w.kind}|${w.groupKey}`;
  // Every statement here takes its rows as array parameters (`unnest`): one statement whatever the batch's
  // size. A list of tuples made a new statement for each size, planned afresh every time: a batch of likes'
  // entries spent as long in planning as in running (docs/performance.md, tenth and eleventh rounds). The
  // ids are made here, as the schema's default makes them (UUIDv7: time-ordered, the list's tiebreak).
  const inserted = (
    (await tx.execute(sql`
      insert into ${notifications} (id, user_id, kind, group_key, subject_type, subject_id, reason)
      select * from unnest(${sql.param(writes.map(() => uuidv7()))}::uuid[],
                           ${sql.param(writes.map((w) => w.userId))}::uuid[],
                           ${sql.param(writes.map((w) => w.kind))}::text[],
                           ${sql.param(writes.map((w) => w.groupKey))}::text[],
                           ${sql.param(writes.map((w) => w.subjectType))}::text[],
                           ${sql.param(writes.map((w) => w.subjectId))}::uuid[],
                           ${sql.param(writes.map((w) => w.reason ?? null))}::text[])
      on conflict (user_id, kind, group_key) do nothing
      returning id, user_id as "userId", kind, group_key as "groupKey"`)) as unknown as {
      rows: { id: string; userId: string; kind: string; groupKey: string }[];
    }
  ).rows;
  const ids = new Map(inserted.map((row) => [keyOf(row), row.id]));
  const created = new Set(ids.values());
  const existing = writes.filter((w) => !ids.has(keyOf(w)));
  if (existing.length > 0) {
    // Array parameters here too: a list of tuples is planned afresh for each size (docs/performance.md,
    // tenth round).
    const found = await tx
      .select(groupColumns)
      .from(notifications)
      .where(
        sql`(${notifications.userId}, ${notifications.kind}, ${notifications.groupKey}) in (
          select * from unnest(${sql.param(existing.map((w) => w.userId))}::uuid[],
                               ${sql.param(existing.map((w) => w.kind))}::text[],
                               ${sql.param(existing.map((w) => w.groupKey))}::text[]))`,
      );
    for (const row of found) ids.set(keyOf(row), row.id);
  }
  const idOf = (w: NotificationGroupWrite) => {
    const id = ids.get(keyOf(w));
    if (!id) throw new Error('notification row vanished while being written');
    return id;
  };
  const actors = writes.flatMap((w) => w.actorIds.map((actorId) => ({ notificationId: idOf(w), actorId })));
  const withNewActors = new Set(
    actors.length === 0
      ? []
      : (
          (await tx.execute(sql`
            insert into ${notificationActors} (notification_id, actor_id)
            select * from unnest(${sql.param(actors.map((a) => a.notificationId))}::uuid[],
                                 ${sql.param(actors.map((a) => a.actorId))}::uuid[])
            on conflict do nothing
            returning notification_id as "id"`)) as unknown as { rows: { id: string }[] }
        ).rows.map((row) => row.id),
  );
  const outcomes = writes.map((w) => {
    const id = idOf(w);
    const isNew = created.has(id);
    return { id, created: isNew, changed: isNew || w.actorIds.length === 0 || withNewActors.has(id), w };
  });
  const moved = outcomes.filter((o) => o.changed && !o.created);
  if (moved.length > 0) {
    await tx.execute(sql`
      update ${notifications} set updated_at = now(), read_at = null, reason = v.reason
        from unnest(${sql.param(moved.map((o) => o.id))}::uuid[],
                    ${sql.param(moved.map((o) => o.w.reason ?? null))}::text[]) as v(id, reason)
       where ${notifications.id} = v.id`);
  }
  return outcomes.map(({ id, created: isNew, changed }) => ({ id, created: isNew, changed }));
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
  // The recipients as one array parameter, as in writeNotifications: one statement whatever the page's size.
  const written = (
    (await tx.execute(sql`
      insert into ${notifications} (id, user_id, kind, group_key, subject_type, subject_id)
      select r.id, r.user_id, 'new-josie', ${josieId}, 'josie', ${josieId}::uuid
        from unnest(${sql.param(recipients.map(() => uuidv7()))}::uuid[], ${sql.param(recipients)}::uuid[])
          as r(id, user_id)
      on conflict (user_id, kind, group_key) do nothing
      returning id, user_id as "userId"`)) as unknown as { rows: { id: string; userId: string }[] }
  ).rows;
  if (written.length > 0) {
    await tx.execute(sql`
      insert into ${notificationActors} (notification_id, actor_id)
      select n.id, ${curatorId}::uuid from unnest(${sql.param(written.map((n) => n.id))}::uuid[]) as n(id)
      on conflict do nothing`);
  }
  return { followers: page.map((r) => r.id), written };
}

/** Kinds whose entry needs no actor: a review decision (the editor is not named), a contact message. */
const ACTORLESS = sql.raw(`('josie-approved', 'josie-rejected', 'contact-message', 'report-resolved')`);

/**
 * Whether the account of an actor is live, as a lookup by key per actor: joined instead, the planner may read
 * every account to hash them, once per entry, when it expects many actors (statistics of a table a burst of
 * likes just filled: docs/performance.md).
 */
const liveActor = (actorId: SQL) =>
  sql`(select u.deleted_at is null from ${users} u where u.id = ${actorId})`;

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
        and exists (select 1 from ${contactMessages} m where m.id = n.subject_id))
    or (n.subject_type = 'report' and exists (select 1 from ${reports} r where r.id = n.subject_id)))
  and (n.kind in ${ACTORLESS}
    or exists (select 1 from ${notificationActors} a where a.notification_id = n.id and ${liveActor(sql`a.actor_id`)}))`;

/**
 * A user's unread count, capped at {@link UNREAD_COUNT_DISPLAY_MAX} + 1 (the bell shows "99+"): one statement
 * that walks at most that many rows of the partial index `notifications_unread_idx`.
 */
export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [row] = await executeNamed<{ n: number }>(
    db,
    'notifications_unread_count',
    sql`
    select count(*)::int as "n" from (
      select 1 from ${notifications} n
       where n.user_id = ${userId} and n.read_at is null and ${visible}
       limit ${UNREAD_COUNT_DISPLAY_MAX + 1}
    ) unread`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Unread counts of many users at once (a page of a new josie's followers), capped like {@link unreadCount}.
 */
export async function unreadCounts(db: Executor, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const result = (await db.execute(sql`
    select r.id as "userId", c.n as "n"
      from unnest(${sql.param(userIds)}::uuid[]) as r(id)
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
  /** The recipient. */
  userId: string;
  kind: NotificationKind;
  updatedAt: string;
  readAt: string | null;
  subjectType: 'josie' | 'invite' | 'message' | 'report' | null;
  subjectId: string | null;
  title: string | null;
  reason: string | null;
  total: number;
  actors: { _id: string; name: string; avatar: string | null }[];
}

/** Rows of the list with their titles and newest actors, `where` the caller says, newest change first. */
async function selectNotifications(
  db: Executor,
  where: SQL,
  limit: number,
  /** The prepared statement's name, for a `where` whose text never changes (values are parameters). */
  name?: string,
): Promise<NotificationRow[]> {
  const query = sql`
    select n.id as "id", n.user_id as "userId", n.kind as "kind",
           ${keysetTime(sql`n.updated_at`)} as "updatedAt",
           to_char(n.read_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "readAt",
           n.subject_type as "subjectType", n.subject_id as "subjectId", n.reason as "reason",
           case n.subject_type
             when 'josie' then (select j.title from ${josies} j where j.id = n.subject_id)
             when 'invite' then (select i.code from ${invites} i where i.id = n.subject_id)
             when 'message' then (select m.name from ${contactMessages} m where m.id = n.subject_id)
             when 'report' then (select r.target_type from ${reports} r where r.id = n.subject_id)
           end as "title",
           a.total as "total", a.items as "actors"
      from ${notifications} n
      -- An entry's live actors are all its actors (counted in the index) less the deleted accounts among
      -- them, found from the few deleted accounts (users_deleted_idx) rather than by looking up each actor;
      -- the newest three live ones are the first of notification_actors_recent_idx's range, each account
      -- read by key. Entries of a like storm have hundreds of actors (docs/performance.md, "ninth round").
      cross join lateral (
        select (select count(*) from ${notificationActors} na where na.notification_id = n.id)::int
                 - (select count(*) from ${users} gone
                     where gone.deleted_at is not null
                       and exists (select 1 from ${notificationActors} na
                                    where na.notification_id = n.id and na.actor_id = gone.id))::int as total,
               (select coalesce(json_agg((select json_build_object('_id', u.id, 'name', u.name, 'avatar', u.avatar_url)
                                            from ${users} u where u.id = t.actor_id)
                                         order by t.created_at desc nulls last, t.actor_id), '[]'::json)
                  from (select na.actor_id, na.created_at
                          from ${notificationActors} na
                         where na.notification_id = n.id and ${liveActor(sql`na.actor_id`)}
                         order by na.created_at desc nulls last, na.actor_id
                         limit 3) t) as items
      ) a
     where ${where} and ${visible}
     order by n.updated_at desc, n.id desc
     limit ${limit}`;
  const rows = name
    ? await executeNamed<NotificationRow>(db, name, query)
    : ((await db.execute(query)) as unknown as { rows: NotificationRow[] }).rows;
  return rows.map((r) => ({
    ...r,
    total: Number(r.total),
    actors: typeof r.actors === 'string' ? JSON.parse(r.actors) : r.actors,
  }));
}

/** `n.id` among `ids`, as one array parameter: the statement stays the same for any number of ids. */
const idIn = (ids: readonly string[]) => sql`n.id = any(${sql.param([...ids])}::uuid[])`;

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
  return selectNotifications(
    db,
    and(
      sql`n.user_id = ${userId}`,
      before ? afterCursor(sql`n.updated_at`, sql`n.id`, before) : undefined,
      ids ? idIn(ids) : undefined,
    ) as SQL,
    limit,
    // The list's two texts are prepared (planning them cost PostgreSQL more than running them); a list of ids
    // has a text per length.
    ids ? undefined : before ? 'notifications_page_after' : 'notifications_page',
  );
}

/** Visible rows of any recipients by id (each row with its `userId`), as {@link notificationsOf} reads them. */
export async function notificationsByIds(db: Executor, ids: readonly string[]): Promise<NotificationRow[]> {
  return ids.length === 0 ? [] : selectNotifications(db, idIn(ids), ids.length);
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

/** What a notification needs of the josie it is about. */
const subjectFields = {
  id: josies.id,
  title: josies.title,
  creatorId: josies.creatorId,
  status: josies.status,
};

/** A josie's title and creator, for the notifications about it; undefined when gone. */
export async function josieSubject(db: Executor, josieId: string) {
  const [row] = await db.select(subjectFields).from(josies).where(eq(josies.id, josieId));
  return row;
}

/** {@link josieSubject} of many josies in one statement, by id; josies gone are left out. */
export async function josieSubjects(db: Executor, josieIds: readonly string[]) {
  if (josieIds.length === 0) return new Map<string, NonNullable<Awaited<ReturnType<typeof josieSubject>>>>();
  const rows = await db
    .select(subjectFields)
    .from(josies)
    .where(inArray(josies.id, [...josieIds]));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * A comment as its notification needs it (docs/decisions/0049-comment-notifications-and-live-visitors.md):
 * its author, thread (`parentId`, null for a top-level comment) and josie with its title, creator and
 * status. Undefined when the comment is gone.
 */
export async function commentNotice(db: Executor, commentId: string) {
  const [row] = await db
    .select({
      id: comments.id,
      authorId: comments.authorId,
      parentId: comments.parentId,
      removedAt: comments.removedAt,
      josie: subjectFields,
    })
    .from(comments)
    .innerJoin(josies, eq(josies.id, comments.josieId))
    .where(eq(comments.id, commentId));
  return row;
}

/** The authors of the comments with these ids that are still shown (neither deleted nor removed). */
export async function liveCommentAuthors(db: Executor, commentIds: readonly string[]): Promise<string[]> {
  if (commentIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ authorId: comments.authorId })
    .from(comments)
    .where(and(inArray(comments.id, [...commentIds]), isNull(comments.removedAt)));
  return rows.map((row) => row.authorId);
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

/**
 * Locks the outbox cursor `name` for the caller's transaction and answers its position (a transaction id,
 * `xid8` as text): a second instance's run waits here, then reads on from where this one stops
 * (docs/decisions/0034-a-like-in-one-statement.md). A cursor the migrations did not create starts at 0:
 * nothing read yet.
 */
export async function lockOutboxCursor(tx: Executor, name: string): Promise<string> {
  await tx.insert(outboxCursors).values({ name, position: '0' }).onConflictDoNothing();
  const [row] = await tx
    .select({ position: outboxCursors.position })
    .from(outboxCursors)
    .where(eq(outboxCursors.name, name))
    .for('update');
  return row!.position;
}

/** Moves the outbox cursor `name` (locked by {@link lockOutboxCursor}) to `position`. */
export async function moveOutboxCursor(tx: Executor, name: string, position: string): Promise<void> {
  await tx.update(outboxCursors).set({ position }).where(eq(outboxCursors.name, name));
}

/**
 * The likes of the first `transactions` ended transactions after `position` (decision 0034), oldest first:
 * only transactions below the snapshot's `xmin`, every one of which has committed or rolled back, so a like
 * still being committed is read by a later run, never skipped. Whole transactions, never part of one: the
 * cursor moves to the last one's id.
 * @returns the likes, and the id of the last transaction read (null when there was none).
 */
export async function likesAfter(
  tx: Executor,
  position: string,
  transactions: number,
): Promise<{ likes: { josieId: string; likerId: string; at: Date }[]; last: string | null; full: boolean }> {
  // The page's last transaction bounds a range scan of the index from the cursor: `created_xid in (page)`
  // was planned as a merge join reading every like older than the cursor first (docs/performance.md).
  const page = sql`select distinct ${josieLikes.createdXid} as xid from ${josieLikes}
     where ${josieLikes.createdXid} > ${position}::xid8
       and ${josieLikes.createdXid} < pg_snapshot_xmin(pg_current_snapshot())
     order by 1 limit ${transactions}`;
  const rows = await tx
    .select({
      josieId: josieLikes.josieId,
      likerId: josieLikes.userId,
      at: josieLikes.createdAt,
      xid: josieLikes.createdXid,
    })
    .from(josieLikes)
    .where(
      sql`${josieLikes.createdXid} > ${position}::xid8
        and ${josieLikes.createdXid} <= (select max(xid) from (${page}) as page)`,
    )
    .orderBy(asc(josieLikes.createdXid));
  const xids = new Set(rows.map((row) => row.xid));
  return {
    likes: rows.map(({ josieId, likerId, at }) => ({ josieId, likerId, at })),
    last: rows.at(-1)?.xid ?? null,
    full: xids.size >= transactions,
  };
}

/**
 * Whether likes after `position` have committed that {@link likesAfter} could not read yet: a transaction
 * older than theirs, of any database on the server, was still running. One probe of `josie_likes_xid_idx`.
 */
export async function likesHeldBack(tx: Executor, position: string): Promise<boolean> {
  const [row] = await tx
    .select({
      held: sql<boolean>`exists (select 1 from ${josieLikes} where ${josieLikes.createdXid} > ${position}::xid8)`,
    })
    .from(sql`(select 1) as one`);
  return row?.held ?? false;
}

/**
 * Deletes the notifications of other users that are about `userId` alone: the entries grouped under that
 * user's id (a new follower, an invite's joiner). In an account deletion's transaction, so that no
 * notification keeps a deleted account's id (docs/decisions/0025-account-and-data.md).
 */
export async function deleteNotificationsKeyedBy(db: Executor, userId: string) {
  await db.delete(notifications).where(eq(notifications.groupKey, userId));
}

/** A resolved report as its reporter's notification names it: what was reported and the outcome. */
export async function resolvedReport(db: Executor, reportId: string) {
  const [row] = await db
    .select({ id: reports.id, targetType: reports.targetType, resolution: reports.resolution })
    .from(reports)
    .where(and(eq(reports.id, reportId), sql`${reports.resolvedAt} is not null`));
  return row;
}
