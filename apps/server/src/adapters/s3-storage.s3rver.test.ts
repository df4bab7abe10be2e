import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig } from '../config.js';
import { createS3Storage, type S3Config } from './s3-storage.js';
import { createPrivateStorage, type Storage, StorageNotFoundError } from './storage.js';

/**
 * The S3 adapter against s3rver, an S3-compatible server written by others (run in this process on a free
 * port of 127.0.0.1, its objects in a temporary directory): the same calls as `s3-storage.test.ts` makes
 * to our stand-in, answered by a peer whose reading of the S3 REST API (paths, key encoding, stored
 * headers, error codes) is not ours. s3rver's only credentials are `S3RVER` / `S3RVER`. s3rver checks the
 * access key of a Signature Version 4 request but not the signature itself, so a wrong secret is checked
 * against the stand-in only (`s3-storage.test.ts`, which verifies every signature).
 */
const BUCKET = 'josie-media';
let server: S3rver;
let directory: string;
let endpoint: string;

const configOf = (overrides: Partial<S3Config> = {}): S3Config => ({
  bucket: BUCKET,
  region: 'us-east-1',
  endpoint,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  publicUrl: null,
  ...overrides,
});

/** The whole object read through the adapter's stream. */
async function read(storage: Pick<Storage, 'open'>, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.open(key)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'josie-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

describe('S3 storage adapter against s3rver', () => {
  it('puts an object that reads back byte for byte, and its public URL serves it with its type and cache header', async () => {
    const storage = createS3Storage(configOf());
    // Every byte value, so that nothing on the way treats the body as text.
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256));
    await storage.put('josies/0f9c.webp', bytes, 'image/webp');
    expect((await read(storage, 'josies/0f9c.webp')).equals(bytes)).toBe(true);

    const url = storage.publicUrl('josies/0f9c.webp');
    expect(url).toBe(`${endpoint}/${BUCKET}/josies/0f9c.webp`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('keeps each content type it is given', async () => {
    const storage = createS3Storage(configOf());
    for (const [key, type] of [
      ['types/a.png', 'image/png'],
      ['types/b.jpg', 'image/jpeg'],
      ['types/c.zip', 'application/zip'],
    ] as const) {
      await storage.put(key, Buffer.from(key), type);
      const res = await fetch(storage.publicUrl(key));
      expect(res.headers.get('content-type'), key).toBe(type);
      expect(await res.text()).toBe(key);
    }
  });

  it('encodes a key with a space so that the server stores and serves that very key', async () => {
    const storage = createS3Storage(configOf());
    await storage.put('avatars/a b.webp', Buffer.from('spaced'), 'image/webp');
    expect(storage.publicUrl('avatars/a b.webp')).toBe(`${endpoint}/${BUCKET}/avatars/a%20b.webp`);
    expect((await read(storage, 'avatars/a b.webp')).toString()).toBe('spaced');
    expect(await (await fetch(storage.publicUrl('avatars/a b.webp'))).text()).toBe('spaced');
  });

  it('deletes an object, and deleting a missing one is not an error', async () => {
    const storage = createS3Storage(configOf());
    await storage.put('headers/h.webp', Buffer.from('h'), 'image/webp');
    await storage.remove('headers/h.webp');
    await expect(storage.open('headers/h.webp')).rejects.toBeInstanceOf(StorageNotFoundError);
    expect((await fetch(storage.publicUrl('headers/h.webp'))).status).toBe(404);
    await expect(storage.remove('headers/h.webp')).resolves.toBeUndefined();
  });

  it('tells a missing key (StorageNotFoundError) from a missing bucket (S3Error NoSuchBucket)', async () => {
    await expect(createS3Storage(configOf()).open('josies/none.webp')).rejects.toBeInstanceOf(
      StorageNotFoundError,
    );
    const missing = createS3Storage(configOf({ bucket: 'no-such-bucket' }));
    await expect(missing.open('josies/none.webp')).rejects.toMatchObject({
      name: 'S3Error',
      operation: 'GetObject',
      status: 404,
      code: 'NoSuchBucket',
    });
    await expect(missing.put('a.webp', Buffer.from('a'), 'image/webp')).rejects.toMatchObject({
      name: 'S3Error',
      operation: 'PutObject',
      code: 'NoSuchBucket',
    });
  });

  it("fails with the service's error code for an unknown access key, and stores nothing", async () => {
    const unknown = createS3Storage(configOf({ accessKeyId: 'NOT-A-KEY' }));
    await expect(unknown.put('refused.webp', Buffer.from('a'), 'image/webp')).rejects.toMatchObject({
      name: 'S3Error',
      operation: 'PutObject',
      status: 403,
      code: 'InvalidAccessKeyId',
    });
    await expect(createS3Storage(configOf()).open('refused.webp')).rejects.toBeInstanceOf(
      StorageNotFoundError,
    );
  });

  it('keeps private files under private/, never cached publicly', async () => {
    const files = createPrivateStorage(
      buildConfig({
        DATA_DIR: '/tmp/unused',
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: endpoint,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      }),
    );
    await files.put('exports/u/e.zip', Buffer.from('zip'), 'application/zip');
    expect((await read(files, 'exports/u/e.zip')).toString()).toBe('zip');
    const stored = await fetch(`${endpoint}/${BUCKET}/private/exports/u/e.zip`);
    expect(stored.headers.get('content-type')).toBe('application/zip');
    expect(stored.headers.get('cache-control')).toBe('private, no-store');
    expect((await fetch(`${endpoint}/${BUCKET}/exports/u/e.zip`)).status).toBe(404);
    await files.remove('exports/u/e.zip');
    await expect(files.open('exports/u/e.zip')).rejects.toBeInstanceOf(StorageNotFoundError);
  });
});
