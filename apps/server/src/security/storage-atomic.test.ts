/**
 * Uploads are written to a temporary file and moved into place (issue 10 item 4): the local storage
 * adapter never lets a reader see half a file, even when the write fails midway.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalStorage } from '../adapters/storage.js';

/** What the adapter asked of the file system, and whether the final file existed at that moment. */
const trace = vi.hoisted(() => ({
  calls: [] as { op: 'write' | 'rename'; from: string; to?: string; finalExists: boolean }[],
  finalPath: '',
  failWrite: false,
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const { existsSync: exists } = await import('node:fs');
  return {
    ...real,
    writeFile: async (path: string, data: Buffer) => {
      trace.calls.push({ op: 'write', from: String(path), finalExists: exists(trace.finalPath) });
      if (trace.failWrite) {
        // Half the bytes reach the disk, then the device fails.
        await real.writeFile(path, data.subarray(0, data.length / 2));
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      }
      return real.writeFile(path, data);
    },
    rename: async (from: string, to: string) => {
      trace.calls.push({
        op: 'rename',
        from: String(from),
        to: String(to),
        finalExists: exists(trace.finalPath),
      });
      return real.rename(from, to);
    },
  };
});

describe('local storage writes', () => {
  const root = mkdtempSync(join(tmpdir(), 'josie-storage-'));
  const storage = createLocalStorage(root);
  const bytes = Buffer.from('0123456789'.repeat(1000));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  beforeEach(() => {
    trace.calls = [];
    trace.failWrite = false;
  });

  it('writes a temporary file beside the target and renames it into place', async () => {
    trace.finalPath = join(root, 'josies', 'a.webp');
    await storage.put('josies/a.webp', bytes, 'image/webp');
    expect(trace.calls.map((c) => c.op)).toEqual(['write', 'rename']);
    const [write, rename] = trace.calls;
    expect(write!.from).not.toBe(trace.finalPath);
    expect(write!.from.endsWith('.tmp')).toBe(true);
    // Same folder, hence same file system: the rename is atomic.
    expect(dirname(write!.from)).toBe(dirname(trace.finalPath));
    expect(write!.finalExists).toBe(false);
    expect(rename).toMatchObject({ from: write!.from, to: trace.finalPath, finalExists: false });
    expect(readFileSync(trace.finalPath).equals(bytes)).toBe(true);
    expect(readdirSync(join(root, 'josies'))).toEqual(['a.webp']);
  });

  it('never puts a half-written file in place when the write fails', async () => {
    trace.finalPath = join(root, 'josies', 'b.webp');
    trace.failWrite = true;
    await expect(storage.put('josies/b.webp', bytes, 'image/webp')).rejects.toThrow('ENOSPC');
    expect(trace.calls.map((c) => c.op)).toEqual(['write']);
    expect(existsSync(trace.finalPath)).toBe(false);
  });

  it('refuses keys that leave the media folder', async () => {
    await expect(storage.put('../outside.webp', bytes, 'image/webp')).rejects.toThrow('Invalid storage key');
    expect(existsSync(join(root, '..', 'outside.webp'))).toBe(false);
  });
});
