/**
 * The push services a browser's subscription may point at (docs/decisions/0036-media-limits-and-provenance.md):
 * the services of the browsers that support Web Push. A name matches itself and every name below it.
 * - `fcm.googleapis.com` (Firebase Cloud Messaging: Chrome, Edge, Opera, Samsung Internet and other
 *   Chromium browsers) and `android.googleapis.com` (its older name);
 * - `push.services.mozilla.com` (Mozilla autopush: Firefox, e.g. updates.push.services.mozilla.com);
 * - `push.apple.com` (Apple web push: Safari, e.g. web.push.apple.com);
 * - `notify.windows.com` (Windows Push Notification Services, e.g. wns2-par02p.notify.windows.com).
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

/**
 * Whether `endpoint` is an https URL of a known push service ({@link PUSH_SERVICE_HOSTS}, default port), or
 * of one of `extraHosts` (the operator's `PUSH_SERVICE_HOSTS`: a private push service, a test's stand-in,
 * any port).
 */
export function isKnownPushService(endpoint: string, extraHosts: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (extraHosts.includes(host)) return true;
  return url.port === '' && PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}
