/**
 * The installable app's start-up (docs/product/rules-and-limits.md#notifications-and-install), loaded by
 * `index.html` beside the app itself: registers the service worker (production builds), keeps the manifest
 * link on the interface language, shows the offline notice, and keeps this browser's push subscription in
 * step with the signed-in user.
 *
 * Nothing here may weigh on the first page (docs/performance.md): the worker is registered once the page has
 * loaded (it then precaches the app, which must not compete with the page's own requests), and the push
 * client (with the contract's zod schemas) loads only when there is a subscription to sync.
 */
import type { User } from '@josie/contract';
import { createRoot } from 'react-dom/client';
import { i18nReady } from '../i18n';
import { readStoredSession, USER_DATA_UPDATED } from '../session/storage';
import { followDocumentLanguage } from './manifest';
import { OfflineBanner } from './OfflineBanner';
import { pushSupported } from './support';

/** The service worker script vite-plugin-pwa builds from `sw.ts`. */
export const SERVICE_WORKER_URL = '/sw.js';

/** Resolves once the window's `load` event has fired. */
function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

async function registerServiceWorker(): Promise<void> {
  // The development server has no built worker (and must not cache modules it hot-reloads).
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  await pageLoaded();
  try {
    // The platform call: nothing of workbox-window's update messaging is used by the app.
    await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch (error) {
    console.warn('The service worker could not be registered', error);
  }
}

/**
 * Whether {@link syncPushSubscription} could have anything to do, answered without loading it: signed in
 * with push on and permission already given (it then makes sure the server has this browser), or signed
 * out with a subscription still here (it then ends it).
 */
async function pushSyncNeeded(user: User | null): Promise<boolean> {
  if (!pushSupported()) return false;
  if (user) return user.notificationSettings.allowPushNotifications && Notification.permission === 'granted';
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(await registration?.pushManager.getSubscription());
}

/** Syncs push for `user` when who is signed in, or their push switch, changed. */
function pushFollower() {
  let last: string | null = null;
  return (user: User | null) => {
    const key = user ? `${user._id}:${user.notificationSettings.allowPushNotifications}` : 'signed-out';
    if (key === last) return;
    last = key;
    pushSyncNeeded(user)
      .then(async (needed) => {
        if (!needed) return;
        const { syncPushSubscription } = await import('./pushClient');
        await syncPushSubscription(
          user ? { allowPushNotifications: user.notificationSettings.allowPushNotifications } : null,
        );
      })
      .catch((error: unknown) => console.warn('Push subscription sync failed', error));
  };
}

function mountOfflineBanner(): void {
  const host = document.createElement('div');
  host.id = 'offline-status';
  document.body.append(host);
  createRoot(host).render(<OfflineBanner />);
}

followDocumentLanguage();
void registerServiceWorker().then(() => {
  const follow = pushFollower();
  const stored = readStoredSession();
  follow(stored.status === 'valid' ? stored.session.user : null);
  window.addEventListener(USER_DATA_UPDATED, (event) => follow(event.detail));
});
void i18nReady.finally(mountOfflineBanner);
