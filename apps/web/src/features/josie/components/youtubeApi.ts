/// <reference types="youtube" />

/**
 * Loading of the YouTube IFrame Player API (docs/product/rules-and-limits.md#player,
 * docs/product/rules-and-limits.md#constants): the script comes from YouTube itself
 * (docs/product/routes-and-roles.md#api), is fetched only when a player is about to be shown, and is waited
 * for with up to three retries three seconds apart before the player gives up and offers a link instead.
 *
 * No library is used for the loading: `youtube-player` (and `react-youtube` on top of it) caches its first
 * attempt forever and never retries, which is exactly the case the spec asks to handle. The types come
 * from `@types/youtube`.
 */

declare global {
  interface Window {
    /** The IFrame Player API, once its script has run. */
    YT?: typeof YT;
    /** Called by the API when `YT.Player` can be used; the API's documented hook. */
    onYouTubeIframeAPIReady?: () => void;
  }
}

/** Where the API's script is served (docs/product/routes-and-roles.md#api: from the video provider itself). */
export const YOUTUBE_IFRAME_API_URL = 'https://www.youtube.com/iframe_api';
/** Pause between two attempts to get the API (docs/product/rules-and-limits.md#constants: every 3 seconds). */
export const YOUTUBE_API_RETRY_MS = 3000;
/** Attempts after the first one before giving up (docs/product/rules-and-limits.md#constants: up to 3 retries). */
export const YOUTUBE_API_RETRIES = 3;

/** The API's global as the page sees it, once usable. */
export type YouTubeApi = typeof YT;

/** Thrown when the API could not be had after every retry. */
export class YouTubeApiUnavailableError extends Error {
  constructor(readonly attempts: number) {
    super(`The YouTube player API did not load after ${attempts} attempts`);
    this.name = 'YouTubeApiUnavailableError';
  }
}

export interface YouTubeApiLoaderOptions {
  /** Adds the script to the page; answers the element so its `load`/`error` events can be heard. */
  injectScript?: (src: string) => HTMLScriptElement;
  /** Retries after the first attempt (default {@link YOUTUBE_API_RETRIES}). */
  retries?: number;
  /** Milliseconds from one attempt to the next (default {@link YOUTUBE_API_RETRY_MS}). */
  intervalMs?: number;
}

/** The API when `YT.Player` is usable, else null (the stub `iframe_api` defines `YT` before `Player`). */
function readyApi(): YouTubeApi | null {
  const api = window.YT;
  return api && typeof api.Player === 'function' ? api : null;
}

function appendScript(src: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  document.head.append(script);
  return script;
}

/**
 * Undoes a half-loaded API before the script is added again: `iframe_api` sets `YT.loading` and loads the
 * player's own script only when it is unset, so after that second script failed, adding `iframe_api` again
 * would do nothing and every retry would wait in vain.
 */
function forgetStaleApi(): void {
  if (!window.YT || readyApi()) return;
  Reflect.deleteProperty(window, 'YT');
  document.getElementById('www-widgetapi-script')?.remove();
}

/**
 * Makes a loader of the API. Calls share one attempt in flight: every player on a page waits for the same
 * script. Each attempt (re)adds the script if the previous one failed, then waits at most `intervalMs` for
 * the API, which announces itself through `onYouTubeIframeAPIReady` (an earlier handler keeps being
 * called). After `retries` failed retries the promise rejects with {@link YouTubeApiUnavailableError}; the
 * next call starts afresh, so a player mounted later (after a network hiccup) tries again.
 */
export function createYouTubeApiLoader(options: YouTubeApiLoaderOptions = {}) {
  const inject = options.injectScript ?? appendScript;
  const retries = options.retries ?? YOUTUBE_API_RETRIES;
  const intervalMs = options.intervalMs ?? YOUTUBE_API_RETRY_MS;
  let inFlight: Promise<YouTubeApi> | null = null;

  const attempt = async (): Promise<YouTubeApi> => {
    let script: HTMLScriptElement | null = null;
    let scriptFailed = false;
    let scriptRan = false;
    const waiters = new Set<() => void>();
    const wake = () => {
      for (const waiter of waiters) waiter();
    };
    const previousHook = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previousHook?.();
      wake();
    };
    try {
      for (let tryNumber = 0; tryNumber <= retries; tryNumber++) {
        const started = Date.now();
        // Added again when it failed, or when it ran but the API it loads never came (its own script
        // failed); a script still on its way is waited for.
        if (!script || scriptFailed || scriptRan) {
          script?.remove();
          forgetStaleApi();
          scriptFailed = false;
          scriptRan = false;
          const current = inject(YOUTUBE_IFRAME_API_URL);
          current.addEventListener('error', () => {
            scriptFailed = true;
            wake();
          });
          current.addEventListener('load', () => {
            scriptRan = true;
          });
          script = current;
        }
        const api = readyApi();
        if (api) return api;
        // Wait for the API, a script failure, or the end of this attempt's window.
        await new Promise<void>((resolve) => {
          const timer = window.setTimeout(done, intervalMs);
          function done() {
            window.clearTimeout(timer);
            waiters.delete(done);
            resolve();
          }
          waiters.add(done);
        });
        const loaded = readyApi();
        if (loaded) return loaded;
        // A script that failed fast still waits out the rest of the interval: retries are 3 s apart.
        const rest = intervalMs - (Date.now() - started);
        if (tryNumber < retries && rest > 0) {
          await new Promise<void>((resolve) => window.setTimeout(resolve, rest));
          const late = readyApi();
          if (late) return late;
        }
      }
      throw new YouTubeApiUnavailableError(retries + 1);
    } finally {
      if (window.onYouTubeIframeAPIReady !== previousHook) window.onYouTubeIframeAPIReady = previousHook;
    }
  };

  /** Resolves with the API (at once when already loaded); rejects after the last retry. */
  return function loadYouTubeApi(): Promise<YouTubeApi> {
    const api = readyApi();
    if (api) return Promise.resolve(api);
    inFlight ??= attempt().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}

/** The page's shared loader of the YouTube IFrame Player API (3 retries, 3 s apart). */
export const loadYouTubeApi = createYouTubeApiLoader();
