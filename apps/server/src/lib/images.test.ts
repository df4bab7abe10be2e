import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegWithExif, pngImage } from '../modules/josies/testing.js';
import { AppError } from './errors.js';
import {
  IMAGE_DECODES_AT_ONCE,
  IMAGE_DECODES_WAITING_MAX,
  imageDecodeQueue,
  MAX_INPUT_PIXELS,
  processImage,
} from './images.js';

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (err: unknown) => {
      expect(err).toBeInstanceOf(AppError);
      return err as AppError;
    },
  );

describe('processImage', () => {
  it('turns a PNG into WebP of the same size', async () => {
    const out = await processImage(await pngImage(64, 48), { maxWidth: 1600 });
    expect(out).toMatchObject({ width: 64, height: 48, contentType: 'image/webp', extension: 'webp' });
    const meta = await sharp(out.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 64, height: 48 });
  });

  it('scales wide images down to maxWidth, keeping the ratio, and never up', async () => {
    const out = await processImage(await pngImage(2000, 1000), { maxWidth: 1600 });
    expect([out.width, out.height]).toEqual([1600, 800]);
    const small = await processImage(await pngImage(300, 200), { maxWidth: 1600 });
    expect([small.width, small.height]).toEqual([300, 200]);
  });

  it('rotates per EXIF orientation, then strips every piece of metadata', async () => {
    const input = await jpegWithExif(80, 40);
    const before = await sharp(input).metadata();
    expect(before.exif?.length).toBeGreaterThan(0);
    expect(before.orientation).toBe(6);

    const out = await processImage(input, { maxWidth: 1600 });
    const after = await sharp(out.bytes).metadata();
    expect([after.width, after.height]).toEqual([40, 80]);
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(out.bytes.includes(Buffer.from('TestCam'))).toBe(false);
    expect(out.bytes.includes(Buffer.from('32.0853'))).toBe(false);
  });

  it('refuses bytes that are not an image with 400', async () => {
    const err = await refusal(processImage(Buffer.from('%PDF-1.7 not an image at all'), { maxWidth: 1600 }));
    expect(err.statusCode).toBe(400);
    expect(err.message).toBe('The file is not a valid image');
  });

  it('refuses SVG documents', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect((await refusal(processImage(svg, { maxWidth: 1600 }))).statusCode).toBe(400);
  });

  it('refuses a truncated image whose header is valid', async () => {
    const png = await sharp({
      create: {
        width: 400,
        height: 400,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .png()
      .toBuffer();
    const err = await refusal(processImage(png.subarray(0, Math.floor(png.length / 2)), { maxWidth: 1600 }));
    expect(err.statusCode).toBe(400);
  });

  it('refuses an image with more pixels than the limit with 413, before decoding it', async () => {
    const side = Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 1;
    const bomb = await pngImage(side, side); // one colour: a few KB on the wire, gigabytes decoded
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const err = await refusal(processImage(bomb, { maxWidth: 1600 }));
    expect(err.statusCode).toBe(413);
    // Its own code: the file is small, so the byte limit's message would be wrong.
    expect(err.code).toBe('IMAGE_TOO_MANY_PIXELS');
    expect(err.message).toBe(
      `The image is ${side} × ${side} pixels; at most 50 megapixels are accepted. Please use a smaller image.`,
    );
  });

  it('decodes one image at a time, so parallel uploads leave libuv threads to argon2 and file reads', async () => {
    // A noisy PNG takes sharp a noticeable while to decode; four in parallel would hold four of libuv's
    // threads at once without the queue (decision 0036).
    const noisy = await sharp({
      create: {
        width: 1200,
        height: 1200,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    let most = 0;
    const watch = () => {
      most = Math.max(most, sharp.counters().process);
    };
    // Sampled every millisecond while the four run: sharp's queue events fire only when a task waits for
    // a thread, which a machine with threads to spare never does.
    const sampler = setInterval(watch, 1);
    try {
      const out = await Promise.all(Array.from({ length: 4 }, () => processImage(noisy, { maxWidth: 800 })));
      expect(out.map((o) => o.width)).toEqual([800, 800, 800, 800]);
    } finally {
      clearInterval(sampler);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(IMAGE_DECODES_AT_ONCE);
    expect(imageDecodeQueue()).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses with 503 an image that would wait behind a full queue, and decodes the rest', async () => {
    const png = await pngImage(32, 32);
    const extra = 3;
    const settled = await Promise.allSettled(
      Array.from({ length: IMAGE_DECODES_AT_ONCE + IMAGE_DECODES_WAITING_MAX + extra }, () =>
        processImage(png, { maxWidth: 100 }),
      ),
    );
    const refused = settled.filter((s) => s.status === 'rejected');
    expect(refused).toHaveLength(extra);
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
      });
    }
  });
});
