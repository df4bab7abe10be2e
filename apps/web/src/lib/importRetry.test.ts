import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, failedModuleUrl, IMPORT_RETRY, importWithRetry, retryUrl } from './importRetry';

const CHUNK = 'https://josie.test/assets/AboutPage-abc123.js';
/** Chromium's error for a chunk that did not download. */
const chromiumError = () => new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`);

afterEach(() => {
  vi.useRealTimers();
});

describe('failedModuleUrl', () => {
  it("reads the module's URL from Chromium's and Firefox's errors, and none from Safari's", () => {
    expect(failedModuleUrl(chromiumError())).toBe(CHUNK);
    expect(failedModuleUrl(new TypeError(`error loading dynamically imported module: ${CHUNK}`))).toBe(CHUNK);
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeNull();
    expect(failedModuleUrl('not an error')).toBeNull();
  });
});

describe('retryUrl', () => {
  it('adds a fresh retry query, replacing an earlier one', () => {
    expect(retryUrl(CHUNK, 1)).toBe(`${CHUNK}?retry=1`);
    expect(retryUrl(`${CHUNK}?retry=1`, 2)).toBe(`${CHUNK}?retry=2`);
  });
});

describe('importWithRetry', () => {
  it('imports the failed chunk again under a new URL (the module map keeps the failure of the old one)', async () => {
    const page = { default: 'page' };
    const load = vi.fn(async () => Promise.reject(chromiumError()));
    const imported: string[] = [];
    const importUrl = vi.fn(async (url: string) => {
      imported.push(url);
      if (imported.length < 2) throw new TypeError(`Failed to fetch dynamically imported module: ${url}`);
      return page;
    });
    await expect(importWithRetry(load, { minTimeoutMs: 0, importUrl, isOnline: () => true })).resolves.toBe(
      page,
    );
    expect(load).toHaveBeenCalledTimes(1);
    expect(imported).toHaveLength(2);
    for (const url of imported)
      expect(url).toMatch(/^https:\/\/josie\.test\/assets\/AboutPage-abc123\.js\?retry=\d+$/);
  });

  it('calls the import again when the browser names no URL (Safari)', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Importing a module script failed.'))
      .mockResolvedValue('module');
    await expect(importWithRetry(load, { minTimeoutMs: 0, isOnline: () => true })).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('backs off 0.4, 0.8, 1.6 and 3.2 s, then gives up with a ChunkLoadError naming the chunk', async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => Promise.reject(chromiumError()));
    const importUrl = vi.fn(async (url: string) => Promise.reject(new TypeError(`Failed: ${url}`)));
    const result = importWithRetry(load, { importUrl, isOnline: () => true });
    const settled = result.catch((error: unknown) => error);
    const tries = () => load.mock.calls.length + importUrl.mock.calls.length;
    await vi.advanceTimersByTimeAsync(0);
    expect(tries()).toBe(1);
    for (const [wait, expected] of [
      [399, 1],
      [1, 2],
      [799, 2],
      [1, 3],
      [1600, 4],
      [3200, 5],
    ] as const) {
      await vi.advanceTimersByTimeAsync(wait);
      expect(tries()).toBe(expected);
    }
    const error = await settled;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ url: CHUNK, offline: false });
    expect(tries()).toBe(IMPORT_RETRY.retries + 1);
  });

  it('stops at once offline: the error screen loads it again when the network is back', async () => {
    const load = vi.fn(async () => Promise.reject(chromiumError()));
    const error = await importWithRetry(load, { minTimeoutMs: 0, isOnline: () => false }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ offline: true });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
