import { PushPublicKeyResponse, type PushSubscriptionBody, SuccessResponse } from '@josie/contract';
import { request } from '../api/request';
import { pushSupported } from './support';

export { pushSupported };

/**
 * This browser's Web Push subscription (docs/product/rules-and-limits.md#notifications-and-install):
 * permission, `PushManager.subscribe` with the server's VAPID key, and `POST`/`DELETE
 * /api/users/me/push-subscriptions`. Push is per browser while the account's `allowPushNotifications` switch
 * is per user: the switch decides whether anything is sent, this decides where.
 */

/** Where push stands in this browser. */
export type PushDeviceState =
  /** No service worker, Push API or notifications here (e.g. iOS Safari outside an installed app). */
  | 'unsupported'
  /** The user blocked notifications for this site. */
  | 'denied'
  /** Not asked yet, or asked and dismissed. */
  | 'prompt'
  /** Allowed, and this browser is subscribed. */
  | 'subscribed'
  /** Allowed, but this browser is not subscribed. */
  | 'unsubscribed';

/** Why enabling push failed in a way the user must act on. */
export class PushPermissionError extends Error {
  override readonly name = 'PushPermissionError';
  constructor(readonly reason: 'denied' | 'dismissed') {
    super(`Notification permission ${reason}`);
  }
}

/** How long to wait for the service worker before giving up (it registers at start-up). */
const READY_TIMEOUT_MS = 10_000;

/** The active service worker registration, waiting for it at most {@link READY_TIMEOUT_MS}. */
async function registration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The service worker is not active')), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Decodes a base64url VAPID key to the bytes `applicationServerKey` takes. */
export function base64urlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** The subscription as the API takes it (`PushSubscription.toJSON()`). */
function bodyOf(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** Where push stands in this browser right now. */
export async function pushDeviceState(): Promise<PushDeviceState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission === 'default') return 'prompt';
  const existing = await (await registration()).pushManager.getSubscription();
  return existing ? 'subscribed' : 'unsubscribed';
}

/**
 * Subscribes this browser for the signed-in user: asks for permission when it was never given (call it
 * from a user gesture), subscribes with the server's key (renewing a subscription made with another key) and
 * registers it with the server. Idempotent.
 *
 * @returns 'unsupported' when this browser has no Web Push (nothing done), else 'subscribed'.
 * @throws PushPermissionError when the user blocks or dismisses the prompt; ApiError when the server
 *   refuses (503 when push is not configured); DOMException from the push service.
 */
export async function subscribeThisBrowser(): Promise<'unsupported' | 'subscribed'> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') throw new PushPermissionError('denied');
  if (Notification.permission === 'default') {
    const answer = await Notification.requestPermission();
    if (answer !== 'granted') throw new PushPermissionError(answer === 'denied' ? 'denied' : 'dismissed');
  }
  const { publicKey } = await request('pushPublicKey', {}, { schema: PushPublicKeyResponse });
  const key = base64urlToBytes(publicKey);
  const { pushManager } = await registration();
  let subscription = await pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    // Made for another server key: the push service would refuse our messages.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await request('subscribePush', { body: bodyOf(subscription) }, { schema: SuccessResponse });
  return 'subscribed';
}

/**
 * Unsubscribes this browser: tells the server to forget it (when signed in) and ends the subscription at
 * the push service, so nothing reaches this browser even if the server still had it. Idempotent.
 */
export async function unsubscribeThisBrowser(
  opts: { signedIn: boolean } = { signedIn: true },
): Promise<void> {
  if (!pushSupported()) return;
  // Without a registered worker there is no subscription to end (and nothing to wait for).
  const existing = await navigator.serviceWorker.getRegistration();
  const subscription = await existing?.pushManager.getSubscription();
  if (!subscription) return;
  if (opts.signedIn) {
    await request(
      'unsubscribePush',
      { body: { endpoint: subscription.endpoint } },
      { schema: SuccessResponse },
    );
  }
  await subscription.unsubscribe();
}

/**
 * Brings this browser's subscription in line with the signed-in user's switch without prompting: when
 * push is on and permission was already granted, makes sure the server has this browser's current
 * subscription (the push service may have renewed it); when signed out, ends it so a shared computer does
 * not keep receiving the last user's notifications. Failures are logged, never shown.
 */
export async function syncPushSubscription(user: { allowPushNotifications: boolean } | null): Promise<void> {
  if (!pushSupported()) return;
  try {
    if (!user) {
      await unsubscribeThisBrowser({ signedIn: false });
    } else if (user.allowPushNotifications && Notification.permission === 'granted') {
      await subscribeThisBrowser();
    }
  } catch (error) {
    console.warn('Push subscription sync failed', error);
  }
}
