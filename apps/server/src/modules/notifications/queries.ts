import type { PushSubscriptionBody } from '@josie/contract';
import { and, asc, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { follows, josieReviews, josies, pushSubscriptions, users } from '../../db/schema.js';

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
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

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
 * in subscription id order after `afterId`, with each follower's language. Served by `follows_curator_idx`
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
