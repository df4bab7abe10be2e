/**
 * The kinds of notification and the channels that carry them (docs/decisions/0024-notifications-centre.md).
 * A module without zod: the header's bell and the feed's socket read these on the first page, which must
 * not load zod (docs/performance.md); the schemas are in `notifications.ts`.
 */
import type { Role } from './catalogues.js';

/**
 * What happened to the recipient:
 * - `follower`: someone followed them (one entry per follower);
 * - `invite-joined`: someone signed up through their invite;
 * - `josie-approved` / `josie-rejected`: an editor decided on their josie (rejected carries the reason and
 *   links to the editor);
 * - `likes`: likes on one of their josies, grouped per josie per day (UTC): "Noa and 19 others liked ‘…’";
 * - `new-josie`: a curator they follow published a josie (in-app off by default: the feed shows them);
 * - `review-waiting`: josies waiting in the review queue, grouped per day (editors and admins only);
 * - `contact-message`: a message through the contact form (admins only);
 * - `comment`: comments (replies too) on one of their josies, grouped per josie per day (UTC) like `likes`:
 *   "Dana and 3 others commented on ‘…’" (curators only; docs/decisions/0049-comment-notifications-and-live-visitors.md);
 * - `reply`: replies to their comment, grouped per thread per day (UTC): "Dana replied to your comment on ‘…’".
 * - `report-resolved`: an editor or admin acted on something the recipient reported (decision 0047).
 */
export const NOTIFICATION_KINDS = [
  'follower',
  'invite-joined',
  'josie-approved',
  'josie-rejected',
  'likes',
  'new-josie',
  'review-waiting',
  'contact-message',
  'comment',
  'reply',
  'report-resolved',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Where a notification can reach its recipient: the list behind the bell, an email, a web push message. */
export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * The channels each kind can use at all; the settings table shows no switch for the others. Likes reach
 * nobody by email (one a day per josie would still be noise), new josies arrive by email only as the digest
 * ({@link NOTIFICATION_DIGESTS}), and contact messages are never pushed. Comments on one's josies are grouped
 * per day like likes and, like them, never mailed; a reply to one's comment is a conversation and can be.
 */
export const NOTIFICATION_CHANNELS_OF: Readonly<Record<NotificationKind, readonly NotificationChannel[]>> = {
  follower: ['inApp', 'email', 'push'],
  'invite-joined': ['inApp', 'email', 'push'],
  'josie-approved': ['inApp', 'email', 'push'],
  'josie-rejected': ['inApp', 'email', 'push'],
  likes: ['inApp', 'push'],
  'new-josie': ['inApp', 'push'],
  'review-waiting': ['inApp', 'email', 'push'],
  'contact-message': ['inApp', 'email'],
  comment: ['inApp', 'push'],
  reply: ['inApp', 'email', 'push'],
  // The outcome of a report: in the app only (decision 0047).
  'report-resolved': ['inApp'],
};

/**
 * The switches of a user who never changed them. They keep what Josie sent before the notifications centre
 * (review decisions by email and push, invite sign-ups by email, new josies of followed curators by push)
 * and put the rest in the app only. A channel a kind cannot use ({@link NOTIFICATION_CHANNELS_OF}) is false.
 */
export const NOTIFICATION_DEFAULTS: Readonly<
  Record<NotificationKind, Readonly<Record<NotificationChannel, boolean>>>
> = {
  follower: { inApp: true, email: false, push: false },
  'invite-joined': { inApp: true, email: true, push: false },
  'josie-approved': { inApp: true, email: true, push: true },
  'josie-rejected': { inApp: true, email: true, push: true },
  likes: { inApp: true, email: false, push: false },
  'new-josie': { inApp: false, email: false, push: true },
  'review-waiting': { inApp: true, email: false, push: false },
  'contact-message': { inApp: true, email: false, push: false },
  comment: { inApp: true, email: false, push: false },
  // Someone answered the recipient: pushed like a review decision (once per thread and day).
  reply: { inApp: true, email: false, push: true },
  'report-resolved': { inApp: true, email: false, push: false },
};

/** Who is followed, invites and writes josies: curators (docs/product/routes-and-roles.md#roles). */
const CURATORS = ['curator'] as const satisfies readonly Role[];

/**
 * The kinds a role can receive; a kind not named here reaches every role (`new-josie`: anyone follows
 * curators). Followers, invite sign-ups, review decisions and likes happen to curators only (only curators
 * are followed, invite and write josies: `endpoints.follow`'s rule, `createInvite` and `createJosie`);
 * reviewing and the contact inbox are staff work. Comments on one's josies reach curators only (only they
 * write josies); a reply reaches anyone who comments. A role sees no switches for the other kinds and is never
 * sent them.
 */
export const NOTIFICATION_KIND_ROLES: Readonly<Partial<Record<NotificationKind, readonly Role[]>>> = {
  follower: CURATORS,
  'invite-joined': CURATORS,
  'josie-approved': CURATORS,
  'josie-rejected': CURATORS,
  likes: CURATORS,
  'review-waiting': ['editor', 'admin'],
  'contact-message': ['admin'],
  comment: CURATORS,
};

/** How often the email digest of new josies from followed curators is sent; `off` by default. */
export const NOTIFICATION_DIGESTS = ['off', 'daily', 'weekly'] as const;
export type NotificationDigest = (typeof NOTIFICATION_DIGESTS)[number];

/** Notifications per page of `GET /api/notifications`, and the most the bell's dropdown shows. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** Entries the header's dropdown shows. */
export const NOTIFICATIONS_DROPDOWN_SIZE = 6;
/** Actors a notification names (the rest are counted): "Noa, Dan and 18 others". */
export const NOTIFICATION_ACTORS_SHOWN = 3;
/** Above this the bell shows "99+". */
export const UNREAD_COUNT_DISPLAY_MAX = 99;
/** Days a read notification is kept before the purge job removes it. Unread ones are kept. */
export const NOTIFICATION_RETENTION_DAYS = 90;
