import { ATOM_MEDIA_TYPE, FEED_ENTRIES, type Josie } from '@josie/contract';
import { parseFeed } from '@rowanmanning/feed-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveJosie,
  atCurrentVersion,
  buildJosie,
  buildJosies,
  buildJosieViaApi,
  buildUser,
  buildUserRow,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { MEDIA } from '../josies/testing.js';
import { parseXml, rfc4287Problems, textOf } from './testing.js';

const PUBLIC_URL = 'https://josie.example';

type Node = Record<string, unknown>;

/** A curator (a row, without a session) with one published josie, so their feed has an entry. */
async function curatorWithAJosie(ctx: TestContext) {
  const curator = await buildUserRow(ctx, { role: 'curator' });
  await buildJosie(ctx, { creator: curator.id });
  return curator;
}

/**
 * A josie of one text paragraph `text` in `genres`, written by `curator` through the API and approved by
 * `editor`, as a curator publishes: the publication's event is what drops the cached feeds. Answers the josie
 * as its creation answered it.
 */
async function publishViaApi(
  ctx: TestContext,
  curator: TestUser,
  editor: TestUser,
  josie: { title: string; text: string; genres: string[] },
): Promise<Josie> {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/josies',
    headers: curator.auth,
    payload: {
      title: josie.title,
      paragraphs: [{ type: 'text', content: josie.text }],
      genres: josie.genres,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const published = created.json() as Josie;
  await approveJosie(ctx, editor, published._id);
  return published;
}

/** Renames `curator` through their profile, as they would: the josies' author in every feed follows. */
async function rename(ctx: TestContext, curator: TestUser, name: string): Promise<void> {
  const renamed = await ctx.app.inject({
    method: 'PUT',
    url: '/api/users/me/profile',
    headers: curator.auth,
    payload: { name, bio: '' },
  });
  expect(renamed.statusCode, renamed.body).toBe(200);
}

/** Retitles `josie` as its `curator`, keeping its paragraphs: the edit sends it back to review. */
async function retitle(
  ctx: TestContext,
  curator: TestUser,
  josie: Pick<Josie, '_id' | 'paragraphs'>,
  title: string,
): Promise<void> {
  const edited = await ctx.app.inject({
    method: 'PUT',
    url: `/api/josies/${josie._id}`,
    headers: curator.auth,
    payload: await atCurrentVersion(ctx, josie._id, { title, paragraphs: josie.paragraphs }),
  });
  expect(edited.statusCode, edited.body).toBe(200);
}

describe('Atom feeds of curators and genres', () => {
  let ctx: TestContext;
  let maya: TestUser;
  let editor: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: `${PUBLIC_URL}/` });
    maya = await buildUser(ctx, { role: 'curator', name: 'Maya' });
    editor = await buildUser(ctx, { role: 'editor' });
    admin = await buildUser(ctx, { role: 'admin' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });
  /** The feed at `url`, checked for RFC 4287's required elements and read by a feed parser. */
  const feed = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(`${ATOM_MEDIA_TYPE}; charset=utf-8`);
    expect(rfc4287Problems(res.body)).toEqual([]);
    return { res, parsed: parseFeed(res.body), raw: parseXml(res.body).feed as Node };
  };
  const entriesOf = (raw: Node) => (raw.entry as Node[] | undefined) ?? [];

  it("lists a curator's 50 newest published josies, newest first, with everything a reader needs", async () => {
    const curator = await buildUser(ctx, { role: 'curator', name: 'Noa & "the Band"' });
    const older = await buildJosies(ctx, {
      creator: curator.user._id,
      count: FEED_ENTRIES + 2,
      newest: new Date(Date.now() - 60_000),
    });
    await buildJosie(ctx, { creator: curator.user._id, title: 'Still pending', status: 'pending' });
    await buildJosie(ctx, { creator: curator.user._id, title: 'Turned down', status: 'rejected' });
    await buildJosie(ctx, { creator: maya.user._id, title: 'Someone else' });
    const newest = await buildJosie(ctx, {
      creator: curator.user._id,
      title: 'שירים לבוקר <איטי> ]]> & more',
      genres: ['Jazz', 'Soul'],
      paragraphs: [
        { type: 'text', content: 'שירים שקטים לבוקר של שבת עם קפה ו-Radiohead' },
        { type: 'image', content: '/media/josies/cover.webp' },
        {
          type: 'video',
          content: {
            url: MEDIA.video,
            title: 'Bohemian Rhapsody',
            channelTitle: '',
            id: 'fJ9rUzIMcZQ',
            type: 'video',
            thumbnailUrl: null,
          },
        },
        {
          type: 'audioItem',
          content: {
            name: 'Blinding Lights',
            artist: 'The Weeknd',
            url: MEDIA.track,
            provider: 'spotify',
            type: 'track',
            image: null,
          },
        },
      ],
    });

    const { parsed, raw } = await feed(`/curator/${curator.user._id}/feed.atom`);
    expect(parsed.title).toBe('Noa & "the Band" · Josie');
    expect(parsed.url).toBe(`${PUBLIC_URL}/curator/${curator.user._id}`);
    expect(parsed.self).toBe(`${PUBLIC_URL}/curator/${curator.user._id}/feed.atom`);
    expect(parsed.authors.map((a) => a.name)).toEqual(['Noa & "the Band"']);
    expect(parsed.items).toHaveLength(FEED_ENTRIES);
    const expected = [newest.title, ...older.slice(0, FEED_ENTRIES - 1).map((j) => j.title)];
    expect(parsed.items.map((item) => item.title)).toEqual(expected);
    expect(parsed.updated?.toISOString()).toBe(newest.updatedAt.toISOString());

    const first = parsed.items[0]!;
    expect(first.id).toBe(`${PUBLIC_URL}/josie/${newest.id}`);
    expect(first.url).toBe(`${PUBLIC_URL}/josie/${newest.id}`);
    expect(first.content).toBe('שירים שקטים לבוקר של שבת עם קפה ו-Radiohead');
    expect(first.published?.toISOString()).toBe(newest.publishedAt!.toISOString());
    expect(first.updated?.toISOString()).toBe(newest.updatedAt.toISOString());
    expect(first.authors.map((a) => [a.name, a.url])).toEqual([
      ['Noa & "the Band"', `${PUBLIC_URL}/curator/${curator.user._id}`],
    ]);
    expect(first.categories.map((c) => c.term)).toEqual(['Jazz', 'Soul']);

    // The language of each entry, and its media as related links, read from the raw XML.
    const entries = entriesOf(raw);
    expect(entries[0]!['@xml:lang']).toBe('he');
    expect(entries[1]!['@xml:lang']).toBe('en');
    const related = (entries[0]!.link as Node[]).filter((l) => l['@rel'] === 'related');
    expect(related.map((l) => [l['@href'], l['@title']])).toEqual([
      [`${PUBLIC_URL}/media/josies/cover.webp`, 'Image'],
      [MEDIA.video, 'Bohemian Rhapsody'],
      [MEDIA.track, 'Blinding Lights · The Weeknd'],
    ]);
    expect(textOf(entries[0]!.title)).toBe('שירים לבוקר <איטי> ]]> & more');
  });

  it('answers 404 {message, code} for anyone but a live curator, and 400 for a parameter that is not one', async () => {
    const listener = await buildUserRow(ctx);
    const deleted = await curatorWithAJosie(ctx);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${deleted.id}`,
      headers: admin.auth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    for (const id of [crypto.randomUUID(), 'not-a-uuid', listener.id, deleted.id, editor.user._id]) {
      const res = await get(`/curator/${id}/feed.atom`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Curator not found', code: 'NOT_FOUND' });
    }
    const long = await get(`/curator/${'x'.repeat(101)}/feed.atom`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('answers 304 to a conditional GET that names the current version, by ETag or by date', async () => {
    const curator = await curatorWithAJosie(ctx);
    const url = `/curator/${curator.id}/feed.atom`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    expect(first.headers['cache-control']).toBe('public, no-cache');

    const byTag = await get(url, { 'if-none-match': etag });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe('');
    expect(byTag.headers.etag).toBe(etag);
    const byDate = await get(url, { 'if-modified-since': lastModified });
    expect(byDate.statusCode).toBe(304);
    const stale = await get(url, { 'if-none-match': 'W/"an-older-version"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
    const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await get(url, { 'if-modified-since': earlier })).statusCode).toBe(200);
  });

  it('changes with a publication, an edit back to review, a deletion and a rename, on this instance at once', async () => {
    const curator = await buildUser(ctx, { role: 'curator', name: 'Lior' });
    const url = `/curator/${curator.user._id}/feed.atom`;
    const titles = async () => (await feed(url)).parsed.items.map((i) => i.title);
    const first = await buildJosieViaApi(ctx, curator, { title: 'First' });
    await approveJosie(ctx, editor, first._id);
    const etag = (await get(url)).headers.etag;
    expect(await titles()).toEqual(['First']);

    // Published: in the feed (the cached copy is dropped), with a new ETag.
    const second = await buildJosieViaApi(ctx, curator, { title: 'Second' });
    expect(await titles()).toEqual(['First']);
    await approveJosie(ctx, editor, second._id);
    expect(await titles()).toEqual(['Second', 'First']);
    expect((await get(url, { 'if-none-match': String(etag) })).statusCode).toBe(200);

    // Edited by its curator: back to review, out of the feed.
    await retitle(ctx, curator, second, 'Second, again');
    expect(await titles()).toEqual(['First']);

    // Renamed: the feed's and every entry's author follow.
    await rename(ctx, curator, 'Lior B');
    const after = await feed(url);
    expect(after.parsed.title).toBe('Lior B · Josie');
    expect(after.parsed.items[0]!.authors[0]!.name).toBe('Lior B');

    // Deleted: gone.
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/josies/${first._id}`,
      headers: curator.auth,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await titles()).toEqual([]);
    const empty = await feed(url);
    expect(empty.parsed.items).toEqual([]);
  });

  it("lists a genre's newest published josies, each entry with its curator, and 404 for no genre", async () => {
    const noam = await buildUserRow(ctx, { role: 'curator', name: 'Noam' });
    await buildJosie(ctx, {
      creator: noam.id,
      title: 'Funk one',
      genres: ['Funk'],
      publishedAt: new Date(Date.now() - 5_000),
    });
    await buildJosie(ctx, { creator: maya.user._id, title: 'Funk two', genres: ['Funk', 'Soul'] });
    await buildJosie(ctx, {
      creator: maya.user._id,
      title: 'Funk pending',
      genres: ['Funk'],
      status: 'pending',
    });
    await buildJosie(ctx, { creator: maya.user._id, title: 'Rock only', genres: ['Rock'] });

    // The live genre's name is matched without regard to case, as on its page.
    const { parsed, raw } = await feed('/explore/genre/funk/feed.atom');
    expect(parsed.items.map((i) => i.title)).toEqual(['Funk two', 'Funk one']);
    expect(parsed.items.map((i) => i.authors[0]?.name)).toEqual(['Maya', 'Noam']);
    expect(raw.author).toBeUndefined();
    expect(parsed.url).toBe(`${PUBLIC_URL}/explore/genre/funk`);

    const res = await get(`/explore/genre/${encodeURIComponent('No such genre')}/feed.atom`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Genre not found', code: 'NOT_FOUND' });
    expect((await get(`/explore/genre/${'x'.repeat(101)}/feed.atom`)).statusCode).toBe(400);

    // A publication in the genre drops the cached genre feed.
    await publishViaApi(ctx, maya, editor, { title: 'Funk three', text: 'Slap bass.', genres: ['Funk'] });
    const again = await feed('/explore/genre/funk/feed.atom');
    expect(again.parsed.items.map((i) => i.title)).toEqual(['Funk three', 'Funk two', 'Funk one']);
  });

  it('is the same document for a visitor and a signed-in reader (no marks, no abilities)', async () => {
    const url = `/curator/${maya.user._id}/feed.atom`;
    const visitor = await get(url);
    const reader = await get(url, maya.auth);
    expect(reader.body).toBe(visitor.body);
    expect(visitor.body).not.toContain('likedByMe');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('Atom feeds across two instances (Redis pub/sub)', () => {
  let ctx: TestContext;
  let other: TestContext['app'];

  beforeAll(async () => {
    ctx = await createTestContext({ REDIS_URL: redisUrl!, READ_CACHE_TTL_MS: '300000' });
    // A second instance on the same database and Redis channel (the same REDIS_PREFIX).
    const { buildApp } = await import('../../app.js');
    other = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await ctx?.close();
  });

  it("drops B's cached curator and genre feeds for a publication, an edit and a rename made on A", async () => {
    const curator = await buildUser(ctx, { role: 'curator', name: 'Tal' });
    const editor = await buildUser(ctx, { role: 'editor' });
    const titlesOnB = async (url: string) => {
      const res = await other.inject({ url });
      expect(res.statusCode, res.body).toBe(200);
      return parseFeed(res.body).items.map((item) => item.title);
    };
    const curatorFeed = `/curator/${curator.user._id}/feed.atom`;
    // Let B's subscription be confirmed before it caches anything.
    await new Promise((r) => setTimeout(r, 200));
    expect(await titlesOnB(curatorFeed)).toEqual([]);
    expect(await titlesOnB('/explore/genre/Techno/feed.atom')).toEqual([]);

    const josie = await publishViaApi(ctx, curator, editor, {
      title: 'Warehouse',
      text: 'Four to the floor.',
      genres: ['Techno'],
    });
    await expect.poll(() => titlesOnB(curatorFeed)).toEqual(['Warehouse']);
    await expect.poll(() => titlesOnB('/explore/genre/Techno/feed.atom')).toEqual(['Warehouse']);

    await rename(ctx, curator, 'Tal R');
    await expect
      .poll(
        async () =>
          parseFeed((await other.inject({ url: '/explore/genre/Techno/feed.atom' })).body).items[0]
            ?.authors[0]?.name,
      )
      .toBe('Tal R');

    await retitle(ctx, curator, josie, 'Warehouse 2');
    await expect.poll(() => titlesOnB(curatorFeed)).toEqual([]);
    await expect.poll(() => titlesOnB('/explore/genre/Techno/feed.atom')).toEqual([]);
  });
});
