import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Josie, LIMITS } from '@josie/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { media } from '../../db/schema.js';
import { createEventBus, type DomainEvents } from '../../realtime/bus.js';
import {
  approveJosie,
  atCurrentVersion,
  buildJosieViaApi,
  buildMedia,
  buildUser,
  rejectJosie,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { countQueries } from '../../test/queries.js';
import { fullParagraphs, josieForm, jpegWithExif, MEDIA, pngImage } from './testing.js';

type Role = 'visitor' | 'listener' | 'curator' | 'otherCurator' | 'editor' | 'admin';

describe('josies: authoring, reading, permissions', () => {
  let ctx: TestContext;
  let users: Record<Exclude<Role, 'visitor'>, TestUser>;
  const events: { name: keyof DomainEvents; payload: unknown }[] = [];
  const headers = (role: Role) => (role === 'visitor' ? {} : users[role].auth);
  const mediaFile = (url: string) => join(ctx.dataDir, url.replace(/^\/media\//, 'media/'));

  beforeAll(async () => {
    // The app's bus, substituted so that the test hears the domain events published after commit.
    const bus = createEventBus(() => {});
    ctx = await createTestContext({}, { bus });
    for (const name of ['josie.published', 'josie.unpublished'] as const) {
      bus.subscribe(name, (payload) => {
        events.push({ name, payload });
      });
    }
    users = {
      listener: await buildUser(ctx),
      curator: await buildUser(ctx, { role: 'curator', name: 'Maya' }),
      otherCurator: await buildUser(ctx, { role: 'curator' }),
      editor: await buildUser(ctx, { role: 'editor' }),
      admin: await buildUser(ctx, { role: 'admin' }),
    };
  });
  afterAll(() => ctx.close());

  const post = (role: Role, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/josies', headers: headers(role), payload });
  // An edit of the josie as it is now (its current version, docs/decisions/0041-edits-carry-their-version.md).
  const put = async (role: Role, id: string, payload: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/josies/${id}`,
      headers: headers(role),
      payload: await atCurrentVersion(ctx, id, payload),
    });
  const get = (role: Role, id: string) =>
    ctx.app.inject({ url: `/api/josies/${id}`, headers: headers(role) });
  const del = (role: Role, id: string) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/josies/${id}`, headers: headers(role) });

  describe('POST /api/josies', () => {
    it('creates a pending josie from a multipart form with an uploaded image', async () => {
      const paragraphs = fullParagraphs('  Synths and  a  night drive.  ');
      const res = await post(
        'curator',
        josieForm({ title: '  Night Drive  ', paragraphs }, { bytes: await pngImage() }),
      );
      expect(res.statusCode).toBe(201);
      const josie = res.json() as Josie;
      expect(josie).toMatchObject({
        title: 'Night Drive',
        text: 'Synths and  a  night drive.',
        status: 'pending',
        schemaVersion: 2,
        publishedAt: null,
        rejectionReason: null,
        reviews: [],
        likeCount: 0,
        likedByMe: false,
        creator: {
          _id: users.curator.user._id,
          name: 'Maya',
          preferences: { myColor: '#ff69b4', myFont: '' },
        },
      });
      expect(josie.paragraphs.map((p) => p.type)).toEqual(['text', 'image', 'video', 'audioItem']);
      expect(josie.paragraphs[2]).toEqual({
        type: 'video',
        content: {
          url: 'https://www.youtube.com/watch?v=fJ9rUzIMcZQ',
          title: 'Bohemian Rhapsody',
          thumbnailUrl: null,
          channelTitle: 'Queen',
          id: 'fJ9rUzIMcZQ',
          type: 'video',
        },
      });
      expect(josie.paragraphs[3]).toEqual({
        type: 'audioItem',
        content: {
          name: 'Blinding Lights',
          url: 'https://open.spotify.com/track/0VjIjW4GlUZAMYd2vXMi3b',
          provider: 'spotify',
          type: 'track',
          id: '0VjIjW4GlUZAMYd2vXMi3b',
          image: null,
        },
      });

      const image = josie.paragraphs[1]!.content as string;
      expect(image).toMatch(/^\/media\/josies\/[0-9a-f-]{36}\.webp$/);
      const served = await ctx.app.inject({ url: image });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
      const [row] = await ctx.database.db
        .select()
        .from(media)
        .where(eq(media.storageKey, image.replace('/media/', '')));
      expect(row).toMatchObject({
        ownerId: users.curator.user._id,
        kind: 'josie-image',
        width: 64,
        height: 48,
      });
    });

    it('puts the upload in place of an empty image paragraph', async () => {
      const paragraphs = [{ type: 'image', content: '' }, ...fullParagraphs()];
      const res = await post(
        'curator',
        josieForm({ title: 'Order', paragraphs }, { bytes: await pngImage() }),
      );
      expect(res.statusCode).toBe(201);
      expect((res.json() as Josie).paragraphs.map((p) => p.type)).toEqual([
        'image',
        'text',
        'video',
        'audioItem',
      ]);
    });

    it("accepts the same fields as JSON, with the writer's stored image", async () => {
      // A linked image is copied at save (media-rules.test.ts); a stored one must be the writer's.
      await buildMedia(ctx, { owner: users.curator, kind: 'josie-image', storageKey: 'josies/linked.webp' });
      const res = await post('curator', {
        title: 'Linked',
        paragraphs: [{ type: 'image', content: '/media/josies/linked.webp' }],
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().paragraphs).toEqual([{ type: 'image', content: '/media/josies/linked.webp' }]);
    });

    it.each([
      ['visitor', 401],
      ['listener', 403],
      ['editor', 403],
      ['admin', 403],
    ] as const)('refuses a %s with %i', async (role, status) => {
      const res = await post(role, josieForm({ title: 'No', paragraphs: [] }));
      expect(res.statusCode).toBe(status);
    });

    const refusals: [string, object, RegExp][] = [
      ['a missing title', { paragraphs: '[]' }, /Title is required/],
      ['a blank title', { title: '   ', paragraphs: '[]' }, /Title is required/],
      ['paragraphs that are not JSON', { title: 'T', paragraphs: '[{' }, /JSON array/],
      [
        'an unknown paragraph type',
        { title: 'T', paragraphs: [{ type: 'poll', content: 'x' }] },
        /Unknown paragraph type/,
      ],
      [
        'a second image',
        {
          title: 'T',
          paragraphs: [
            { type: 'image', content: 'https://images.example.com/a.jpg' },
            { type: 'image', content: 'https://images.example.com/b.jpg' },
          ],
        },
        /at most one image/,
      ],
      [
        'a second video',
        { title: 'T', paragraphs: [fullParagraphs()[1], fullParagraphs()[1]] },
        /at most one video/,
      ],
      [
        'a second audio item',
        { title: 'T', paragraphs: [fullParagraphs()[2], fullParagraphs()[2]] },
        /at most one audio item/,
      ],
      [
        'an audio link of another site',
        { title: 'T', paragraphs: [{ type: 'audioItem', content: { url: 'https://example.com/a.mp3' } }] },
        /Spotify/,
      ],
      [
        'a Spotify artist page as audio',
        {
          title: 'T',
          paragraphs: [
            { type: 'audioItem', content: { url: 'https://open.spotify.com/artist/0TnOYISbd1XYRBk9myaseg' } },
          ],
        },
        /Spotify/,
      ],
      [
        'an empty video link',
        { title: 'T', paragraphs: [{ type: 'video', content: { url: ' ' } }] },
        /enter a video URL/,
      ],
      [
        'a video that is not on YouTube',
        { title: 'T', paragraphs: [{ type: 'video', content: { url: 'https://vimeo.com/76979871' } }] },
        /Only YouTube/,
      ],
      [
        'a YouTube link without a valid id',
        {
          title: 'T',
          paragraphs: [{ type: 'video', content: { url: 'https://youtube.com/watch?v=tooShort' } }],
        },
        /no valid YouTube/,
      ],
      [
        'an http image',
        { title: 'T', paragraphs: [{ type: 'image', content: 'http://images.example.com/a.jpg' }] },
        /https/,
      ],
      [
        'a javascript: image',
        { title: 'T', paragraphs: [{ type: 'image', content: 'javascript:alert(1)' }] },
        /https/,
      ],
      [
        'an empty image paragraph without a file',
        { title: 'T', paragraphs: [{ type: 'image', content: '' }] },
        /Choose an image/,
      ],
    ];
    it.each(refusals)('refuses %s with 400', async (_case, fields, message) => {
      const { title, paragraphs } = fields as { title?: string; paragraphs?: unknown };
      const form = new FormData();
      if (title !== undefined) form.append('title', title);
      if (paragraphs !== undefined) {
        form.append('paragraphs', typeof paragraphs === 'string' ? paragraphs : JSON.stringify(paragraphs));
      }
      const res = await post('curator', form);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().message).toMatch(message);
    });

    it('keeps only the first non-empty text paragraph', async () => {
      const res = await post('curator', {
        title: 'Texts',
        paragraphs: [
          { type: 'text', content: '  ' },
          { type: 'text', content: 'First' },
          { type: 'text', content: 'Second' },
        ],
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().paragraphs).toEqual([{ type: 'text', content: 'First' }]);
      expect(res.json().text).toBe('First');
    });

    it('refuses an image over 5 MB with 413 and stores nothing', async () => {
      const before = await ctx.database.db.select().from(media);
      const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
      const res = await post('curator', josieForm({ title: 'Big', paragraphs: [] }, { bytes: big }));
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
      expect(await ctx.database.db.select().from(media)).toHaveLength(before.length);
    });

    it('refuses a small file with too many pixels for what it is, not for its size', async () => {
      const before = await ctx.database.db.select().from(media);
      // 8000 × 7000: 56 megapixels in a few hundred KB of PNG.
      const huge = await pngImage(8000, 7000);
      expect(huge.length).toBeLessThan(LIMITS.imageMaxBytes);
      const res = await post('curator', josieForm({ title: 'Huge', paragraphs: [] }, { bytes: huge }));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        code: 'IMAGE_TOO_MANY_PIXELS',
        message:
          'The image is 8000 × 7000 pixels; at most 50 megapixels are accepted. Please use a smaller image.',
      });
      expect(await ctx.database.db.select().from(media)).toHaveLength(before.length);
    });

    it('refuses a file that is not an image with 400 and stores nothing', async () => {
      const before = await ctx.database.db.select().from(media);
      const res = await post(
        'curator',
        josieForm(
          { title: 'Fake', paragraphs: [] },
          { bytes: Buffer.from('GIF89a but really a text file'), type: 'image/gif', name: 'a.gif' },
        ),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The file is not a valid image', code: 'INVALID_IMAGE' });
      expect(await ctx.database.db.select().from(media)).toHaveLength(before.length);
    });

    it('refuses a file in another field with 400', async () => {
      const res = await post(
        'curator',
        josieForm({ title: 'Field', paragraphs: [] }, { bytes: await pngImage(), field: 'avatar' }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/send the image as "image"/);
    });

    it('treats an empty file input as no file', async () => {
      const res = await post(
        'curator',
        josieForm({ title: 'Empty file', paragraphs: [] }, { bytes: Buffer.alloc(0) }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().paragraphs).toEqual([]);
    });

    it('stores uploads upright and without their metadata', async () => {
      const res = await post(
        'curator',
        josieForm({ title: 'Exif', paragraphs: [] }, { bytes: await jpegWithExif(80, 40) }),
      );
      expect(res.statusCode).toBe(201);
      const stored = readFileSync(mediaFile(res.json().paragraphs[0].content));
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 40, height: 80 });
      expect(meta.exif).toBeUndefined();
      expect(stored.includes(Buffer.from('TestCam'))).toBe(false);
    });
  });

  describe('GET /api/josies/:id', () => {
    let pending: Josie;
    let rejected: Josie;
    let published: Josie;
    beforeAll(async () => {
      pending = await buildJosieViaApi(ctx, users.curator, { title: 'Pending one' });
      rejected = await buildJosieViaApi(ctx, users.curator, { title: 'Rejected one' });
      await rejectJosie(ctx, users.editor, rejected._id, 'Needs more words');
      published = await buildJosieViaApi(ctx, users.curator, { title: 'Published one' });
      await rejectJosie(ctx, users.editor, published._id, 'Earlier note');
      await put('curator', published._id, { title: 'Published one', paragraphs: fullParagraphs() });
      published = await approveJosie(ctx, users.editor, published._id);
    });

    it.each(['visitor', 'listener', 'curator', 'otherCurator', 'editor', 'admin'] as const)(
      'shows a published josie to a %s',
      async (role) => {
        const res = await get(role, published._id);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ _id: published._id, status: 'published', title: 'Published one' });
      },
    );

    it('shows the review history only to the creator, editors and admins', async () => {
      for (const role of ['visitor', 'listener', 'otherCurator'] as const) {
        const body = (await get(role, published._id)).json();
        expect(body.reviews, role).toEqual([]);
        expect(body.rejectionReason, role).toBeNull();
      }
      for (const role of ['curator', 'editor', 'admin'] as const) {
        const body = (await get(role, published._id)).json();
        expect(
          body.reviews.map((r: { action: string }) => r.action),
          role,
        ).toEqual(['rejected', 'approved']);
        expect(body.rejectionReason, role).toBe('Earlier note');
      }
    });

    it("tells each viewer what they may do, by the services' rules, cached or not (decision 0015)", async () => {
      const none = { edit: false, review: false, delete: false, seeReviews: false };
      const own = { edit: true, review: false, delete: true, seeReviews: true };
      const reviewing = { edit: true, review: true, delete: false, seeReviews: true };
      const decided = { edit: false, review: false, delete: false, seeReviews: true };
      // Twice each: the second read of a published josie may come from the read cache.
      for (const round of [1, 2]) {
        for (const role of ['visitor', 'listener', 'otherCurator'] as const) {
          expect((await get(role, published._id)).json().abilities, `${role} ${round}`).toEqual(none);
        }
        expect((await get('curator', published._id)).json().abilities, `curator ${round}`).toEqual(own);
        for (const role of ['editor', 'admin'] as const) {
          expect((await get(role, published._id)).json().abilities, `${role} ${round}`).toEqual(decided);
          expect((await get(role, pending._id)).json().abilities, `${role} ${round}`).toEqual(reviewing);
          expect((await get(role, rejected._id)).json().abilities, `${role} ${round}`).toEqual(decided);
        }
        expect((await get('curator', pending._id)).json().abilities, `curator ${round}`).toEqual(own);
      }
    });

    it.each([
      ['visitor', 404],
      ['listener', 404],
      ['otherCurator', 404],
      ['curator', 200],
      ['editor', 200],
      ['admin', 200],
    ] as const)('answers a pending or rejected josie to a %s with %i', async (role, status) => {
      expect((await get(role, pending._id)).statusCode).toBe(status);
      expect((await get(role, rejected._id)).statusCode).toBe(status);
    });

    it('answers 404 alike for unknown and malformed ids', async () => {
      for (const id of [crypto.randomUUID(), 'not-a-uuid', '1']) {
        const res = await get('admin', id);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ message: 'Josie not found', code: 'NOT_FOUND' });
      }
    });
  });

  describe('PUT /api/josies/:id', () => {
    it('sends a published josie back to review when its creator edits it, and announces it', async () => {
      const josie = await buildJosieViaApi(ctx, users.curator, { title: 'Before' });
      await approveJosie(ctx, users.editor, josie._id);
      events.length = 0;
      const res = await put('curator', josie._id, {
        title: 'After',
        paragraphs: [{ type: 'text', content: 'New words' }],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ title: 'After', status: 'pending', text: 'New words' });
      expect(Date.parse(res.json().updatedAt)).toBeGreaterThan(Date.parse(josie.updatedAt));
      await vi.waitFor(() =>
        expect(events).toEqual([
          { name: 'josie.unpublished', payload: { josieId: josie._id, creatorId: users.curator.user._id } },
        ]),
      );
    });

    it('resubmits a rejected josie: pending again, the reason kept for the history', async () => {
      const josie = await buildJosieViaApi(ctx, users.curator);
      await rejectJosie(ctx, users.editor, josie._id, 'Say more');
      const res = await put('curator', josie._id, {
        title: 'Better',
        paragraphs: fullParagraphs('More words.'),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'pending', rejectionReason: 'Say more' });
      expect(res.json().reviews).toHaveLength(1);
    });

    it.each(['editor', 'admin'] as const)(
      'lets a %s edit a pending josie without taking it over',
      async (role) => {
        const josie = await buildJosieViaApi(ctx, users.curator);
        const res = await put(role, josie._id, { title: 'Fixed typo', paragraphs: fullParagraphs('Fixed') });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          title: 'Fixed typo',
          status: 'pending',
          creator: { _id: users.curator.user._id },
        });
      },
    );

    it('refuses a reviewer edit of a josie that is not pending with 403', async () => {
      const published = await buildJosieViaApi(ctx, users.curator);
      await approveJosie(ctx, users.editor, published._id);
      const rejected = await buildJosieViaApi(ctx, users.curator);
      await rejectJosie(ctx, users.editor, rejected._id, 'No');
      for (const id of [published._id, rejected._id]) {
        const res = await put('editor', id, { title: 'Mine now', paragraphs: [] });
        expect(res.statusCode).toBe(403);
      }
      expect((await get('curator', published._id)).json().status).toBe('published');
    });

    it('hides other people’s unpublished josies (404) and refuses editing published ones (403)', async () => {
      const pending = await buildJosieViaApi(ctx, users.curator);
      const published = await buildJosieViaApi(ctx, users.curator);
      await approveJosie(ctx, users.editor, published._id);
      const body = { title: 'Hijack', paragraphs: [] };
      expect((await put('visitor', pending._id, body)).statusCode).toBe(401);
      for (const role of ['listener', 'otherCurator'] as const) {
        expect((await put(role, pending._id, body)).statusCode, role).toBe(404);
        expect((await put(role, published._id, body)).statusCode, role).toBe(403);
      }
      expect((await put('curator', 'nope', body)).statusCode).toBe(404);
      expect((await put('curator', crypto.randomUUID(), body)).statusCode).toBe(404);
    });

    it('refuses an edit by a creator demoted to listener (403); their josie stays out of the queue', async () => {
      const former = await buildUser(ctx, { role: 'curator' });
      const josie = await buildJosieViaApi(ctx, former);
      await approveJosie(ctx, users.editor, josie._id);
      const demoted = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${former.user._id}`,
        headers: users.admin.auth,
        payload: { role: 'listener' },
      });
      expect(demoted.statusCode).toBe(200);
      // The demotion ended their sessions: they sign in again, as a listener.
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: former.user.email, password: former.password },
      });
      const auth = { authorization: `Bearer ${login.json().token}` };
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/josies/${josie._id}`,
        headers: auth,
        payload: { title: 'Back in the queue', paragraphs: fullParagraphs('Sneaky'), baseVersion: 1 },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Only curators can edit their josies', code: 'FORBIDDEN' });
      const after = await ctx.app.inject({ url: `/api/josies/${josie._id}`, headers: auth });
      expect(after.json()).toMatchObject({
        status: 'published',
        title: josie.title,
        abilities: { edit: false, delete: true },
      });
    });

    it('validates the edit like a create', async () => {
      const josie = await buildJosieViaApi(ctx, users.curator);
      const res = await put('curator', josie._id, { title: ' ', paragraphs: [] });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Title is required/);
    });

    it('replaces an uploaded image and deletes the old file; keeps a file still shown', async () => {
      const created = (
        await post('curator', josieForm({ title: 'Pic', paragraphs: [] }, { bytes: await pngImage() }))
      ).json() as Josie;
      const first = created.paragraphs[0]!.content as string;
      // Saving with the same image keeps it.
      const kept = await put(
        'curator',
        created._id,
        josieForm({ title: 'Pic', paragraphs: created.paragraphs }),
      );
      expect(kept.json().paragraphs).toEqual([{ type: 'image', content: first }]);
      expect(existsSync(mediaFile(first))).toBe(true);
      // A new upload takes the image paragraph's place; the old file and its row go.
      const replaced = await put(
        'curator',
        created._id,
        josieForm(
          { title: 'Pic', paragraphs: created.paragraphs },
          { bytes: await pngImage(20, 20, '#000') },
        ),
      );
      expect(replaced.statusCode).toBe(200);
      const second = replaced.json().paragraphs[0].content as string;
      expect(second).not.toBe(first);
      expect(existsSync(mediaFile(second))).toBe(true);
      expect(existsSync(mediaFile(first))).toBe(false);
      const rows = await ctx.database.db
        .select()
        .from(media)
        .where(eq(media.storageKey, first.replace('/media/', '')));
      expect(rows).toEqual([]);
    });
  });

  describe('DELETE /api/josies/:id', () => {
    it('lets the creator delete, removes the uploaded image, and announces a published one leaving', async () => {
      const created = (
        await post('curator', josieForm({ title: 'Bye', paragraphs: [] }, { bytes: await pngImage() }))
      ).json() as Josie;
      await approveJosie(ctx, users.editor, created._id);
      events.length = 0;
      const res = await del('curator', created._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect((await get('curator', created._id)).statusCode).toBe(404);
      expect(existsSync(mediaFile(created.paragraphs[0]!.content as string))).toBe(false);
      await vi.waitFor(() =>
        expect(events).toEqual([
          { name: 'josie.unpublished', payload: { josieId: created._id, creatorId: users.curator.user._id } },
        ]),
      );
    });

    it('refuses everyone else: 401 visitor, 404 when hidden, 403 when visible', async () => {
      const pending = await buildJosieViaApi(ctx, users.curator);
      const published = await buildJosieViaApi(ctx, users.curator);
      await approveJosie(ctx, users.editor, published._id);
      expect((await del('visitor', pending._id)).statusCode).toBe(401);
      for (const role of ['listener', 'otherCurator'] as const) {
        expect((await del(role, pending._id)).statusCode, role).toBe(404);
        expect((await del(role, published._id)).statusCode, role).toBe(403);
      }
      for (const role of ['editor', 'admin'] as const) {
        expect((await del(role, pending._id)).statusCode, role).toBe(403);
        expect((await del(role, published._id)).statusCode, role).toBe(403);
      }
      expect((await del('curator', 'x')).statusCode).toBe(404);
      expect((await get('curator', pending._id)).statusCode).toBe(200);
    });
  });

  describe('GET /api/josies/my-josies', () => {
    it('lists only the caller’s josies, last updated first', async () => {
      const author = await buildUser(ctx, { role: 'curator' });
      const a = await buildJosieViaApi(ctx, author, { title: 'A' });
      const b = await buildJosieViaApi(ctx, author, { title: 'B' });
      await buildJosieViaApi(ctx, users.otherCurator, { title: 'Not mine' });
      const edited = await ctx.app.inject({
        method: 'PUT',
        url: `/api/josies/${a._id}`,
        headers: author.auth,
        payload: { title: 'A2', paragraphs: [], baseVersion: 1 },
      });
      expect(edited.statusCode).toBe(200);
      const res = await ctx.app.inject({ url: '/api/josies/my-josies', headers: author.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.posts.map((p: Josie) => p.title)).toEqual(['A2', 'B']);
      expect(res.json().data.posts.map((p: Josie) => p._id)).toEqual([a._id, b._id]);
    });

    it.each([
      ['visitor', 401],
      ['listener', 403],
      ['editor', 403],
    ] as const)('refuses a %s with %i', async (role, status) => {
      expect(
        (await ctx.app.inject({ url: '/api/josies/my-josies', headers: headers(role) })).statusCode,
      ).toBe(status);
    });

    it('uses the same number of queries for 1 josie and for 6', async () => {
      const author = await buildUser(ctx, { role: 'curator' });
      const list = () => ctx.app.inject({ url: '/api/josies/my-josies', headers: author.auth });
      await buildJosieViaApi(ctx, author);
      const one = await countQueries(ctx, list);
      for (let i = 0; i < 5; i += 1) await buildJosieViaApi(ctx, author);
      const six = await countQueries(ctx, list);
      expect((await list()).json().data.posts).toHaveLength(6);
      expect(six).toBe(one);
      // The list, then the presenter's creators, review histories, and the viewer's likes and saves
      // together; plus the session lookup unless the session cache holds it.
      expect(one).toBeGreaterThanOrEqual(4);
      expect(one).toBeLessThanOrEqual(5);
    });
  });

  it('accepts a Spotify link pasted in any common form and stores the canonical link', async () => {
    const res = await post('curator', {
      title: 'Forms',
      paragraphs: [{ type: 'audioItem', content: { url: `spotify:track:0VjIjW4GlUZAMYd2vXMi3b` } }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().paragraphs[0].content).toMatchObject({ url: MEDIA.track.split('?')[0], name: '' });
  });
});
