import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it is online (`navigator.onLine`, updated by its events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * A clear notice while the browser is offline (docs/product/rules-and-limits.md#notifications-and-install):
 * the app shell still works from the service worker's cache, but nothing new can load. Announced politely to
 * assistive tech; it sits above the page's bottom edge and never covers the header.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {!online && (
        <div className="pointer-events-auto flex max-w-md items-start gap-3 rounded-2xl bg-zinc-900 px-4 py-3 text-white shadow-lg shadow-zinc-900/20">
          <WifiOff className="mt-0.5 size-5 shrink-0 text-brand-300" aria-hidden="true" />
          <div className="flex flex-col gap-0.5 text-start">
            <p className="font-semibold">{t('pwa.offline.title')}</p>
            <p className="text-sm text-zinc-200">{t('pwa.offline.body')}</p>
          </div>
        </div>
      )}
    </div>
  );
}
