import { useSyncExternalStore } from 'react';

type Sonner = typeof import('sonner');
type SonnerToast = Sonner['toast'];

/** sonner, once something asked for a toast (It is not part of any first page) (docs/performance.md). */
let sonner: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

/** Loads sonner on the first toast and tells {@link useToasterWanted} to mount the toast area. */
function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    for (const listener of listeners) listener();
  }
  return sonner;
}

/** Runs `call` on sonner's `toast` once sonner is loaded; calls keep their order (one promise chain). */
function later(call: (sonnerToast: SonnerToast) => unknown): void {
  loadSonner().then(
    (module) => call(module.toast),
    (error: unknown) => console.warn('The toast area could not be loaded', error),
  );
}

/**
 * The app's toasts (docs/product/rules-and-limits.md#constants: at most 20, on the end side), with sonner's
 * API but without sonner in the first page's JavaScript (docs/performance.md budget): the first call loads
 * sonner (about 9 KB gzip) and mounts the toast area (see `AppRoot`), then shows the toast; sonner shows
 * toasts raised before its `Toaster` mounted. Calls return nothing (sonner's toast ids are not used by the
 * app); `dismiss` without an id dismisses every toast.
 */
export const toast = {
  success: (...args: Parameters<SonnerToast['success']>): void => later((t) => t.success(...args)),
  error: (...args: Parameters<SonnerToast['error']>): void => later((t) => t.error(...args)),
  info: (...args: Parameters<SonnerToast['info']>): void => later((t) => t.info(...args)),
  dismiss: (...args: Parameters<SonnerToast['dismiss']>): void => {
    // Nothing to dismiss before the first toast.
    if (sonner) later((t) => t.dismiss(...args));
  },
};

/**
 * For pages whose code calls sonner directly (it is in their chunk anyway): mounts the toast area now, so
 * those toasts are shown too.
 */
export function ensureToaster(): void {
  void loadSonner();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a toast was asked for: the toast area is mounted from then on (`AppRoot`). */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => sonner !== null,
    () => false,
  );
}
