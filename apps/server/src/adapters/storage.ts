import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import type { Config } from '../config.js';
import { createS3Storage } from './s3-storage.js';

/**
 * Where uploaded media live. Keys are relative paths such as `avatars/<uuid>.webp`; `publicUrl` is what
 * the API answers. The local adapter stores under `DATA_DIR/media` and the server serves `/media/*`; the
 * S3 adapter (`s3-storage.ts`) stores in a bucket that browsers read directly.
 */
export interface Storage {
  /** Stores bytes under `key`, written to a temporary file and moved into place so readers never see half a file. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  publicUrl(key: string): string;
}

/** Local-disk {@link Storage} under `root`, served at `/media/`. */
export function createLocalStorage(root: string): Storage {
  const resolveKey = (key: string) => {
    const path = normalize(join(root, key));
    if (!path.startsWith(normalize(root))) throw new Error(`Invalid storage key: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = resolveKey(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, path);
    },
    async remove(key) {
      await rm(resolveKey(key), { force: true });
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
