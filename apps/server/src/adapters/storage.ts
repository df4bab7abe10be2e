import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.js';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../lib/data-dir.js';
import { createS3Storage } from './s3-storage.js';
import { StorageNotFoundError } from './storage-errors.js';

export { StorageNotFoundError } from './storage-errors.js';

/**
 * Where uploaded media live. Keys are relative paths such as `avatars/<uuid>.webp`; `publicUrl` is what
 * the API answers. The local adapter stores under `DATA_DIR/media` and the server serves `/media/*`; the
 * S3 adapter (`s3-storage.ts`) stores in a bucket that browsers read directly.
 */
export interface Storage {
  /** Stores bytes under `key`, written to a temporary file and moved into place so readers never see half a file. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /**
   * Streams the bytes stored under `key` (an account export reads media files into its zip this way).
   * @throws StorageNotFoundError when nothing is stored under `key`.
   */
  open(key: string): Promise<Readable>;
  publicUrl(key: string): string;
}

/**
 * Files that are never served publicly (account exports, docs/decisions/0025-account-and-data.md): the
 * app streams them to their owner itself. There is no public URL.
 */
export type PrivateStorage = Omit<Storage, 'publicUrl'>;

/**
 * Local-disk {@link Storage} under `root`, served at `/media/`. A key must name a file strictly inside
 * `root` (`Invalid storage key` otherwise): containment is judged on the path relative to `root`, since a
 * bare prefix check lets `../media-evil/x` through for a root of `/data/media`. A leading `/` is read as
 * relative to `root`, as `join` does.
 */
export function createLocalStorage(root: string): Storage {
  const base = resolve(root);
  const resolveKey = (key: string) => {
    const path = resolve(base, `.${sep}${key}`);
    const inside = relative(base, path);
    if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
      throw new Error(`Invalid storage key: ${key}`);
    }
    return path;
  };
  return {
    async put(key, bytes) {
      const path = resolveKey(key);
      await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
      // Beside the target (same file system, so the rename is atomic), unique per write: two uploads of
      // one key never share a temporary file.
      const tmp = `${path}.${crypto.randomUUID()}.tmp`;
      try {
        await writeFile(tmp, bytes, { mode: PRIVATE_FILE_MODE });
        await rename(tmp, path);
      } catch (err) {
        // A half-written file would otherwise stay on a disk that is likely full already.
        await rm(tmp, { force: true }).catch(() => {});
        throw err;
      }
    },
    async remove(key) {
      await rm(resolveKey(key), { force: true });
    },
    async open(key) {
      const path = resolveKey(key);
      // Checked before the stream exists: a missing file is an answer, not an error event mid-stream.
      const found = await stat(path).catch(() => null);
      if (!found?.isFile()) throw new StorageNotFoundError(key);
      return createReadStream(path);
    },
    publicUrl: (key) => `/media/${key}`,
  };
}

/**
 * The media storage `config` asks for: S3-compatible object storage when `S3_BUCKET` is set (required for
 * many instances, which must all see the same files), else local disk under `DATA_DIR/media`.
 */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(join(config.dataDir, 'media'));
}

/** The key prefix of private files in an S3 bucket shared with the public media. */
export const PRIVATE_S3_PREFIX = 'private/';

/**
 * The {@link PrivateStorage} `config` asks for (docs/decisions/0025-account-and-data.md, "Export"): on local
 * disk `DATA_DIR/private`, a sibling of the `DATA_DIR/media` folder the server serves at `/media/`, so no
 * static route reaches it; on S3 the same bucket under {@link PRIVATE_S3_PREFIX}, stored with
 * `Cache-Control: private, no-store`, a prefix the bucket's public-read policy must leave out.
 */
export function createPrivateStorage(config: Pick<Config, 'dataDir' | 's3'>): PrivateStorage {
  if (!config.s3) return createLocalStorage(join(config.dataDir, 'private'));
  const bucket = createS3Storage(config.s3, { cacheControl: 'private, no-store' });
  const at = (key: string) => `${PRIVATE_S3_PREFIX}${key}`;
  return {
    put: (key, bytes, contentType) => bucket.put(at(key), bytes, contentType),
    remove: (key) => bucket.remove(at(key)),
    open: (key) => bucket.open(at(key)),
  };
}
