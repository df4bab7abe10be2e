import type { Role } from '../catalogues.js';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_CHANNELS_OF,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KIND_ROLES,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationDigest,
  type NotificationKind,
} from '../notification-kinds.js';

/** Stored notification settings as the `users.notification_settings` column may hold them (kinds optional). */
export interface StoredNotificationSettings {
  allowPushNotifications: boolean;
  allowEmails: boolean;
  kinds?: Partial<Record<string, Partial<Record<NotificationChannel, boolean>>>>;
  digest?: NotificationDigest;
}

/** Every kind's switches after merging: one boolean per kind and channel. */
export type MergedKindSettings = Record<NotificationKind, Record<NotificationChannel, boolean>>;

/**
 * The settings as the API answers them (docs/decisions/0024-notifications-centre.md): the stored choices over
 * {@link NOTIFICATION_DEFAULTS}, every channel a kind cannot use false, the digest `off` unless chosen. Keys the
 * column holds that are no longer kinds or channels are dropped.
 */
export function mergeNotificationSettings(stored: StoredNotificationSettings): {
  allowPushNotifications: boolean;
  allowEmails: boolean;
  kinds: MergedKindSettings;
  digest: NotificationDigest;
} {
  const kinds = {} as MergedKindSettings;
  for (const kind of NOTIFICATION_KINDS) {
    const chosen = stored.kinds?.[kind] ?? {};
    const offered = NOTIFICATION_CHANNELS_OF[kind];
    const switches = {} as Record<NotificationChannel, boolean>;
    for (const channel of NOTIFICATION_CHANNELS) {
      switches[channel] =
        offered.includes(channel) && (chosen[channel] ?? NOTIFICATION_DEFAULTS[kind][channel]);
    }
    kinds[kind] = switches;
  }
  return {
    allowPushNotifications: stored.allowPushNotifications,
    allowEmails: stored.allowEmails,
    kinds,
    digest: stored.digest ?? 'off',
  };
}

/** Whether a user of `role` can receive notifications of `kind` at all ({@link NOTIFICATION_KIND_ROLES}). */
export function kindReaches(kind: NotificationKind, role: Role): boolean {
  const roles = NOTIFICATION_KIND_ROLES[kind];
  return !roles || roles.includes(role);
}

/**
 * Whether a notification of `kind` goes to a user by `channel`: the role receives the kind, the kind's switch
 * for the channel is on, and for email and push the spec's global switch ("no email at all", "no push at
 * all") is on too.
 */
export function notificationAllowed(
  stored: StoredNotificationSettings,
  role: Role,
  kind: NotificationKind,
  channel: NotificationChannel,
): boolean {
  if (!kindReaches(kind, role)) return false;
  if (channel === 'email' && !stored.allowEmails) return false;
  if (channel === 'push' && !stored.allowPushNotifications) return false;
  return mergeNotificationSettings(stored).kinds[kind][channel];
}
