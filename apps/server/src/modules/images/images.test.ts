import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { media } from '../../db/schema.js';
import { SafeFetchError } from '../../lib/ssrf.js';
import { buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { type ImagesHost, STANDIN_CA_FILE, startImagesHost } from '../../test/standins/images-host.js';
import { type OpenverseStandin, startOpenverseStandin } from '../../test/standins/openverse.js';
import { type PixabayStandin, startPixabayStandin } from '../../test/standins/pixabay.js';
import { imageUrlError } from './service.js';

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#ff3d8e' } })
    .png()
    .toBuffer();

/** A multipart form with files in the `images` field (or another). */
function form(files: Array<{ bytes: Buffer; type?: string; name?: string; field?: string }>): FormData {
  const f = new FormData();
  for (const file of files) {
    f.append(
      file.field ?? 'images',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
      file.name ?? 'a.png',
    );
  }
  return f;
}

describe('images, unconfigured (no Pixabay key, no allow-list)', () => {
  let ctx: TestContext;
  let curator: TestUser;
  let host: ImagesHost;
  beforeAll(async () => {
    host = await startImagesHost();
    ctx = await createTestContext();
    curator = await buildUser(ctx, { role: 'curator' });
  });
  afterAll(async () => {
    await ctx.close();
    await host.close();
  });

  it('lists Openverse only, and says Pixabay is not configured', async () => {
    const list = await ctx.app.inject({ url: '/api/images/providers', headers: curator.auth });
    expect(list.json()).toEqual([{ name: 'openverse', attributionUrl: 'https://openverse.org/' }]);
    const search = await ctx.app.inject({ url: '/api/images/search?query=guitar', headers: curator.auth });
    expect(search.statusCode).toBe(503);
    expect(search.json()).toEqual({
      message: 'Pixabay image search is not configured on this server',
      code: 'NOT_CONFIGURED',
    });
    const one = await ctx.app.inject({ url: '/api/images/1001?provider=pixabay', headers: curator.auth });
    expect(one.statusCode).toBe(503);
  });

  it('refuses loopback, private and link-local addresses without sending anything', async () => {
    const port = new URL(host.url).port;
    const before = host.requests.length;
    for (const url of [
      `https://127.0.0.1:${port}/photo.png`,
      `https://[::1]:${port}/photo.png`,
      'https://10.0.0.1/cat.png',
      'https://172.16.5.4/cat.png',
      'https://192.168.1.1/cat.png',
      'https://169.254.169.254/latest/meta-data/iam',
      'https://[fd00::1]/cat.png',
      'https://[::ffff:127.0.0.1]/cat.png',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/images/upload-url',
        headers: curator.auth,
        payload: { url },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        message: 'This URL points to a private or local network address and cannot be used',
        code: 'URL_NOT_ALLOWED',
      });
    }
    const local = await ctx.app.inject({
      method: 'POST',
      url: '/api/images/upload-url',
      headers: curator.auth,
      payload: { url: `https://localhost:${port}/photo.png` },
    });
    expect(local.json().message).toBe('URL must contain a valid domain');
    expect(host.requests.length).toBe(before);
  });
});

