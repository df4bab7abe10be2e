/**
 * Two tabs editing one josie (docs/decisions/0041-edits-carry-their-version.md): an edit names the version it
 * started from, and one based on a version another save has moved past is refused with 409
 * `STALE_VERSION`, writing nothing (neither the josie nor an uploaded image); overwriting is a save based on
 * the version read again.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES, type Josie, type JosieUpdateBody } from '@josie/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../adapters/storage.js';
import type { Services } from '../../composition.js';
import { josies, media } from '../../db/schema.js';
import type { AuthUser } from '../../plugins/auth.js';
import { buildJosieViaApi, buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, createTestServices, type TestContext } from '../../test/harness.js';
import { josieForm, pngImage } from './testing.js';

describe('edits carry the version they were based on', () => {
  let ctx: TestContext;
  let curator: TestUser;
  let editor: TestUser;

  const put = (user: TestUser, id: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: `/api/josies/${id}`, headers: user.auth, payload });
  const read = async (id: string) =>
    (await ctx.app.inject({ url: `/api/josies/${id}`, headers: curator.auth })).json() as Josie;
  const row = async (id: string) =>
    (await ctx.database.db.select().from(josies).where(eq(josies.id, id)))[0]!;
  const uploaded = () => {
    const dir = join(ctx.dataDir, 'media', 'josies');
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };
  const mediaRows = () => ctx.database.db.select({ key: media.storageKey }).from(media);
  const text = (content: string) => [{ type: 'text', content }];

  beforeAll(async () => {
    ctx = await createTestContext();
    curator = await buildUser(ctx, { role: 'curator' });
    editor = await buildUser(ctx, { role: 'editor' });
  });
  afterAll(() => ctx.close());

  it('starts a josie at version 1 and moves it on by one with each saved edit', async () => {
    const josie = await buildJosieViaApi(ctx, curator, { title: 'Counted' });
    expect(josie.version).toBe(1);
    const edited = await put(curator, josie._id, { title: 'Counted again', paragraphs: [], baseVersion: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Counted again', version: 2 });
    expect((await read(josie._id)).version).toBe(2);
  });

  it('refuses the second of two saves from one version (409 STALE_VERSION) and keeps the first', async () => {
    const josie = await buildJosieViaApi(ctx, curator, { title: 'Opened twice' });
    // Tab A (the creator) and tab B (an editor) opened it at the same version; A saves first.
    const first = await put(curator, josie._id, {
      title: 'Tab A',
      paragraphs: text('A words'),
      baseVersion: josie.version,
    });
    expect(first.statusCode, first.body).toBe(200);

    const second = await put(editor, josie._id, {
      title: 'Tab B',
      paragraphs: text('B words'),
      baseVersion: josie.version,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      message:
        'This josie was changed since you opened it: load it again, or save again with its current version',
      code: ERROR_CODES.STALE_VERSION,
    });
    expect(await read(josie._id)).toMatchObject({ title: 'Tab A', text: 'A words', version: 2 });
  });

  it('overwrites when the save names the version read again', async () => {
    const josie = await buildJosieViaApi(ctx, curator, { title: 'Overwritten' });
    await put(curator, josie._id, { title: 'Theirs', paragraphs: [], baseVersion: josie.version });
    const stale = await put(editor, josie._id, { title: 'Mine', paragraphs: [], baseVersion: josie.version });
    expect(stale.statusCode).toBe(409);
    const current = await read(josie._id);
    const overwrite = await put(editor, josie._id, {
      title: 'Mine',
      paragraphs: [],
      baseVersion: current.version,
    });
    expect(overwrite.statusCode, overwrite.body).toBe(200);
    expect(overwrite.json()).toMatchObject({ title: 'Mine', version: 3 });
  });

  it('refuses a save without a version, or with one that is not a whole number from 1 (400)', async () => {
    const josie = await buildJosieViaApi(ctx, curator, { title: 'Unversioned' });
    for (const baseVersion of [undefined, 0, -1, 1.5, 'one', null]) {
      const res = await put(curator, josie._id, { title: 'Blind overwrite', paragraphs: [], baseVersion });
      expect(res.statusCode, String(baseVersion)).toBe(400);
      expect(res.json().code).toBe(ERROR_CODES.VALIDATION);
      expect(res.json().message).toMatch(/baseVersion/);
    }
    expect(await row(josie._id)).toMatchObject({ title: 'Unversioned', version: 1 });
  });

  it('reads the version from a multipart form, and refuses a stale one there without storing the image', async () => {
    const josie = await buildJosieViaApi(ctx, curator, { title: 'Form' });
    const ok = await put(curator, josie._id, josieForm({ title: 'Form 2', paragraphs: [], baseVersion: 1 }));
    expect(ok.statusCode, ok.body).toBe(200);
    const [files, rows] = [uploaded(), await mediaRows()];

    const stale = await put(
      curator,
      josie._id,
      josieForm({ title: 'Form, stale', paragraphs: [], baseVersion: 1 }, { bytes: await pngImage() }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(ERROR_CODES.STALE_VERSION);
    expect(uploaded()).toEqual(files);
    expect(await mediaRows()).toEqual(rows);
    expect(await row(josie._id)).toMatchObject({ title: 'Form 2', version: 2, paragraphs: [] });
  });

  it('writes nothing when another save lands while the image is being stored (judged on the locked row)', async () => {
    const josie = await buildJosieViaApi(ctx, curator, { title: 'Raced' });
    const [files, rows] = [uploaded(), await mediaRows()];
    // Storing the upload is the last step before the edit's transaction: another tab's save commits then.
    const storage = createStorage(ctx.config);
    const racing: typeof storage = {
      ...storage,
      put: async (key, bytes, type) => {
        await storage.put(key, bytes, type);
        await ctx.database.db
          .update(josies)
          .set({ title: 'The other tab', version: sql`${josies.version} + 1` })
          .where(eq(josies.id, josie._id));
      },
    };
    const services: Services = createTestServices(ctx, { storage: racing });
    const actor: AuthUser = {
      id: curator.user._id,
      role: 'curator',
      sessionId: crypto.randomUUID(),
      email: curator.user.email,
      name: curator.user.name,
    };
    const body: JosieUpdateBody = {
      title: 'This tab',
      paragraphs: [{ type: 'image', content: '' }],
      genres: [],
      baseVersion: josie.version,
    };
    await expect(services.josies.update(actor, josie._id, body, await pngImage())).rejects.toMatchObject({
      statusCode: 409,
      code: ERROR_CODES.STALE_VERSION,
    });
    // The file stored for it is removed again and no media row was written.
    expect(uploaded()).toEqual(files);
    expect(await mediaRows()).toEqual(rows);
    expect(await row(josie._id)).toMatchObject({ title: 'The other tab', version: 2, status: 'pending' });
  });

  it('leaves the version alone on a review and a like: only edits move it', async () => {
    const josie = await buildJosieViaApi(ctx, curator, { title: 'Reviewed' });
    const approved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/josies/${josie._id}/approve`,
      headers: editor.auth,
    });
    expect(approved.json()).toMatchObject({ status: 'published', version: 1 });
    const liked = await ctx.app.inject({
      method: 'POST',
      url: `/api/josies/${josie._id}/like`,
      headers: editor.auth,
    });
    expect(liked.statusCode).toBe(200);
    expect(await row(josie._id)).toMatchObject({ likeCount: 1, version: 1 });
    const edited = await put(curator, josie._id, {
      title: 'Reviewed, edited',
      paragraphs: [],
      baseVersion: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
  });

  // PGlite is one connection: its transactions never overlap, so only PostgreSQL can race two saves.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'lets exactly one of two concurrent saves from one version win (PostgreSQL only)',
    async () => {
      const josie = await buildJosieViaApi(ctx, curator, { title: 'Concurrent' });
      for (let round = 0; round < 5; round++) {
        const base = (await row(josie._id)).version;
        const results = await Promise.all(
          [curator, editor].map((user, i) =>
            put(user, josie._id, { title: `Round ${round}, tab ${i}`, paragraphs: [], baseVersion: base }),
          ),
        );
        const statuses = results.map((r) => r.statusCode).sort();
        expect(statuses, `round ${round}`).toEqual([200, 409]);
        const winner = results.find((r) => r.statusCode === 200)!.json() as Josie;
        expect(await row(josie._id), `round ${round}`).toMatchObject({
          title: winner.title,
          version: base + 1,
        });
      }
    },
  );
});
