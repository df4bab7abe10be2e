import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig } from '../config.js';
import { buildUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { type S3Standin, startS3Standin } from '../test/standins/s3.js';
import { createS3Storage, type S3Config, S3Error } from './s3-storage.js';
import { createPrivateStorage, createStorage, StorageNotFoundError } from './storage.js';

let s3: S3Standin;
const configOf = (overrides: Partial<S3Config> = {}): S3Config => ({
  bucket: s3.bucket,
  region: s3.region,
  endpoint: s3.url,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  publicUrl: null,
  ...overrides,
});

beforeAll(async () => {
  s3 = await startS3Standin();
});
afterAll(async () => {
  await s3.close();
});

describe('S3 storage adapter', () => {
  it('puts an object with a signed payload, its type and a year-long immutable cache header', async () => {
    const storage = createS3Storage(configOf());
    const bytes = Buffer.from('RIFF....WEBPVP8 not really a picture');
    await storage.put('josies/0f9c.webp', bytes, 'image/webp');
    expect(s3.log.at(-1)).toBe(`PUT /${s3.bucket}/josies/0f9c.webp -> 200`);
    expect(s3.objects.get('josies/0f9c.webp')).toEqual({
      bytes,
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
    });
  });

  it('answers the object URL, or S3_PUBLIC_URL (a CDN) in front of the key', async () => {
    expect(createS3Storage(configOf()).publicUrl('avatars/a b.webp')).toBe(
      `${s3.url}/${s3.bucket}/avatars/a%20b.webp`,
    );
    expect(
      createS3Storage(configOf({ publicUrl: 'https://cdn.example.com/media' })).publicUrl('x/y.webp'),
    ).toBe('https://cdn.example.com/media/x/y.webp');
    expect(createS3Storage(configOf({ endpoint: null, region: 'eu-west-1' })).publicUrl('k.webp')).toBe(
      `https://${s3.bucket}.s3.eu-west-1.amazonaws.com/k.webp`,
    );
  });

  it('deletes an object, and deleting a missing one is not an error', async () => {
    const storage = createS3Storage(configOf());
    await storage.put('headers/h.webp', Buffer.from('h'), 'image/webp');
    await storage.remove('headers/h.webp');
    expect(s3.objects.has('headers/h.webp')).toBe(false);
    await expect(storage.remove('headers/h.webp')).resolves.toBeUndefined();
  });

  it('streams an object back, and tells a missing key from a missing bucket', async () => {
    const storage = createS3Storage(configOf());
    await storage.put('josies/read.webp', Buffer.from('image bytes'), 'image/webp');
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.open('josies/read.webp')) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).toString()).toBe('image bytes');
    await expect(storage.open('josies/none.webp')).rejects.toBeInstanceOf(StorageNotFoundError);
    const missing = createS3Storage(configOf({ bucket: 'no-such-bucket' }));
    await expect(missing.open('josies/read.webp')).rejects.toMatchObject({
      name: 'S3Error',
      code: 'NoSuchBucket',
    });
  });

  it('keeps private files under private/, never cached publicly', async () => {
    const files = createPrivateStorage(
      buildConfig({
        DATA_DIR: '/tmp/unused',
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.url,
        S3_REGION: s3.region,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      }),
    );
    await files.put('exports/u/e.zip', Buffer.from('zip'), 'application/zip');
    expect(s3.objects.get('private/exports/u/e.zip')).toMatchObject({
      contentType: 'application/zip',
      cacheControl: 'private, no-store',
    });
    expect(s3.objects.has('exports/u/e.zip')).toBe(false);
    const chunks: Buffer[] = [];
    for await (const chunk of await files.open('exports/u/e.zip')) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).toString()).toBe('zip');
    await files.remove('exports/u/e.zip');
    expect(s3.objects.has('private/exports/u/e.zip')).toBe(false);
  });

  it("fails with the service's error code on a wrong secret or an unknown bucket", async () => {
    const wrong = createS3Storage(configOf({ secretAccessKey: 'not-the-secret' }));
    await expect(wrong.put('a.webp', Buffer.from('a'), 'image/webp')).rejects.toMatchObject({
      name: 'S3Error',
      operation: 'PutObject',
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    const missing = createS3Storage(configOf({ bucket: 'no-such-bucket' }));
    await expect(missing.remove('a.webp')).rejects.toBeInstanceOf(S3Error);
    await expect(missing.remove('a.webp')).rejects.toMatchObject({ status: 404, code: 'NoSuchBucket' });
    expect(s3.objects.has('a.webp')).toBe(false);
  });

  it('is what S3_BUCKET selects; without it media stay on local disk', () => {
    const env = {
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.url,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_PUBLIC_URL: 'https://media.example.com/',
    };
    expect(createStorage(buildConfig(env)).publicUrl('k.webp')).toBe('https://media.example.com/k.webp');
    expect(createStorage(buildConfig({ DATA_DIR: '/tmp/x' })).publicUrl('k.webp')).toBe('/media/k.webp');
    expect(() => buildConfig({ S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required/);
  });
});

describe('uploads through the API on S3 storage', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.url,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_PUBLIC_URL: 'https://media.example.com',
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('stores an avatar in the bucket, links it there, and removes the one it replaces', async () => {
    const user = await buildUser(ctx);
    const upload = async () => {
      const image = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#3d8eff' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('avatar', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png');
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/avatar',
        payload: form,
        headers: user.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().avatar as string;
    };
    const first = await upload();
    expect(first).toMatch(/^https:\/\/media\.example\.com\/avatars\/[0-9a-f-]{36}\.webp$/);
    const firstKey = first.slice('https://media.example.com/'.length);
    const stored = s3.objects.get(firstKey);
    expect(stored?.contentType).toBe('image/webp');
    expect(await sharp(stored!.bytes).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });

    const second = await upload();
    const secondKey = second.slice('https://media.example.com/'.length);
    expect(s3.objects.has(secondKey)).toBe(true);
    expect(s3.objects.has(firstKey)).toBe(false);
    expect((await ctx.app.inject({ url: '/api/users/me', headers: user.auth })).json().avatar).toBe(second);
  });
});
