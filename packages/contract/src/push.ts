import { z } from 'zod';
import { text, wellFormedText } from './common.js';

/**
 * Web Push and email notifications (docs/product/rules-and-limits.md#notifications-and-install): the
 * subscription calls of the browser, the server's VAPID public key, the one-click unsubscribe link, and the
 * payload the service worker shows.
 */

/** Bytes of a base64url string (no padding), or -1 when it is not base64url. */
function base64urlBytes(value: string): number {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(value)) return -1;
  const unpadded = value.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) return -1;
  return Math.floor((unpadded.length * 3) / 4);
}

/** A base64url value of exactly `bytes` bytes. */
const base64urlOf = (bytes: number, what: string) =>
  text()
    .max(200)
    .refine((v) => base64urlBytes(v) === bytes, `${what} must be ${bytes} bytes, base64url-encoded`);

/**
 * `POST /api/users/me/push-subscriptions`: the browser's `PushSubscription.toJSON()`. The endpoint is the
 * push service's https URL; `p256dh` is the browser's uncompressed P-256 public key (65 bytes) and `auth`
 * its 16-byte authentication secret (RFC 8291).
 */
export const PushSubscriptionBody = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'The push endpoint must be an https URL' })
    .check(wellFormedText)
    .max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64urlOf(65, 'keys.p256dh'),
    auth: base64urlOf(16, 'keys.auth'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

/** `DELETE /api/users/me/push-subscriptions`: the endpoint of the subscription to remove. */
export const PushUnsubscribeBody = z.object({ endpoint: text().min(1).max(2048) });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBody>;

/** `GET /api/push/public-key`: the VAPID public key (base64url) for `PushManager.subscribe`. */
export const PushPublicKeyResponse = z.object({ publicKey: text() });
export type PushPublicKeyResponse = z.infer<typeof PushPublicKeyResponse>;

/** `GET`/`POST /api/notifications/unsubscribe?token=`: the signed token of an email's unsubscribe link. */
export const UnsubscribeQuery = z.object({ token: text().min(1).max(500) });
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuery>;

/**
 * What a push message carries (encrypted, at most about 4 KB) and the service worker shows: a title and
 * body already in the recipient's language, the app path to open on click, and a `tag` under which a
 * newer notification replaces an older one.
 */
export const PushNotificationPayload = z.object({
  title: text().max(300),
  body: text().max(1000),
  /** An app path such as `/josie/<id>`, opened when the notification is clicked. */
  url: text().startsWith('/'),
  tag: text().max(100).optional(),
  lang: z.enum(['en', 'he']),
  dir: z.enum(['ltr', 'rtl']),
});
export type PushNotificationPayload = z.infer<typeof PushNotificationPayload>;
