/**
 * Hostile uploads (docs/decisions/0005-security-and-reliability-checks.md) on every image upload of the API:
 * josie images (`POST /api/josies`, field `image`), avatars (`POST /api/users/avatar`, field `avatar`) and
 * header images (`POST /api/users/header-image`, field `headerImage`). Non-images under image names,
 * truncated files, decompression bombs, SVG with script and oversized files are refused with 400/413 and
 * leave no row or file behind; accepted images lose their EXIF (GPS included) and are stored under a name of
 * our own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INPUT_PIXELS } from '../lib/images.js';
import { pngImage } from '../modules/josies/testing.js';
import { buildAuthHeaders, buildUserRow } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { expectCleanError, rowCounts } from './fixtures.js';

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG of `width` x `height` 1-bit grey pixels, all zero. Its IDAT is the real deflated image, so a
 * decoder that believed it would expand a few kilobytes into `width * height` pixels; with
 * `truncateIdat` the IDAT holds only the first bytes (a header that promises more than it has).
 */
function bombPng(width: number, height: number, truncateIdat = false): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter method, no interlace
  const rowBytes = 1 + Math.ceil(width / 8);
  const idat = truncateIdat
    ? deflateSync(Buffer.alloc(rowBytes * 16)).subarray(0, 20)
    : deflateSync(Buffer.alloc(rowBytes * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG carrying a camera make and GPS coordinates in its EXIF. */
function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'LeakyCam', Model: 'Model-X' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '32/1 4/1 7/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '34/1 46/1 54/1',
      },
    })
    .toBuffer();
}

const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script>' +
    '<rect width="10" height="10" onload="alert(1)"/></svg>',
);

/** The three upload routes, each with its field, who may call it, its byte limit and where its URL is. */
const TARGETS = [
  {
    name: 'josie image',
    url: '/api/josies',
    field: 'image',
    role: 'curator' as const,
    maxBytes: 5 * 1024 * 1024,
    extra: (form: FormData) => {
      form.append('title', 'Upload test');
      form.append('paragraphs', JSON.stringify([{ type: 'text', content: 'x' }]));
    },
    urlOf: (body: { paragraphs: { type: string; content: unknown }[] }) =>
      String(body.paragraphs.find((p) => p.type === 'image')?.content),
  },
  {
    name: 'avatar',
    url: '/api/users/avatar',
    field: 'avatar',
    role: 'listener' as const,
    maxBytes: 2 * 1024 * 1024,
    extra: () => {},
    urlOf: (body: { avatarUrl: string }) => body.avatarUrl,
  },
  {
    name: 'header image',
    url: '/api/users/header-image',
    field: 'headerImage',
    role: 'curator' as const,
    maxBytes: 5 * 1024 * 1024,
    extra: () => {},
    urlOf: (body: { headerImageUrl: string }) => body.headerImageUrl,
  },
];

describe('hostile uploads', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  describe.each(TARGETS)('$name', (target) => {
    const mediaFiles = () => {
      const out: string[] = [];
      const walk = (dir: string) => {
        let names: string[] = [];
        try {
          names = readdirSync(dir, { withFileTypes: true }).map((d) =>
            d.isDirectory() ? `${d.name}/` : d.name,
          );
        } catch {
          return;
        }
        for (const n of names) n.endsWith('/') ? walk(join(dir, n)) : out.push(join(dir, n));
      };
      walk(join(ctx.dataDir, 'media'));
      return out.sort();
    };

    /** Uploads `bytes` as a fresh user of the target's role (fresh: the per-user upload limit stays far). */
    async function upload(bytes: Buffer, filename: string, type: string) {
      const user = await buildUserRow(ctx, { role: target.role });
      const form = new FormData();
      target.extra(form);
      form.append(target.field, new Blob([new Uint8Array(bytes)], { type }), filename);
      return ctx.app.inject({
        method: 'POST',
        url: target.url,
        headers: await buildAuthHeaders(ctx, user.id),
        payload: form,
      });
    }

    /** Uploads and expects a refusal with `status` that left no row and no file behind. */
    async function expectRefused(status: number, bytes: Buffer, filename: string, type: string) {
      const rows = await rowCounts(ctx);
      const files = mediaFiles();
      const res = await upload(bytes, filename, type);
      expect(res.statusCode, res.body).toBe(status);
      expectCleanError(res);
      expect(await rowCounts(ctx)).toEqual({ ...rows, users: rows.users! + 1 });
      expect(mediaFiles()).toEqual(files);
      return res;
    }

    it('refuses text, HTML and a PDF under image names', async () => {
      await expectRefused(400, Buffer.from('just some text, not a picture'), 'photo.png', 'image/png');
      await expectRefused(
        400,
        Buffer.from('<html><script>alert(1)</script></html>'),
        'photo.jpg',
        'image/jpeg',
      );
      await expectRefused(
        400,
        Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
        'scan.webp',
        'image/webp',
      );
    });

    it('refuses an SVG carrying a script, whatever it is called', async () => {
      await expectRefused(400, SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml');
      await expectRefused(400, SVG_WITH_SCRIPT, 'logo.png', 'image/png');
    });

    it('refuses truncated images', async () => {
      const png = await pngImage(200, 150);
      await expectRefused(400, png.subarray(0, Math.floor(png.length / 2)), 'half.png', 'image/png');
      await expectRefused(400, png.subarray(0, 30), 'header-only.png', 'image/png');
      const jpeg = await jpegWithGps();
      await expectRefused(400, jpeg.subarray(0, Math.floor(jpeg.length / 3)), 'third.jpg', 'image/jpeg');
    });

    it('refuses decompression bombs by their pixel count (sharp limitInputPixels)', async () => {
      // A real bomb: ~7 KB of deflated zeros that would decode to just over 50 megapixels.
      const side = Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 1;
      const bomb = bombPng(side, side);
      expect(bomb.length).toBeLessThan(20_000);
      await expectRefused(413, bomb, 'bomb.png', 'image/png');
      // A header that claims 10 gigapixels over a few bytes of data.
      await expectRefused(413, bombPng(100_000, 100_000, true), 'huge.png', 'image/png');
    });

    it('refuses a file over its byte limit with 413', async () => {
      const big = Buffer.concat([await pngImage(8, 8), Buffer.alloc(target.maxBytes + 1024)]);
      await expectRefused(413, big, 'big.png', 'image/png');
    });

    it('strips EXIF (GPS, camera) and stores under a name of its own', async () => {
      const res = await upload(await jpegWithGps(), '../../../etc/evil<script>.jpg', 'image/jpeg');
      expect(res.statusCode, res.body).toBeLessThan(300);
      const url = target.urlOf(res.json());
      expect(url).toMatch(/^\/media\/[a-z-]+\/[0-9a-f-]{36}\.webp$/);
      const file = await ctx.app.inject({ url });
      expect(file.statusCode).toBe(200);
      const stored = file.rawPayload;
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(stored.includes(Buffer.from('LeakyCam'))).toBe(false);
      expect(stored.includes(Buffer.from('GPS'))).toBe(false);
      // The file on disk is the one served, inside the media folder.
      expect(readFileSync(join(ctx.dataDir, url)).equals(stored)).toBe(true);
    });
  });
});
