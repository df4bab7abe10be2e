/**
 * How a failed dynamic import is tried again (decision 0012): 4 more tries after 0.4, 0.8, 1.6 and 3.2 s,
 * so a page survives about 6 s of a dropped network before its error screen shows.
 */
export const IMPORT_RETRY = { retries: 4, minTimeoutMs: 400, factor: 2 } as const;

/** The query parameter that makes a retried chunk URL new to the browser's module map. */
export const RETRY_PARAM = 'retry';

/**
 * A page's or component's code that could not be loaded after every try. `url` is the chunk that failed,
 * when the browser named it; `offline` whether the browser was offline at the last try (then no more
 * tries were made: the error screen waits for the network, `layout/PageError.tsx`).
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    cause: unknown,
    readonly url: string | null,
    readonly offline: boolean,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/**
 * The URL of the module a failed `import()` names: Chromium ("Failed to fetch dynamically imported module:
 * URL", the imported module's own URL even when one of its dependencies failed) and Firefox ("error loading
 * dynamically imported module: URL") do; Safari does not (null).
 */
export function failedModuleUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : '';
  const match = /\bhttps?:\/\/\S+/.exec(message);
  return match ? match[0] : null;
}

/** `url` with a fresh {@link RETRY_PARAM}, so the browser fetches it again instead of answering its cached failure. */
export function retryUrl(url: string, now = Date.now()): string {
  const next = new URL(url);
  next.searchParams.set(RETRY_PARAM, String(now));
  return next.href;
}

export interface ImportRetryOptions {
  /** Tries after the first; default {@link IMPORT_RETRY}. */
  retries?: number;
  /** Wait before the first retry, doubled before each next one (ms). */
  minTimeoutMs?: number;
  /** Imports a URL; the browser's `import()` unless a test replaces it. */
  importUrl?: (url: string) => Promise<unknown>;
  /** Whether the browser is online; `navigator.onLine` unless a test replaces it. */
  isOnline?: () => boolean;
}

/**
 * Runs a dynamic import, trying again with back-off when it fails (decision 0012). Browsers that follow the
 * older HTML rule keep a failed module fetch in their module map and answer every later `import()` of that
 * URL with the same failure, so a retry imports the failed chunk's URL with a fresh `?retry=` query (its own
 * imports keep their URLs, so shared modules stay single). When the browser does not name the URL (Safari,
 * which fetches again anyway), the import itself is called again. Offline, it stops at once: trying would
 * only fail again, and the error screen retries when the network is back. The loop is written here, not
 * taken from a retry library: it sits in the first pages' scripts, whose budget (170 KB gzip) p-retry's
 * 1.5 KB did not fit (decision 0012).
 *
 * @param load the dynamic import, e.g. `() => import('./Page')`.
 * @throws {ChunkLoadError} once every try failed (or the browser is offline).
 */
export async function importWithRetry<M>(
  load: () => Promise<M>,
  options: ImportRetryOptions = {},
): Promise<M> {
  const importUrl = options.importUrl ?? ((url: string) => import(/* @vite-ignore */ url));
  const isOnline = options.isOnline ?? (() => navigator.onLine);
  const retries = options.retries ?? IMPORT_RETRY.retries;
  const minTimeoutMs = options.minTimeoutMs ?? IMPORT_RETRY.minTimeoutMs;
  let failedUrl: string | null = null;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return failedUrl ? ((await importUrl(retryUrl(failedUrl))) as M) : await load();
    } catch (error) {
      failedUrl ??= failedModuleUrl(error);
      const offline = !isOnline();
      if (offline || attempt >= retries) throw new ChunkLoadError(error, failedUrl, offline);
      await new Promise((resolve) => setTimeout(resolve, minTimeoutMs * IMPORT_RETRY.factor ** attempt));
    }
  }
}