describe('images through the stand-ins', () => {
  let ctx: TestContext;
  let pixabay: PixabayStandin;
  let openverse: OpenverseStandin;
  let host: ImagesHost;
  let curator: TestUser;
  const mediaFile = (url: string) => join(ctx.dataDir, 'media', url.replace(/^\/media\//, ''));

  beforeAll(async () => {
    host = await startImagesHost();
    [pixabay, openverse] = await Promise.all([
      startPixabayStandin({ imageBaseUrl: host.url }),
      startOpenverseStandin({ imageBaseUrl: host.url }),
    ]);
    ctx = await createTestContext({
      ...pixabay.env,
      ...openverse.env,
      IMAGE_FETCH_ALLOWED_ADDRESSES: '127.0.0.1',
      IMAGE_FETCH_CA_FILE: STANDIN_CA_FILE,
    });
    curator = await buildUser(ctx, { role: 'curator' });
  });
  afterAll(async () => {
    await ctx.close();
    await Promise.all([pixabay.close(), openverse.close(), host.close()]);
  });
  beforeEach(() => {
    pixabay.reset();
    openverse.reset();
  });

  const search = (qs: string, user: TestUser = curator) =>
    ctx.app.inject({ url: `/api/images/search?${qs}`, headers: user.auth });
  const importUrl = (url: string, user: TestUser = curator) =>
    ctx.app.inject({ method: 'POST', url: '/api/images/upload-url', headers: user.auth, payload: { url } });

  it('lists Pixabay (the default) first, then Openverse', async () => {
    const res = await ctx.app.inject({ url: '/api/images/providers', headers: curator.auth });
    expect(res.json()).toEqual([
      { name: 'pixabay', attributionUrl: 'https://pixabay.com/' },
      { name: 'openverse', attributionUrl: 'https://openverse.org/' },
    ]);
  });

  it('searches Pixabay with the spec defaults and pages through the results', async () => {
    const res = await search('query=guitar');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ page: 1, perPage: 20, total: 45, totalPages: 3 });
    expect(body.images).toHaveLength(20);
    expect(body.images[0]).toEqual({
      id: '1000',
      thumbnailUrl: 'https://cdn.pixabay.com/photo/2024/01/01/1000_150.jpg',
      largeImageUrl: `${host.url}/photo.png?pixabay=1000`,
      provider: 'pixabay',
      attribution: 'Image by Standin_Photographer from Pixabay',
      user: 'Standin_Photographer',
      width: 6000,
      height: 4000,
      tags: ['guitar', 'music', 'instrument'],
      pageUrl: 'https://pixabay.com/photos/guitar-1000/',
      licenseUrl: 'https://pixabay.com/service/license-summary/',
    });
    expect(pixabay.requests.at(-1)?.query).toMatchObject({
      key: pixabay.apiKey,
      q: 'guitar',
      image_type: 'photo',
      safesearch: 'true',
      page: '1',
      per_page: '20',
    });
    const last = (await search('query=guitar&page=3')).json();
    expect(last.images).toHaveLength(5);
    expect(last.pagination.page).toBe(3);
    const past = (await search('query=guitar&page=4')).json();
    expect(past.images).toEqual([]);
    await search('query=guitar&imageType=illustration&safeSearch=false&perPage=10');
    expect(pixabay.requests.at(-1)?.query).toMatchObject({
      image_type: 'illustration',
      safesearch: 'false',
      per_page: '10',
    });
  });

  it('searches Openverse with its credits and limits', async () => {
    const res = await search('query=guitar&provider=openverse');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ page: 1, perPage: 20, total: 45, totalPages: 3 });
    expect(body.images[0]).toMatchObject({
      id: '00000000-0000-4000-8000-000000000001',
      provider: 'openverse',
      largeImageUrl: `${host.url}/photo.jpg?openverse=1`,
      thumbnailUrl: `${openverse.url}/v1/images/00000000-0000-4000-8000-000000000001/thumb/`,
      user: '',
      tags: ['guitar', 'music'],
      licenseUrl: 'https://creativecommons.org/licenses/by-sa/2.0/',
      pageUrl: 'https://www.flickr.com/photos/someone/1',
    });
    expect(body.images[0].attribution).toContain('is licensed under CC BY-SA 2.0');
    // Openverse answers no attribution for every third image: the credit is built from its licence.
    expect(body.images[2].attribution).toBe('"guitar 3" is licensed under CC BY-SA 2.0.');
    expect(openverse.requests.at(-1)?.query).toMatchObject({
      q: 'guitar',
      page: '1',
      page_size: '20',
      mature: 'false',
      category: 'photograph',
    });
    const capped = (await search('query=guitar&provider=openverse&perPage=50')).json();
    expect(capped.pagination.perPage).toBe(20);
    expect((await search('query=nothing&provider=openverse')).json()).toEqual({
      images: [],
      pagination: { page: 1, perPage: 20, total: 0, totalPages: 0 },
    });
  });

  it('requires a search term and an author role', async () => {
    const empty = await search('query=%20%20');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Please enter a search term', code: 'VALIDATION_ERROR' });
    expect((await search('query=guitar&provider=flickr')).statusCode).toBe(400);
    expect((await search('query=guitar', await buildUser(ctx))).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/images/search?query=guitar' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/images/providers' })).statusCode).toBe(401);
  });

  it('maps provider failures: refused key and rate limits -> 503, errors -> 502', async () => {
    pixabay.failNext('/api/', { status: 400, body: '[ERROR 400] Invalid or missing API key.' });
    const key = await search('query=guitar');
    expect(key.statusCode).toBe(503);
    expect(key.json()).toEqual({
      message: "Pixabay refused this server's credentials. Please tell the site's team.",
      code: 'NOT_CONFIGURED',
    });
    pixabay.failNext('/api/', { status: 429, body: 'You have exceeded the rate limit.' });
    expect((await search('query=guitar')).json().code).toBe('PROVIDER_RATE_LIMITED');
    openverse.failNext('/v1/images/', { status: 429, body: { detail: 'Request was throttled.' } });
    expect((await search('query=guitar&provider=openverse')).statusCode).toBe(503);
    openverse.failNext('/v1/images/', { status: 500, body: { detail: 'Internal error' } });
    const broken = await search('query=guitar&provider=openverse');
    expect(broken.statusCode).toBe(502);
    expect(broken.json()).toEqual({
      message: 'Openverse is not responding right now. Please try again later.',
      code: 'PROVIDER_ERROR',
    });
    pixabay.failNext('/api/', { status: 200, body: { unexpected: true } });
    expect((await search('query=guitar')).statusCode).toBe(502);
  });

  it('gets one image by id from either provider', async () => {
    const p = await ctx.app.inject({ url: '/api/images/1005?provider=pixabay', headers: curator.auth });
    expect(p.statusCode).toBe(200);
    expect(p.json()).toMatchObject({ id: '1005', provider: 'pixabay' });
    expect(pixabay.requests.at(-1)?.query).toMatchObject({ id: '1005' });
    const o = await ctx.app.inject({
      url: '/api/images/00000000-0000-4000-8000-000000000004?provider=openverse',
      headers: curator.auth,
    });
    expect(o.json()).toMatchObject({
      id: '00000000-0000-4000-8000-000000000004',
      provider: 'openverse',
      user: 'Jane Doe',
    });
    for (const url of [
      '/api/images/5?provider=pixabay',
      '/api/images/00000000-0000-4000-8000-000000000099?provider=openverse',
      '/api/images/not-a-uuid?provider=openverse',
    ]) {
      const res = await ctx.app.inject({ url, headers: curator.auth });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Image not found', code: 'NOT_FOUND' });
    }
  });

  describe('POST /api/images/upload', () => {
    const upload = (payload: FormData, user: TestUser = curator) =>
      ctx.app.inject({ method: 'POST', url: '/api/images/upload', headers: user.auth, payload });

    it('stores the first image as WebP without metadata and records it', async () => {
      const first = await png(80, 60);
      const res = await upload(form([{ bytes: first }, { bytes: await png(10, 10), name: 'second.png' }]));
      expect(res.statusCode).toBe(201);
      const { urls } = res.json();
      expect(urls).toHaveLength(1);
      expect(urls[0]).toMatch(/^\/media\/josies\/[0-9a-f-]{36}\.webp$/);
      const meta = await sharp(mediaFile(urls[0])).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 80, height: 60 });
      const [row] = await ctx.database.db
        .select()
        .from(media)
        .where(eq(media.storageKey, urls[0].replace('/media/', '')));
      expect(row).toMatchObject({ ownerId: curator.user._id, kind: 'josie-image', width: 80, height: 60 });
      const served = await ctx.app.inject({ url: urls[0] });
      expect(served.statusCode).toBe(200);
    });

    it('refuses non-images, a missing file, oversize files and other roles, in the texts of messages.md', async () => {
      const text = await upload(form([{ bytes: Buffer.from('hello'), type: 'text/plain', name: 'a.txt' }]));
      expect(text.statusCode).toBe(400);
      expect(text.json()).toEqual({ message: 'Please select only image files', code: 'INVALID_IMAGE' });
      const fake = await upload(form([{ bytes: Buffer.from('not really a png') }]));
      expect(fake.statusCode).toBe(400);
      expect(fake.json()).toEqual({ message: 'No valid images were found', code: 'INVALID_IMAGE' });
      const none = await upload(form([{ bytes: await png(), field: 'avatar' }]));
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ message: 'No valid images were found', code: 'INVALID_IMAGE' });
      const big = await upload(form([{ bytes: Buffer.alloc(5 * 1024 * 1024 + 10, 1) }]));
      expect(big.statusCode).toBe(413);
      expect(big.json()).toEqual({
        message: 'Some files exceed the maximum size of 5MB',
        code: 'PAYLOAD_TOO_LARGE',
      });
      const json = await ctx.app.inject({
        method: 'POST',
        url: '/api/images/upload',
        headers: curator.auth,
        payload: {},
      });
      expect(json.statusCode).toBe(400);
      expect((await upload(form([{ bytes: await png() }]), await buildUser(ctx))).statusCode).toBe(403);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/images/upload',
            payload: form([{ bytes: await png() }]),
          })
        ).statusCode,
      ).toBe(401);
    });
  });

  describe('POST /api/images/upload-url', () => {
    it('imports an image over https, after redirects, judging the bytes rather than the type', async () => {
      for (const path of ['/photo.png', '/photo.jpg', '/redirect/3', '/photo-as-text']) {
        const res = await importUrl(`${host.url}${path}`);
        expect(res.statusCode, path).toBe(201);
        const { url } = res.json();
        expect(url).toMatch(/^\/media\/josies\/[0-9a-f-]{36}\.webp$/);
        expect(existsSync(mediaFile(url))).toBe(true);
      }
      const meta = await sharp(mediaFile((await importUrl(`${host.url}/photo.jpg`)).json().url)).metadata();
      expect(meta.exif).toBeUndefined();
    });

    it('imports what a search found', async () => {
      const [first] = (await search('query=guitar')).json().images;
      const res = await importUrl(first.largeImageUrl, await buildUser(ctx, { role: 'admin' }));
      expect(res.statusCode).toBe(201);
    });

    it('answers the spec messages in order (docs/product/rules-and-limits.md#image-links)', async () => {
      const cases: Array<[string, number, string]> = [
        ['', 400, 'Please enter an image URL'],
        ['not a url', 400, 'Please enter a valid URL'],
        [`${host.url.replace('https:', 'http:')}/photo.png`, 400, 'URL must begin with https://'],
        ['https://intranet/photo.png', 400, 'URL must contain a valid domain'],
        [`${host.url}/`, 400, 'URL must point to a specific file'],
        [`${host.url}/text.txt`, 400, 'The URL does not contain a valid image'],
        [`${host.url}/big.png`, 413, 'Image is too large (maximum size is 5MB)'],
        [`${host.url}/big-stream`, 413, 'Image is too large (maximum size is 5MB)'],
        [`${host.url}/status/404`, 400, 'The image could not be downloaded (the server answered 404)'],
        [
          `${host.url}/redirect/4`,
          400,
          'The image could not be downloaded: the URL redirects too many times',
        ],
      ];
      // A fresh author: imports are limited to 20 a minute per user.
      const author = await buildUser(ctx, { role: 'curator' });
      for (const [url, status, message] of cases) {
        const res = await importUrl(url, author);
        expect(res.statusCode, url).toBe(status);
        expect(res.json().message, url).toBe(message);
      }
    });

    it('re-checks every redirect target: the allow-list holds 127.0.0.1 only', async () => {
      const port = new URL(host.url).port;
      const author = await buildUser(ctx, { role: 'editor' });
      const res = await importUrl(
        `${host.url}/redirect-to?url=${encodeURIComponent(`https://127.0.0.2:${port}/photo.png`)}`,
        author,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('URL_NOT_ALLOWED');
      const metadata = await importUrl(
        `${host.url}/redirect-to?url=${encodeURIComponent('https://169.254.169.254/latest/meta-data/')}`,
        author,
      );
      expect(metadata.json().code).toBe('URL_NOT_ALLOWED');
    });

    it('is for authors only', async () => {
      expect((await importUrl(`${host.url}/photo.png`, await buildUser(ctx))).statusCode).toBe(403);
      const visitor = await ctx.app.inject({
        method: 'POST',
        url: '/api/images/upload-url',
        payload: { url: `${host.url}/photo.png` },
      });
      expect(visitor.statusCode).toBe(401);
    });
  });
});

describe('imageUrlError', () => {
  it('answers a time-out with the spec text (504)', () => {
    const err = imageUrlError(new SafeFetchError('timeout', 'slow'));
    expect([err.statusCode, err.code, err.message]).toEqual([504, 'TIMEOUT', 'Image loading timed out...']);
    expect(imageUrlError(new SafeFetchError('dns_failed', 'x')).code).toBe('IMAGE_FETCH_FAILED');
  });
});
