import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Josie } from '@josie/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { josies, media } from '../../db/schema.js';
import { createSafeFetcher } from '../../lib/ssrf.js';
import {
  atCurrentVersion,
  buildJosie,
  buildJosieViaApi,
  buildMedia,
  buildUser,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { type ImagesHost, STANDIN_CA, startImagesHost } from '../../test/standins/images-host.js';
import { IMPORTS_PER_MINUTE } from '../images/index.js';
import { isProviderArtwork } from './media-rules.js';
import { fullParagraphs, josieForm, MEDIA, pngImage } from './testing.js';

/**
 * What a josie may show (docs/decisions/0036-media-limits-and-provenance.md): its creator's own uploads,
 * copies of linked images made at save, item artwork from the providers' image servers; and what an
 * account's deletion removes.
 */
describe('josies: the pictures a josie may show', () => {
  let ctx: TestContext;
  let host: ImagesHost;
  let curator: TestUser;
  let other: TestUser;
  let editor: TestUser;
  let port: string;

  beforeAll(async () => {
    host = await startImagesHost();
    port = new URL(host.url).port;
    // Names under josie.test reach the local image host (its certificate covers them).
    const imageFetcher = createSafeFetcher({
      resolve: async (name) => (name.endsWith('.josie.test') ? ['127.0.0.1'] : []),
      allowAddress: (address) => address === '127.0.0.1',
      extraCa: STANDIN_CA,
      timeoutMs: 10_000,
      maxBytes: 5 * 1024 * 1024,
    });
    ctx = await createTestContext({}, { imageFetcher });
    curator = await buildUser(ctx, { role: 'curator' });
    other = await buildUser(ctx, { role: 'curator' });
    editor = await buildUser(ctx, { role: 'editor' });
  });
  afterAll(async () => {
    await ctx.close();
    await host.close();
  });

  const db = () => ctx.database.db;
  const post = (user: TestUser, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/josies', headers: user.auth, payload });
  const put = async (user: TestUser, id: string, payload: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/josies/${id}`,
      headers: user.auth,
      payload: await atCurrentVersion(ctx, id, payload),
    });
  const upload = async (user: TestUser) => {
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'a.png');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/images/upload',
      headers: user.auth,
      payload: form,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { urls: string[] }).urls[0]!;
  };
  const putFile = (key: string) => {
    const path = join(ctx.dataDir, 'media', key);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, 'image bytes');
    return path;
  };
  const ownerOf = async (url: string) =>
    (
      await db()
        .select()
        .from(media)
        .where(eq(media.storageKey, url.replace('/media/', '')))
    )[0]?.ownerId;

  describe('stored files', () => {
    it("refuses another user's upload or avatar with 403 MEDIA_NOT_OWNED, and a /media path we do not store", async () => {
      const theirs = await upload(other);
      const avatar = await buildMedia(ctx, { owner: other, kind: 'avatar' });
      for (const content of [theirs, `/media/${avatar.storageKey}`, '/media/josies/never-stored.webp']) {
        const res = await post(curator, { title: 'Borrowed', paragraphs: [{ type: 'image', content }] });
        expect(res.statusCode, content).toBe(403);
        expect(res.json()).toMatchObject({ code: 'MEDIA_NOT_OWNED' });
      }
      expect(await db().select().from(josies).where(eq(josies.title, 'Borrowed'))).toEqual([]);
    });

    it("accepts the writer's own upload", async () => {
      const mine = await upload(curator);
      const res = await post(curator, { title: 'Mine', paragraphs: [{ type: 'image', content: mine }] });
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json() as Josie).paragraphs).toEqual([{ type: 'image', content: mine }]);
    });

    it("keeps what a josie already shows, and gives an editor's upload to the josie's creator", async () => {
      // A josie from before the rule shows another user's upload: an edit may keep it.
      const theirs = await upload(other);
      const legacy = await buildJosie(ctx, {
        creator: curator,
        paragraphs: [{ type: 'image', content: theirs }],
      });
      const kept = await put(curator, legacy.id, {
        title: 'Kept',
        paragraphs: [{ type: 'image', content: theirs }],
      });
      expect(kept.statusCode, kept.body).toBe(200);

      // An editor picks an image for a curator's pending josie: the file becomes the curator's.
      const pending = await buildJosieViaApi(ctx, curator, { title: 'Needs a cover' });
      const editorsUpload = await upload(editor);
      const edited = await put(editor, pending._id, {
        title: 'Covered',
        paragraphs: [{ type: 'image', content: editorsUpload }],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await ownerOf(editorsUpload)).toBe(curator.user._id);
      // The editor may not bring in a third user's file either.
      const third = await upload(other);
      const refused = await put(editor, pending._id, {
        title: 'Covered',
        paragraphs: [{ type: 'image', content: third }],
      });
      expect(refused.statusCode).toBe(403);
    });

    it('deletes every upload and media row of a deleted account, even one another josie shows', async () => {
      const leaving = await buildUser(ctx, { role: 'curator' });
      await buildMedia(ctx, { owner: leaving, kind: 'josie-image', storageKey: 'josies/leaving-shown.webp' });
      await buildMedia(ctx, { owner: leaving, kind: 'avatar', storageKey: 'avatars/leaving.webp' });
      const files = [putFile('josies/leaving-shown.webp'), putFile('avatars/leaving.webp')];
      // Shown by someone else's josie from before the rule.
      await buildJosie(ctx, {
        creator: other,
        paragraphs: [{ type: 'image', content: '/media/josies/leaving-shown.webp' }],
      });
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/users/me',
        headers: leaving.auth,
        payload: { password: leaving.password },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        await db().select().from(media).where(eq(media.storageKey, 'josies/leaving-shown.webp')),
      ).toEqual([]);
      expect(await db().select().from(media).where(eq(media.storageKey, 'avatars/leaving.webp'))).toEqual([]);
      for (const file of files) expect(existsSync(file), file).toBe(false);
      expect((await ctx.app.inject({ url: '/media/josies/leaving-shown.webp' })).statusCode).toBe(404);
    });
  });

  describe('linked images', () => {
    it('stores a copy of a linked image at save, owned by the writer, and shows the copy', async () => {
      const link = `https://images.josie.test:${port}/photo.png`;
      const res = await post(curator, { title: 'Copied', paragraphs: [{ type: 'image', content: link }] });
      expect(res.statusCode, res.body).toBe(201);
      const shown = (res.json() as Josie).paragraphs[0]!.content as string;
      expect(shown).toMatch(/^\/media\/josies\/[0-9a-f-]+\.webp$/);
      expect(await ownerOf(shown)).toBe(curator.user._id);
      expect((await ctx.app.inject({ url: shown })).statusCode).toBe(200);
    });

    it('refuses a link the safe fetcher refuses, writing nothing', async () => {
      for (const [content, code] of [
        ['https://internal.example.invalid/cat.png', 'IMAGE_FETCH_FAILED'],
        [`https://images.josie.test:${port}/text.txt`, 'INVALID_IMAGE'],
      ] as const) {
        const res = await post(curator, { title: 'Tracker', paragraphs: [{ type: 'image', content }] });
        expect(res.statusCode, content).toBe(400);
        expect(res.json().code, content).toBe(code);
      }
      expect(await db().select().from(josies).where(eq(josies.title, 'Tracker'))).toEqual([]);
    });

    it('counts writes that carry an image per user, like /api/images/upload', async () => {
      const writer = await buildUser(ctx, { role: 'curator' });
      // Writes without an image are not counted.
      for (let i = 0; i < 3; i++) {
        expect((await post(writer, { title: 'Plain', paragraphs: fullParagraphs() })).statusCode).toBe(201);
      }
      const image = await pngImage(8, 8);
      for (let i = 0; i < IMPORTS_PER_MINUTE; i++) {
        const res = await post(writer, josieForm({ title: `Pic ${i}`, paragraphs: [] }, { bytes: image }));
        expect(res.statusCode, res.body).toBe(201);
      }
      const over = await post(writer, josieForm({ title: 'One too many', paragraphs: [] }, { bytes: image }));
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(over.headers['retry-after']).toBeDefined();
      // Another user is not held back.
      const fresh = await post(other, josieForm({ title: 'Other', paragraphs: [] }, { bytes: image }));
      expect(fresh.statusCode).toBe(201);
    });
  });

  describe('item artwork', () => {
    const audio = (image: string | null) => ({
      type: 'audioItem',
      content: { name: 'Blinding Lights', url: MEDIA.track, image },
    });
    const video = (thumbnailUrl: string | null) => ({
      type: 'video',
      content: { url: MEDIA.video, title: 'Bohemian Rhapsody', channelTitle: 'Queen', thumbnailUrl },
    });

    it("accepts the providers' image servers", async () => {
      const res = await post(curator, {
        title: 'Covers',
        paragraphs: [
          audio('https://i.scdn.co/image/ab67616d0000b273'),
          video('https://i.ytimg.com/vi/fJ9rUzIMcZQ/hqdefault.jpg'),
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
    });

    it('refuses a picture from any other host with 400 ARTWORK_HOST_NOT_ALLOWED', async () => {
      for (const paragraphs of [
        [audio('https://tracker.example.com/pixel.png')],
        [video('https://tracker.example.com/pixel.png')],
        [audio('https://i.scdn.co.tracker.example.com/x.png')],
        [audio('/media/josies/someone.webp')],
      ]) {
        const res = await post(curator, { title: 'Pixel', paragraphs });
        expect(res.statusCode, JSON.stringify(paragraphs)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'ARTWORK_HOST_NOT_ALLOWED' });
      }
    });

    it('keeps a picture the josie already shows (the demo seed stores its covers)', async () => {
      const legacy = await buildJosie(ctx, {
        creator: curator,
        paragraphs: [
          {
            type: 'audioItem',
            content: {
              name: 'Old',
              type: 'track',
              url: MEDIA.track,
              provider: 'spotify',
              image: '/media/demo/cover.webp',
            },
          },
        ],
      });
      const res = await put(curator, legacy.id, {
        title: 'Still old',
        paragraphs: [audio('/media/demo/cover.webp')],
      });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('matches whole host names under the list', () => {
      expect(isProviderArtwork('https://mosaic.scdn.co/640/a')).toBe(true);
      expect(isProviderArtwork('https://image-cdn-ak.spotifycdn.com/image/a')).toBe(true);
      expect(isProviderArtwork('https://yt3.ggpht.com/a')).toBe(true);
      expect(isProviderArtwork('https://evilscdn.co/a')).toBe(false);
      expect(isProviderArtwork('http://i.scdn.co/a')).toBe(false);
      expect(isProviderArtwork('https://i.scdn.co:8443/a')).toBe(false);
      expect(isProviderArtwork('https://lh4.googleusercontent.com/a')).toBe(false);
    });
  });
});
