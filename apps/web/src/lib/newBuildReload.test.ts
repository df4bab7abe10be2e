import { describe, expect, it, vi } from 'vitest';
import {
  chunkIsGone,
  installNewBuildReload,
  NEW_BUILD_RELOAD_KEY,
  reloadOnceForNewBuild,
} from './newBuildReload';

const CHUNK = 'https://josie.test/assets/AboutPage-abc123.js';

/** An in-memory sessionStorage. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe('reloadOnceForNewBuild', () => {
  it('reloads once per session, then leaves the page to its error screen', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnceForNewBuild(storage, reload)).toBe(true);
    expect(storage.getItem(NEW_BUILD_RELOAD_KEY)).not.toBeNull();
    expect(reloadOnceForNewBuild(storage, reload)).toBe(false);
    expect(reloadOnceForNewBuild(storage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads without a working sessionStorage (it could not stop a loop)', () => {
    const reload = vi.fn();
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(reloadOnceForNewBuild(broken, reload)).toBe(false);
    expect(reloadOnceForNewBuild(null, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('chunkIsGone', () => {
  const answer = (response: Response | Error) =>
    vi.fn(async () => {
      if (response instanceof Error) throw response;
      return response;
    });

  it('is true for a 404 or the app HTML in place of the script (a deployment replaced it)', async () => {
    expect(await chunkIsGone(CHUNK, answer(new Response(null, { status: 404 })))).toBe(true);
    const html = new Response(null, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
    expect(await chunkIsGone(CHUNK, answer(html))).toBe(true);
  });

  it('is false for the script itself or an unreachable server (a flaky network, not a new build)', async () => {
    const script = new Response(null, { status: 200, headers: { 'content-type': 'text/javascript' } });
    expect(await chunkIsGone(CHUNK, answer(script))).toBe(false);
    expect(await chunkIsGone(CHUNK, answer(new TypeError('Failed to fetch')))).toBe(false);
  });

  it('asks the server past the HTTP cache and the service worker', async () => {
    const fetcher = answer(new Response(null, { status: 404 }));
    await chunkIsGone(CHUNK, fetcher);
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/AboutPage-abc123\.js\?probe=\d+$/);
    expect(init).toMatchObject({ method: 'HEAD', cache: 'no-store' });
  });
});

describe('installNewBuildReload', () => {
  it("reloads once when Vite reports a chunk that is gone, and leaves Vite's error alone", async () => {
    const reload = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 404 })),
    );
    const target = new EventTarget() as Window;
    Object.assign(target, { navigator: { onLine: true } });
    vi.spyOn(window.location, 'reload').mockImplementation(reload);
    installNewBuildReload(target);
    const event = new Event('vite:preloadError', { cancelable: true }) as Event & { payload?: unknown };
    event.payload = new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`);
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // The same error after that reload is left to the page's retries and error screen.
    target.dispatchEvent(event);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
