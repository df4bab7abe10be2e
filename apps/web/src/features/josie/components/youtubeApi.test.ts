import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createYouTubeApiLoader,
  YOUTUBE_IFRAME_API_URL,
  type YouTubeApi,
  YouTubeApiUnavailableError,
} from './youtubeApi';

/** A stand-in for the API's global once its scripts have run. */
const FAKE_API = { Player: function Player() {}, PlayerState: { PLAYING: 1 } } as unknown as YouTubeApi;

/** Records each script the loader adds, without adding it to the page (nothing is ever fetched). */
function scriptRecorder() {
  const scripts: HTMLScriptElement[] = [];
  const injectScript = (src: string) => {
    const script = document.createElement('script');
    script.src = src;
    scripts.push(script);
    return script;
  };
  return { scripts, injectScript };
}

/** Settles `promise` into an inspectable box without awaiting it. */
function track<T>(promise: Promise<T>) {
  const box: { value?: T; error?: unknown; settled: boolean } = { settled: false };
  promise.then(
    (value) => Object.assign(box, { value, settled: true }),
    (error: unknown) => Object.assign(box, { error, settled: true }),
  );
  return box;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(window, 'YT');
  window.onYouTubeIframeAPIReady = undefined;
});

describe('loading the YouTube IFrame Player API (docs/product/rules-and-limits.md#player, docs/product/rules-and-limits.md#constants)', () => {
  it('adds the script once, resolves when the API announces itself, and keeps an earlier hook', async () => {
    const { scripts, injectScript } = scriptRecorder();
    const earlierHook = vi.fn();
    window.onYouTubeIframeAPIReady = earlierHook;
    const load = createYouTubeApiLoader({ injectScript });
    const first = track(load());
    const second = track(load());
    expect(scripts.map((s) => s.src)).toEqual([YOUTUBE_IFRAME_API_URL]);

    await vi.advanceTimersByTimeAsync(1000);
    window.YT = FAKE_API;
    window.onYouTubeIframeAPIReady?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(first).toMatchObject({ settled: true, value: FAKE_API });
    expect(second).toMatchObject({ settled: true, value: FAKE_API });
    expect(earlierHook).toHaveBeenCalledOnce();
    expect(window.onYouTubeIframeAPIReady).toBe(earlierHook);
    // Loaded: later players get it at once, without another script.
    await expect(load()).resolves.toBe(FAKE_API);
    expect(scripts).toHaveLength(1);
  });

  it('retries a failed script 3 times, 3 seconds apart, then gives up', async () => {
    const { scripts, injectScript } = scriptRecorder();
    const load = createYouTubeApiLoader({ injectScript });
    const result = track(load());
    const failLatest = () => scripts.at(-1)?.dispatchEvent(new Event('error'));

    failLatest();
    await vi.advanceTimersByTimeAsync(2999);
    expect(scripts).toHaveLength(1);
    for (const at of [3000, 6000, 9000]) {
      await vi.advanceTimersByTimeAsync(at === 3000 ? 1 : 2999);
      expect(scripts, `a new script at ${at} ms`).toHaveLength(at / 3000 + 1);
      expect(result.settled).toBe(false);
      failLatest();
      if (at !== 9000) await vi.advanceTimersByTimeAsync(1);
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(result.settled).toBe(true);
    expect(result.error).toBeInstanceOf(YouTubeApiUnavailableError);
    expect((result.error as YouTubeApiUnavailableError).attempts).toBe(4);
    expect(scripts).toHaveLength(4);
  });

  it('waits for a script that neither loads nor fails, checking every 3 s, and gives up after 12 s', async () => {
    const { scripts, injectScript } = scriptRecorder();
    const load = createYouTubeApiLoader({ injectScript });
    const result = track(load());
    await vi.advanceTimersByTimeAsync(11_999);
    expect(result.settled).toBe(false);
    // A script still on its way is not added again.
    expect(scripts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(result.error).toBeInstanceOf(YouTubeApiUnavailableError);
  });

  it('adds the script again, without the half-loaded API, when it ran but the player script failed', async () => {
    const { scripts, injectScript } = scriptRecorder();
    const load = createYouTubeApiLoader({ injectScript });
    const result = track(load());
    // What iframe_api leaves when the player's own script then fails: YT.loading set, no Player.
    window.YT = { loading: 1 } as unknown as YouTubeApi;
    scripts.at(-1)?.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(3000);
    expect(scripts).toHaveLength(2);
    // Gone, so that iframe_api, run again, loads the player script again.
    expect(window.YT).toBeUndefined();
    window.YT = FAKE_API;
    window.onYouTubeIframeAPIReady?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(result.value).toBe(FAKE_API);
  });

  it('picks up an API that arrived between two checks, and starts afresh after giving up', async () => {
    const { scripts, injectScript } = scriptRecorder();
    const load = createYouTubeApiLoader({ injectScript, retries: 1, intervalMs: 3000 });
    const failed = track(load());
    scripts.at(-1)?.dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(3000);
    scripts.at(-1)?.dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(0);
    expect(failed.error).toBeInstanceOf(YouTubeApiUnavailableError);

    // A later player tries again (the network may be back); the API arrives without the hook being called.
    const again = track(load());
    expect(scripts).toHaveLength(3);
    window.YT = FAKE_API;
    await vi.advanceTimersByTimeAsync(3000);
    expect(again.value).toBe(FAKE_API);
  });
});
