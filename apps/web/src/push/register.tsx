/**
 * The installable app's start-up (issue 11), loaded by `index.html` beside the app itself: registers the
 * service worker (production builds), keeps the manifest link on the interface language, shows the offline
 * notice, and keeps this browser's push subscription in step with the signed-in user.
 */
import type { User } from '@josie/contract';
import { createRoot } from 'react-dom/client';
import { Workbox } from 'workbox-window';
import { i18nReady } from '../i18n';
import { readStoredSession, USER_DATA_UPDATED } from '../session/storage';
import { followDocumentLanguage } from './manifest';
import { OfflineBanner } from './OfflineBanner';
import { syncPushSubscription } from './pushClient';

/** The service worker script vite-plugin-pwa builds from `sw.ts`. */
export const SERVICE_WORKER_URL = '/sw.js';

async function registerServiceWorker(): Promise<void> {
  // The development server has no built worker (and must not cache modules it hot-reloads).
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  try {
    await new Workbox(SERVICE_WORKER_URL, { scope: '/' }).register();
  } catch (error) {
    console.warn('The service worker could not be registered', error);
  }
}

/** Syncs push for `user` when who is signed in, or their push switch, changed. */
function pushFollower() {
  let last: string | null = null;
  return (user: User | null) => {
    const key = user ? `${user._id}:${user.notificationSettings.allowPushNotifications}` : 'signed-out';
    if (key === last) return;
    last = key;
    void syncPushSubscription(
      user ? { allowPushNotifications: user.notificationSettings.allowPushNotifications } : null,
    );
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
