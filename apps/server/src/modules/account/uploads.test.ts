import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AVATAR_TOO_LARGE_MESSAGE,
  AvatarUploadResponse,
  HEADER_IMAGE_TOO_LARGE_MESSAGE,
  HeaderImageUploadResponse,
  LIMITS,
  NOT_AN_IMAGE_MESSAGE,
} from '@josie/contract';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, users } from '../../db/schema.js';
import { buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { PROFILE_UPLOADS_PER_MINUTE } from './uploads.routes.js';

const AVATAR = '/api/users/avatar';
const HEADER = '/api/users/header-image';

/** A solid-colour PNG. */
const png = (width: number, height: number, background = '#ff3d8e') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/**
 * A JPEG as a phone writes it: camera make and model in IFD0 and a GPS position in the GPS IFD
 * (32°5'7" N, 34°46'54" E).
 */
const photoWithGps = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: '#87a9ff' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Secret Model' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '32/1 5/1 7/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '34/1 46/1 54/1',
      },
    })
    .toBuffer();

/** A PNG of random noise (it does not compress), `side` by `side` pixels: about 3·side² bytes. */
const noisePng = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

/** The tags of IFD0 in EXIF bytes as sharp reports them ("Exif\0\0" then a TIFF header), parsed by hand. */
function ifd0Tags(exif: Buffer): number[] {
  const tiff = exif.subarray(6);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}
/** The EXIF tag that points to the GPS IFD. */
const GPS_IFD_POINTER = 0x8825;

/** A multipart form with one file, as the Profile tab sends it. */
function form(field: string, bytes: Buffer, type = 'image/png', name = 'picture.png'): FormData {
  const f = new FormData();
  f.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return f;
}

