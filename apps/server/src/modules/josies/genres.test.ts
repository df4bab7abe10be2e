import type { FeedResponse, Josie, MyJosiesResponse, PreferenceOptionsResponse } from '@josie/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveJosie, atCurrentVersion, buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { fullParagraphs, josieForm } from './testing.js';

// A josie's genres: at most 3 from the live genre list, stored in its spelling; a genre removed from the
// list stays on the josies that have it (docs/product/rules-and-limits.md#josies, decision 0020).
describe('josies: genres', () => {
  let ctx: TestContext;
  let curator: TestUser;
  let editor: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    curator = await buildUser(ctx, { role: 'curator' });
    editor = await buildUser(ctx, { role: 'editor' });
    admin = await buildUser(ctx, { role: 'admin' });
  });
  afterAll(() => ctx.close());

  const create = (payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/josies', headers: curator.auth, payload });
  const edit = async (id: string, payload: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/josies/${id}`,
      headers: curator.auth,
      payload: await atCurrentVersion(ctx, id, payload),
    });
  const body = (genres: unknown) => ({ title: 'Tagged', paragraphs: fullParagraphs(), genres });

  it('stores up to 3 genres from a multipart form in the list spelling, duplicates dropped', async () => {
    const res = await create(
      josieForm({ title: 'Late night', paragraphs: fullParagraphs(), genres: ['jazz', ' SOUL ', 'Jazz'] }),
    );
    expect(res.statusCode).toBe(201);
    const josie = res.json() as Josie;
    expect(josie.genres).toEqual(['Jazz', 'Soul']);

    const read = await ctx.app.inject({ url: `/api/josies/${josie._id}`, headers: curator.auth });
    expect((read.json() as Josie).genres).toEqual(['Jazz', 'Soul']);
    const mine = await ctx.app.inject({ url: '/api/josies/my-josies', headers: curator.auth });
    const listed = (mine.json() as MyJosiesResponse).data.posts.find((p) => p._id === josie._id);
    expect(listed?.genres).toEqual(['Jazz', 'Soul']);
  });

  it('answers none when the form sends none', async () => {
    const res = await create({ title: 'Untagged', paragraphs: fullParagraphs() });
    expect(res.statusCode).toBe(201);
    expect((res.json() as Josie).genres).toEqual([]);
  });

  it('refuses more than 3 genres with 400 and writes nothing', async () => {
    const res = await create(body(['Jazz', 'Soul', 'Funk', 'Disco']));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.json().message).toMatch(/at most 3 genres/);
  });

  it('refuses a genre not in the live list with 400 UNKNOWN_LIST_ENTRY', async () => {
    const res = await create(body(['Jazz', 'Vaporwave']));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Unknown genre: Vaporwave', code: 'UNKNOWN_LIST_ENTRY' });
  });

  it('refuses genres that are not a JSON array of names with 400', async () => {
    const form = josieForm({ title: 'Broken', paragraphs: fullParagraphs() });
    form.append('genres', '[Jazz');
    const notJson = await create(form);
    expect(notJson.statusCode).toBe(400);
    expect((await create(body([1, 2]))).statusCode).toBe(400);
    expect((await create(body('Jazz'))).statusCode).toBe(400);
  });

  it('replaces the genres on edit, and keeps one removed from the list since', async () => {
    const created = (await create(body(['Funk', 'Disco']))).json() as Josie;
    const edited = await edit(created._id, body(['Disco', 'house']));
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as Josie).genres).toEqual(['Disco', 'House']);

    // An admin removes Disco from the live list.
    const options = (
      await ctx.app.inject({ url: '/api/preferences/options' })
    ).json() as PreferenceOptionsResponse;
    const disco = options.genres.find((g) => g.name === 'Disco')!;
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/preferences/genres/${disco._id}`,
      headers: admin.auth,
    });
    expect(removed.statusCode).toBe(200);

    // The josie still shows it, an edit may keep it (any spelling), but no josie can newly choose it.
    const read = await ctx.app.inject({ url: `/api/josies/${created._id}`, headers: curator.auth });
    expect((read.json() as Josie).genres).toEqual(['Disco', 'House']);
    const kept = await edit(created._id, body(['disco', 'Techno']));
    expect(kept.statusCode).toBe(200);
    expect((kept.json() as Josie).genres).toEqual(['Disco', 'Techno']);
    const fresh = await create(body(['Disco']));
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json()).toMatchObject({ code: 'UNKNOWN_LIST_ENTRY' });
    // Once dropped, it cannot come back.
    expect((await edit(created._id, body(['Techno']))).statusCode).toBe(200);
    expect((await edit(created._id, body(['Disco', 'Techno']))).statusCode).toBe(400);
  });

  it('keeps the genres on a reviewer edit and carries them in the feed', async () => {
    const created = (await create(body(['Blues']))).json() as Josie;
    const byEditor = await ctx.app.inject({
      method: 'PUT',
      url: `/api/josies/${created._id}`,
      headers: editor.auth,
      payload: { ...body(['Blues', 'Rock']), baseVersion: created.version },
    });
    expect(byEditor.statusCode).toBe(200);
    await approveJosie(ctx, editor, created._id);
    const feed = await ctx.app.inject({ url: '/api/josies/feed', headers: curator.auth });
    expect(feed.statusCode).toBe(200);
    const post = (feed.json() as FeedResponse).data.posts.find((p) => p._id === created._id);
    expect(post?.genres).toEqual(['Blues', 'Rock']);
  });
});
