import { failedModuleUrl } from './importRetry';

/** sessionStorage key set when the app reloaded for a new build: at most one such reload per session. */
export const NEW_BUILD_RELOAD_KEY = 'josie:new-build-reload';

/**
 * Reloads the page once per browser session (decision 0012), keeping its URL: after a deployment the old
 * build's hashed chunks are gone and only a fresh `index.html` names the new ones. A second time in the
 * same session means the reload did not help (the chunk is missing from the new build too): the page then
 * shows its error screen instead of reloading in a loop. Without sessionStorage it never reloads.
 *
 * @returns whether it reloaded.
 */
export function reloadOnceForNewBuild(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = globalThis.sessionStorage ?? null,
  reload: () => void = () => window.location.reload(),
): boolean {
  try {
    if (!storage || storage.getItem(NEW_BUILD_RELOAD_KEY)) return false;
    storage.setItem(NEW_BUILD_RELOAD_KEY, new Date().toISOString());
  } catch {
    return false;
  }
  reload();
  return true;
}

/**
 * Whether a chunk is gone from the server (a deployment replaced it), as opposed to unreachable (offline, a
 * dropped request): it answers 404, or the app's HTML (a server that serves `index.html` for unknown paths).
 * Asked with a query of its own and `no-store`, so neither the HTTP cache nor the service worker's
 * precache answers for the server.
 */
export async function chunkIsGone(url: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const probe = new URL(url);
    probe.searchParams.set('probe', String(Date.now()));
    const response = await fetcher(probe.href, { method: 'HEAD', cache: 'no-store' });
    return response.status === 404 || (response.headers.get('content-type') ?? '').startsWith('text/html');
  } catch {
    return false;
  }
}

/**
 * Listens for Vite's `vite:preloadError` (any dynamic import of the build that failed) and, when the
 * failed chunk is gone from the server, reloads once ({@link reloadOnceForNewBuild}). The event is not
 * cancelled: the import still fails, so its retries (`importWithRetry`) and error screen go on as usual
 * when no reload happens.
 */
export function installNewBuildReload(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    const url = failedModuleUrl((event as Event & { payload?: unknown }).payload);
    if (!url || !target.navigator.onLine) return;
    void chunkIsGone(url).then((gone) => {
      if (gone) reloadOnceForNewBuild();
    });
  });
}