describe('profile images: POST /api/users/avatar and /api/users/header-image', () => {
  let ctx: TestContext;
  const mediaDir = () => join(ctx.dataDir, 'media');
  const fileOf = (url: string) => join(mediaDir(), url.replace(/^\/media\//, ''));
  const keyOf = (url: string) => url.replace(/^\/media\//, '');
  const listDir = (dir: string) =>
    existsSync(join(mediaDir(), dir)) ? readdirSync(join(mediaDir(), dir)).sort() : [];
  const post = (url: string, payload: FormData | object, user?: TestUser) =>
    ctx.app.inject({ method: 'POST', url, payload, ...(user ? { headers: user.auth } : {}) });
  const mediaRows = (ownerId: string, kind: 'avatar' | 'header') =>
    ctx.database.db
      .select()
      .from(media)
      .where(and(eq(media.ownerId, ownerId), eq(media.kind, kind)));
  const storedUser = async (id: string) =>
    (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_AUTH_MAX: '10000' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  describe('avatar', () => {
    it('stores a 512 px square WebP without metadata, records it and updates the user', async () => {
      const listener = await buildUser(ctx);
      const input = await photoWithGps();
      const before = await sharp(input).metadata();
      expect(before.exif && ifd0Tags(before.exif)).toContain(GPS_IFD_POINTER);

      const res = await post(AVATAR, form('avatar', input, 'image/jpeg', 'me.jpg'), listener);
      expect(res.statusCode).toBe(200);
      const body = AvatarUploadResponse.parse(res.json());
      expect(body.success).toBe(true);
      expect(body.avatar).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}\.webp$/);
      expect(body.avatarUrl).toBe(body.avatar);
      expect(body.user).toMatchObject({ _id: listener.user._id, role: 'listener', avatar: body.avatar });

      const bytes = readFileSync(fileOf(body.avatar));
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      for (const secret of ['TestCam', 'Secret Model'])
        expect(bytes.includes(Buffer.from(secret))).toBe(false);

      expect(await mediaRows(listener.user._id, 'avatar')).toEqual([
        expect.objectContaining({
          storageKey: keyOf(body.avatar),
          bytes: bytes.length,
          width: 512,
          height: 512,
        }),
      ]);
      const me = await ctx.app.inject({ url: '/api/users/me', headers: listener.auth });
      expect(me.json().avatar).toBe(body.avatar);
      const profile = await ctx.app.inject({
        url: `/api/users/${listener.user._id}`,
        headers: listener.auth,
      });
      expect(profile.json().avatar).toBe(body.avatar);

      const served = await ctx.app.inject({ url: body.avatar });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('max-age=31536000');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    });

    it('crops around the centre and scales small images up to the square', async () => {
      const user = await buildUser(ctx);
      // Blue, pink, blue side by side: a centred square crop keeps only the pink middle.
      const wide = await sharp({ create: { width: 1000, height: 200, channels: 3, background: '#0000ff' } })
        .composite([{ input: await png(200, 200, '#ff3d8e'), left: 400, top: 0 }])
        .png()
        .toBuffer();
      const res = await post(AVATAR, form('avatar', wide), user);
      expect(res.statusCode).toBe(200);
      const { data, info } = await sharp(fileOf(res.json().avatar))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([512, 512]);
      for (const [x, y] of [
        [2, 2],
        [509, 256],
        [256, 509],
      ] as const) {
        const i = (y * info.width + x) * info.channels;
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        expect(Math.abs(r - 0xff) + Math.abs(g - 0x3d) + Math.abs(b - 0x8e), `pixel ${x},${y}`).toBeLessThan(
          30,
        );
      }

      const tiny = await post(AVATAR, form('avatar', await png(40, 30)), user);
      expect(await sharp(fileOf(tiny.json().avatar)).metadata()).toMatchObject({ width: 512, height: 512 });
    });

    it("replaces the previous avatar: its file and media row go, other users' files stay", async () => {
      const user = await buildUser(ctx);
      const other = await buildUser(ctx);
      const othersAvatar = (await post(AVATAR, form('avatar', await png(64, 64)), other)).json()
        .avatar as string;

      const first = (await post(AVATAR, form('avatar', await png(64, 64, '#f4ff5e')), user)).json()
        .avatar as string;
      expect(existsSync(fileOf(first))).toBe(true);
      const second = await post(AVATAR, form('avatar', await png(64, 64, '#b8ffe8')), user);
      expect(second.statusCode).toBe(200);
      const current = second.json().avatar as string;
      expect(current).not.toBe(first);

      expect(existsSync(fileOf(first))).toBe(false);
      expect(existsSync(fileOf(current))).toBe(true);
      expect((await mediaRows(user.user._id, 'avatar')).map((r) => r.storageKey)).toEqual([keyOf(current)]);
      expect((await storedUser(user.user._id)).avatarUrl).toBe(current);
      // No longer served (a missing /media file falls through to the app's not-found handling).
      expect((await ctx.app.inject({ url: first })).headers['content-type']).not.toBe('image/webp');

      expect(existsSync(fileOf(othersAvatar))).toBe(true);
      expect((await mediaRows(other.user._id, 'avatar')).map((r) => r.storageKey)).toEqual([
        keyOf(othersAvatar),
      ]);
    });

    it('keeps a replaced avatar that a josie shows as its image', async () => {
      const user = await buildUser(ctx, { role: 'curator' });
      const first = (await post(AVATAR, form('avatar', await png(64, 64, '#f4ff5e')), user)).json()
        .avatar as string;
      const josie = await post(
        '/api/josies',
        { title: 'My face', paragraphs: [{ type: 'image', content: first }] },
        user,
      );
      expect(josie.statusCode, josie.body).toBe(201);
      const second = await post(AVATAR, form('avatar', await png(64, 64, '#b8ffe8')), user);
      expect(second.statusCode).toBe(200);
      expect(existsSync(fileOf(first))).toBe(true);
      expect((await ctx.app.inject({ url: first })).headers['content-type']).toBe('image/webp');
    });

    it('never deletes an avatar file that was not uploaded through the media table (the demo seed)', async () => {
      const user = await buildUser(ctx);
      mkdirSync(join(mediaDir(), 'avatars'), { recursive: true });
      const seeded = '/media/avatars/demo-test.webp';
      writeFileSync(
        fileOf(seeded),
        await sharp(await png(16, 16))
          .webp()
          .toBuffer(),
      );
      await ctx.database.db.update(users).set({ avatarUrl: seeded }).where(eq(users.id, user.user._id));

      const res = await post(AVATAR, form('avatar', await png(32, 32)), user);
      expect(res.statusCode).toBe(200);
      expect(existsSync(fileOf(seeded))).toBe(true);
      expect((await storedUser(user.user._id)).avatarUrl).toBe(res.json().avatar);
    });

    it('applies two simultaneous uploads one after the other, leaving one avatar and one file', async () => {
      const user = await buildUser(ctx);
      const before = listDir('avatars');
      const answers = await Promise.all([
        post(AVATAR, form('avatar', await png(50, 50, '#87a9ff')), user),
        post(AVATAR, form('avatar', await png(50, 50, '#ff79f8')), user),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const rows = await mediaRows(user.user._id, 'avatar');
      expect(rows).toHaveLength(1);
      const stored = (await storedUser(user.user._id)).avatarUrl;
      expect(stored).toBe(`/media/${rows[0]!.storageKey}`);
      expect(listDir('avatars').filter((f) => !before.includes(f))).toEqual([
        rows[0]!.storageKey.replace('avatars/', ''),
      ]);
    });

    it('refuses files of 2 MB or more with 413, before writing anything', async () => {
      const user = await buildUser(ctx);
      const big = await noisePng(1024); // ~3 MB of noise, a real image
      expect(big.length).toBeGreaterThan(3_000_000);
      const before = listDir('avatars');
      const res = await post(AVATAR, form('avatar', big), user);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: AVATAR_TOO_LARGE_MESSAGE, code: 'PAYLOAD_TOO_LARGE' });
      // "Less than 2MB": exactly 2 MiB is refused as well.
      const small = await png(8, 8);
      const padded = Buffer.concat([small, Buffer.alloc(LIMITS.avatarMaxBytes - small.length)]);
      expect((await post(AVATAR, form('avatar', padded), user)).statusCode).toBe(413);

      expect(listDir('avatars')).toEqual(before);
      expect(await mediaRows(user.user._id, 'avatar')).toEqual([]);
      expect((await storedUser(user.user._id)).avatarUrl).toBeNull();
    });

    it('refuses what is not an image with 400 "Please select an image file"', async () => {
      const user = await buildUser(ctx);
      const before = listDir('avatars');
      const cases: Array<[string, FormData | object]> = [
        ['a text file named .png', form('avatar', Buffer.from('hello, I am text'), 'image/png', 'photo.png')],
        ['a text file', form('avatar', Buffer.from('hello'), 'text/plain', 'notes.txt')],
        ['a large non-image', form('avatar', randomBytes(3 * 1024 * 1024), 'application/pdf', 'big.pdf')],
        [
          'an SVG document',
          form('avatar', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 'a.svg'),
        ],
        ['an empty file', form('avatar', Buffer.alloc(0))],
        ['the wrong field', form('headerImage', await png(20, 20))],
        ['no multipart at all', { avatar: 'data:image/png;base64,AAAA' }],
      ];
      for (const [label, payload] of cases) {
        const res = await post(AVATAR, payload, user);
        expect(res.statusCode, label).toBe(400);
        expect(res.json().message, label).toBe(NOT_AN_IMAGE_MESSAGE);
      }
      expect(listDir('avatars')).toEqual(before);
      expect((await storedUser(user.user._id)).avatarUrl).toBeNull();
    });

    it('refuses visitors and expired sessions with 401', async () => {
      const res = await post(AVATAR, form('avatar', await png(20, 20)));
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
      const bad = await ctx.app.inject({
        method: 'POST',
        url: AVATAR,
        payload: form('avatar', await png(20, 20)),
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(bad.statusCode).toBe(401);
    });

    it(`limits uploads to ${PROFILE_UPLOADS_PER_MINUTE} a minute per user`, async () => {
      const user = await buildUser(ctx);
      const image = await png(8, 8);
      for (let i = 0; i < PROFILE_UPLOADS_PER_MINUTE; i++) {
        expect((await post(AVATAR, form('avatar', image), user)).statusCode).toBe(200);
      }
      const limited = await post(AVATAR, form('avatar', image), user);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      // Another user has their own allowance; the replaced avatars left one file behind.
      expect((await post(AVATAR, form('avatar', image), await buildUser(ctx))).statusCode).toBe(200);
      expect(await mediaRows(user.user._id, 'avatar')).toHaveLength(1);
    });
  });

  describe('header image', () => {
    it('lets curators, editors and admins store a WebP at most 1600 px wide, never enlarged', async () => {
      for (const role of ['curator', 'editor', 'admin'] as const) {
        const user = await buildUser(ctx, { role });
        const res = await post(HEADER, form('headerImage', await png(3200, 800)), user);
        expect(res.statusCode, role).toBe(200);
        const body = HeaderImageUploadResponse.parse(res.json());
        expect(body.headerImage).toMatch(/^\/media\/headers\/[0-9a-f-]{36}\.webp$/);
        expect(body.headerImageUrl).toBe(body.headerImage);
        expect(body.user).toMatchObject({ _id: user.user._id, role, headerImage: body.headerImage });
        expect(await sharp(fileOf(body.headerImage)).metadata()).toMatchObject({
          format: 'webp',
          width: 1600,
          height: 400,
        });
        expect(await mediaRows(user.user._id, 'header')).toEqual([
          expect.objectContaining({ storageKey: keyOf(body.headerImage), width: 1600, height: 400 }),
        ]);
        const served = await ctx.app.inject({ url: body.headerImage });
        expect(served.statusCode).toBe(200);
        expect(served.headers['cache-control']).toContain('immutable');
      }
      const curator = await buildUser(ctx, { role: 'curator' });
      const small = await post(HEADER, form('headerImage', await png(800, 300)), curator);
      expect(await sharp(fileOf(small.json().headerImage)).metadata()).toMatchObject({
        width: 800,
        height: 300,
      });
      const profile = await ctx.app.inject({ url: `/api/users/${curator.user._id}`, headers: curator.auth });
      expect(profile.json().headerImage).toBe(small.json().headerImage);
    });

    it('strips the GPS position and replaces the previous header, leaving the avatar alone', async () => {
      const curator = await buildUser(ctx, { role: 'curator' });
      const avatar = (await post(AVATAR, form('avatar', await png(64, 64)), curator)).json().avatar as string;
      const first = (
        await post(HEADER, form('headerImage', await photoWithGps(), 'image/jpeg'), curator)
      ).json().headerImage as string;
      const meta = await sharp(fileOf(first)).metadata();
      expect(meta.exif).toBeUndefined();
      expect(readFileSync(fileOf(first)).includes(Buffer.from('TestCam'))).toBe(false);

      const second = (await post(HEADER, form('headerImage', await png(900, 300)), curator)).json()
        .headerImage as string;
      expect(existsSync(fileOf(first))).toBe(false);
      expect(existsSync(fileOf(second))).toBe(true);
      expect(existsSync(fileOf(avatar))).toBe(true);
      const row = await storedUser(curator.user._id);
      expect([row.avatarUrl, row.headerImageUrl]).toEqual([avatar, second]);
    });

    it('accepts up to 5 MB (more than the avatar limit) and refuses more with 413', async () => {
      const curator = await buildUser(ctx, { role: 'curator' });
      const threeMb = await noisePng(1024);
      const ok = await post(HEADER, form('headerImage', threeMb), curator);
      expect(ok.statusCode).toBe(200);
      expect(await sharp(fileOf(ok.json().headerImage)).metadata()).toMatchObject({
        width: 1024,
        height: 1024,
      });

      const sixMb = await noisePng(1400);
      expect(sixMb.length).toBeGreaterThan(LIMITS.imageMaxBytes);
      const before = listDir('headers');
      const res = await post(HEADER, form('headerImage', sixMb), curator);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: HEADER_IMAGE_TOO_LARGE_MESSAGE, code: 'PAYLOAD_TOO_LARGE' });
      expect(listDir('headers')).toEqual(before);
    });

    it('takes a header image of exactly 5 MB and refuses one byte more as "at most 5MB"', async () => {
      const curator = await buildUser(ctx, { role: 'curator' });
      // A small PNG padded after its end: decoders stop at IEND, so the file is an image of any size.
      const padded = async (bytes: number) => {
        const image = await png(40, 20);
        return Buffer.concat([image, Buffer.alloc(bytes - image.length)]);
      };
      const exact = await post(HEADER, form('headerImage', await padded(5 * 1024 * 1024)), curator);
      expect(exact.statusCode).toBe(200);
      const over = await post(HEADER, form('headerImage', await padded(5 * 1024 * 1024 + 1)), curator);
      expect(over.statusCode).toBe(413);
      expect(over.json()).toEqual({ message: 'Image must be at most 5MB', code: 'PAYLOAD_TOO_LARGE' });
    });

    it('refuses non-images with 400', async () => {
      const curator = await buildUser(ctx, { role: 'curator' });
      const res = await post(
        HEADER,
        form('headerImage', Buffer.from('not a picture'), 'image/png', 'x.png'),
        curator,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: NOT_AN_IMAGE_MESSAGE, code: 'INVALID_IMAGE' });
      expect((await post(HEADER, form('avatar', await png(20, 20)), curator)).json().message).toBe(
        NOT_AN_IMAGE_MESSAGE,
      );
    });

    it('refuses listeners with 403 and visitors with 401, storing nothing', async () => {
      const listener = await buildUser(ctx);
      const before = listDir('headers');
      const res = await post(HEADER, form('headerImage', await png(400, 100)), listener);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Unauthorized access', code: 'FORBIDDEN' });
      expect((await post(HEADER, form('headerImage', await png(400, 100)))).statusCode).toBe(401);
      expect(listDir('headers')).toEqual(before);
      expect((await storedUser(listener.user._id)).headerImageUrl).toBeNull();
    });
  });

  describe('when the database write fails', () => {
    it('removes the new file, keeps the previous image and answers 500', async () => {
      const curator = await buildUser(ctx, { role: 'curator' });
      const avatar = (await post(AVATAR, form('avatar', await png(64, 64)), curator)).json().avatar as string;
      const header = (await post(HEADER, form('headerImage', await png(640, 200)), curator)).json()
        .headerImage as string;
      const avatarsBefore = listDir('avatars');
      const headersBefore = listDir('headers');

      // Any change of this user's profile images now fails inside the transaction.
      await ctx.database.db.execute(sql`
        create or replace function refuse_profile_image() returns trigger language plpgsql as $$
        begin raise exception 'profile image writes are refused for this test'; end $$`);
      await ctx.database.db.execute(
        sql.raw(`create trigger refuse_profile_image before update of avatar_url, header_image_url on users
          for each row when (new.id = '${curator.user._id}') execute function refuse_profile_image()`),
      );
      try {
        const a = await post(AVATAR, form('avatar', await png(64, 64, '#000000')), curator);
        expect(a.statusCode).toBe(500);
        expect(a.json().code).toBe('INTERNAL_ERROR');
        const h = await post(HEADER, form('headerImage', await png(640, 200, '#000000')), curator);
        expect(h.statusCode).toBe(500);
      } finally {
        await ctx.database.db.execute(sql`drop trigger refuse_profile_image on users`);
        await ctx.database.db.execute(sql`drop function refuse_profile_image()`);
      }

      expect(listDir('avatars')).toEqual(avatarsBefore);
      expect(listDir('headers')).toEqual(headersBefore);
      expect(existsSync(fileOf(avatar))).toBe(true);
      expect(existsSync(fileOf(header))).toBe(true);
      expect((await mediaRows(curator.user._id, 'avatar')).map((r) => r.storageKey)).toEqual([keyOf(avatar)]);
      expect((await mediaRows(curator.user._id, 'header')).map((r) => r.storageKey)).toEqual([keyOf(header)]);
      const row = await storedUser(curator.user._id);
      expect([row.avatarUrl, row.headerImageUrl]).toEqual([avatar, header]);
    });
  });
});
