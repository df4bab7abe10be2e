/**
 * Whether this browser can receive Web Push at all (service worker, Push API and notifications; not iOS
 * Safari outside an installed app). Apart from the push client so that start-up can ask without loading it.
 */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}
