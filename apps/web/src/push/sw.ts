/// <reference lib="webworker" />
/**
 * Josie's service worker (docs/product/rules-and-limits.md#notifications-and-install), built by
 * vite-plugin-pwa (`injectManifest`) into `/sw.js`:
 * - precaches the app shell (index.html, every script and style chunk, icons), so a reload offline still
 *   starts the app, which then says it is offline;
 * - navigations go to the network (the server may rewrite index.html, e.g. Open Graph tags) and fall back to
 *   the precached shell when offline; fonts and uploaded media are cached as they are used;
 * - shows the push messages of the server (`PushNotificationPayload`) and opens their link on click.
 */
import type { PushNotificationPayload } from '@josie/contract';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import { RETRY_PARAM } from '../lib/importRetry';

declare let self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

/** The precached document every client route is served from. */
const SHELL = '/index.html';

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// No directory index: `/` would otherwise be answered from the precached `index.html`, while the server
// renders it for a signed-in reader (decision 0008). Like every navigation it goes to the network, and
// falls back to the precached shell offline (below).
// A chunk the app imports again after a failed download carries `?retry=` (`lib/importRetry.ts`, decision
// 0012): the precache still answers it, so offline retries of a precached chunk succeed.
precacheAndRoute(self.__WB_MANIFEST, {
  directoryIndex: '',
  ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, new RegExp(`^${RETRY_PARAM}$`)],
});

registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      networkTimeoutSeconds: 6,
      plugins: [{ handlerDidError: async () => (await matchPrecache(SHELL)) ?? Response.error() }],
    }),
    // The embed page is its own page (decision 0043): never the app's shell, online or not.
    { denylist: [/^\/api\//, /^\/media\//, /^\/socket\.io\//, /^\/embed\//] },
  ),
);

// Hashed or immutable files: once fetched, served from the cache.
registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin &&
    (request.destination === 'font' || url.pathname.startsWith('/media/')),
  new CacheFirst({ cacheName: 'josie-files' }),
);

/** The payload of a push message, or null when it is not one of ours. */
function readPayload(event: PushEvent): PushNotificationPayload | null {
  try {
    const data: unknown = event.data?.json();
    if (!data || typeof data !== 'object') return null;
    const p = data as Partial<PushNotificationPayload>;
    if (typeof p.title !== 'string' || typeof p.url !== 'string' || !p.url.startsWith('/')) return null;
    return {
      title: p.title,
      body: typeof p.body === 'string' ? p.body : '',
      url: p.url,
      tag: typeof p.tag === 'string' ? p.tag : undefined,
      lang: p.lang === 'he' ? 'he' : 'en',
      dir: p.dir === 'rtl' ? 'rtl' : 'ltr',
    };
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      lang: payload.lang,
      dir: payload.dir,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: payload.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: unknown } | null)?.url;
  // Only paths of this app: a notification never opens another site.
  const target = new URL(typeof path === 'string' && path.startsWith('/') ? path : '/', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (open) {
        const navigated = await open.navigate(target.href).catch(() => null);
        await (navigated ?? open).focus();
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
