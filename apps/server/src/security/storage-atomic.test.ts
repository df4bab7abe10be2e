/**
 * Uploads are written to a temporary file and moved into place
 * (docs/decisions/0005-security-and-reliability-checks.md): the local storage adapter never lets a reader see
 * half a file, leaves no temporary file behind when the write or the move fails, and refuses keys that
 * resolve outside its folder (a sibling folder sharing its name's prefix included).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalStorage } from '../adapters/storage.js';

/** What the adapter asked of the file system, and whether the final file existed at that moment. */
const trace = vi.hoisted(() => ({
  calls: [] as { op: 'write' | 'rename'; from: string; to?: string; finalExists: boolean }[],
  finalPath: '',
  failWrite: false,
  failRename: false,
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
      if (trace.failRename) throw Object.assign(new Error('EXDEV: cross-device link'), { code: 'EXDEV' });
      return real.rename(from, to);
    },
  };
});

describe('local storage writes', () => {
  // `<tmp>/media`, with a sibling `<tmp>/media-evil` whose name starts with the root's.
  const parent = mkdtempSync(join(tmpdir(), 'josie-storage-'));
  const root = join(parent, 'media');
  const sibling = join(parent, 'media-evil');
  mkdirSync(sibling, { recursive: true });
  const storage = createLocalStorage(root);
  const bytes = Buffer.from('0123456789'.repeat(1000));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));
  beforeEach(() => {
    trace.calls = [];
    trace.failWrite = false;
    trace.failRename = false;
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
    // The half-written temporary file is gone too: a full disk is not filled further by each retry.
    expect(readdirSync(dirname(trace.finalPath)).filter((f) => f.startsWith('b.webp'))).toEqual([]);
  });

  it('removes the temporary file when moving it into place fails', async () => {
    trace.finalPath = join(root, 'josies', 'c.webp');
    trace.failRename = true;
    await expect(storage.put('josies/c.webp', bytes, 'image/webp')).rejects.toThrow('EXDEV');
    expect(trace.calls.map((c) => c.op)).toEqual(['write', 'rename']);
    expect(readdirSync(dirname(trace.finalPath)).filter((f) => f.startsWith('c.webp'))).toEqual([]);
  });

  it('gives concurrent writes of one key distinct temporary files', async () => {
    trace.finalPath = join(root, 'josies', 'd.webp');
    const other = Buffer.from('x'.repeat(5000));
    await Promise.all([
      storage.put('josies/d.webp', bytes, 'image/webp'),
      storage.put('josies/d.webp', other, 'image/webp'),
    ]);
    const temporary = trace.calls.filter((c) => c.op === 'write').map((c) => c.from);
    expect(new Set(temporary).size).toBe(2);
    const stored = readFileSync(trace.finalPath);
    expect(stored.equals(bytes) || stored.equals(other)).toBe(true);
  });

  it.each([
    '../outside.webp',
    // Resolves to `<tmp>/media-evil/x.webp`, which a bare prefix check on `<tmp>/media` lets through.
    '../media-evil/x.webp',
    'josies/../../media-evil/x.webp',
    // The folder itself is not a file.
    '',
    '.',
    'josies/..',
  ])('refuses the key %j, which does not name a file inside the media folder', async (key) => {
    await expect(storage.put(key, bytes, 'image/webp')).rejects.toThrow('Invalid storage key');
    await expect(storage.remove(key)).rejects.toThrow('Invalid storage key');
    expect(trace.calls).toEqual([]);
    expect(existsSync(join(parent, 'outside.webp'))).toBe(false);
    expect(readdirSync(sibling)).toEqual([]);
  });

  it('never removes a file of the sibling folder', async () => {
    writeFileSync(join(sibling, 'keep.webp'), bytes);
    await expect(storage.remove('../media-evil/keep.webp')).rejects.toThrow('Invalid storage key');
    expect(existsSync(join(sibling, 'keep.webp'))).toBe(true);
    rmSync(join(sibling, 'keep.webp'));
  });

  it('accepts an absolute-looking key as a path inside the folder', async () => {
    trace.finalPath = join(root, 'etc', 'e.webp');
    await storage.put('/etc/e.webp', bytes, 'image/webp');
    expect(readFileSync(trace.finalPath).equals(bytes)).toBe(true);
    await storage.remove('/etc/e.webp');
    expect(existsSync(trace.finalPath)).toBe(false);
  });
});
