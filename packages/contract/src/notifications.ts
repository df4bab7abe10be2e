/**
 * The notifications centre (docs/decisions/0024-notifications-centre.md): the list behind the header's
 * bell, its read state, and each user's switches per kind and channel. Kinds, channels and defaults are in
 * the zod-free `notification-kinds.ts`.
 */
import { z } from 'zod';
import { text } from './common.js';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_DIGESTS,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_PAGE_SIZE,
} from './notification-kinds.js';

/** A person a notification is about (a follower, a liker, the curator whose josie waits). */
export const NotificationActor = z.object({ _id: text(), name: text(), avatar: text().nullable() });
export type NotificationActor = z.infer<typeof NotificationActor>;

/**
 * What a notification is about: a josie (its title; `reason` of a rejection), an invite (its code as
 * `title`) or a contact message (its sender's subject line as `title`), or a report (what was reported as
 * `title`: `comment`, `josie` or `account`; the outcome as `reason`: `dismissed`, `comment-removed`,
 * `josie-sent-back` or `account-suspended`, decision 0047). Null for a grouped review-queue entry.
 * `title` is read when the list is read, so a renamed josie shows its new title; a deleted subject makes the
 * notification disappear.
 */
export const NotificationSubject = z.object({
  type: z.enum(['josie', 'invite', 'message', 'report']),
  _id: text(),
  title: text(),
  reason: text().nullable(),
});
export type NotificationSubject = z.infer<typeof NotificationSubject>;

/**
 * One entry of the list. `createdAt` is when it last changed (a new like moves a grouped entry up and makes
 * it unread again); `readAt` null while unread. `actors.total` counts every live actor, `actors.items` names
 * up to three, newest first (an actor whose account is deleted is neither named nor counted; an entry left
 * with no actor disappears). `url` is the app path opening it goes to.
 */
export const Notification = z.object({
  _id: text(),
  kind: z.enum(NOTIFICATION_KINDS),
  createdAt: text(),
  readAt: text().nullable(),
  actors: z.object({ total: z.number().int().min(0), items: z.array(NotificationActor) }),
  subject: NotificationSubject.nullable(),
  url: text().startsWith('/'),
});
export type Notification = z.infer<typeof Notification>;

/** `GET /api/notifications?cursor=&limit=`: newest first; `cursor` is the previous page's `nextCursor`. */
export const NotificationsQuery = z.object({
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

/** Answer of `GET /api/notifications`: a page, and the caller's unread count at the time of reading. */
export const NotificationsResponse = z.object({
  data: z.object({
    notifications: z.array(Notification),
    hasMore: z.boolean(),
    nextCursor: text().nullable(),
    unreadCount: z.number().int().min(0),
  }),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;

/**
 * `POST /api/notifications/read`: marks the caller's notifications with these ids read, or all of them when
 * `ids` is absent. Ids that are not the caller's (or are gone) are ignored, so the answer never tells whether
 * another user's notification exists.
 */
export const NotificationsReadBody = z.object({ ids: z.array(z.uuid()).min(1).max(100).optional() });
export type NotificationsReadBody = z.infer<typeof NotificationsReadBody>;

/** Answer of `POST /api/notifications/read` and `GET /api/notifications/unread-count`. */
export const UnreadCountResponse = z.object({ unreadCount: z.number().int().min(0) });
export type UnreadCountResponse = z.infer<typeof UnreadCountResponse>;

/** One kind's switches: in the app, by email, by push. */
export const NotificationChannelSwitches = z.object(
  Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, z.boolean()])) as Record<
    (typeof NOTIFICATION_CHANNELS)[number],
    z.ZodBoolean
  >,
);
export type NotificationChannelSwitches = z.infer<typeof NotificationChannelSwitches>;

/**
 * Every kind's switches as the server answers them (stored choices merged over
 * `NOTIFICATION_DEFAULTS`). A channel a kind cannot use (`NOTIFICATION_CHANNELS_OF`) is always false.
 */
export const NotificationKindSettings = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, NotificationChannelSwitches])) as Record<
    (typeof NOTIFICATION_KINDS)[number],
    typeof NotificationChannelSwitches
  >,
);
export type NotificationKindSettings = z.infer<typeof NotificationKindSettings>;

/** How often the digest of new josies from followed curators is mailed. */
export const NotificationDigestSetting = z.enum(NOTIFICATION_DIGESTS);

/**
 * The part of `PUT /api/users/me/notification-settings` for kinds: any kinds, any of their channels. A
 * switch for a channel the kind cannot use is refused with 400.
 */
export const NotificationKindSettingsUpdate = z.partialRecord(
  z.enum(NOTIFICATION_KINDS),
  NotificationChannelSwitches.partial(),
);
