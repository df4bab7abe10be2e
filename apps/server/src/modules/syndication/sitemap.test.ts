import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveJosie,
  buildJosie,
  buildJosieViaApi,
  buildUser,
  buildUserRow,
  rejectJosie,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { STATIC_PUBLIC_PAGES, sitemapPage } from './sitemap.js';
import { locs, textOf, urls } from './testing.js';

const PUBLIC_URL = 'https://josie.example';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Everything a stream yields, as text. */
async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += chunk.toString();
  return out;
}

describe('the sitemap and robots.txt', () => {
  let ctx: TestContext;
  let editor: TestUser;
  let admin: TestUser;
  let curator: TestUser;
  const expected = { josies: [] as string[], curators: [] as string[], genres: [] as string[] };
  const hidden: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL });
    editor = await buildUser(ctx, { role: 'editor' });
    admin = await buildUser(ctx, { role: 'admin' });
    curator = await buildUser(ctx, { role: 'curator', name: 'Maya' });
    const quiet = await buildUserRow(ctx, { role: 'curator', name: 'Quiet' });
    const listener = await buildUserRow(ctx);
    const leaving = await buildUserRow(ctx, { role: 'curator', name: 'Leaving' });
    expected.curators.push(curator.user._id, quiet.id);
    hidden.push(`/curator/${listener.id}`, `/curator/${leaving.id}`, `/curator/${editor.user._id}`);

    // Published, through review: listed.
    const shown = await buildJosieViaApi(ctx, curator, { title: 'Shown' });
    await approveJosie(ctx, editor, shown._id);
    const jazz = await buildJosie(ctx, { creator: curator.user._id, genres: ['Jazz'] });
    expected.josies.push(jazz.id, shown._id);
    // Pending, rejected, deleted, and the josie of a deleted account: not listed.
    const pending = await buildJosieViaApi(ctx, curator, { title: 'Pending' });
    const rejected = await buildJosieViaApi(ctx, curator, { title: 'Rejected' });
    await rejectJosie(ctx, editor, rejected._id, 'Not this one');
    const deleted = await buildJosieViaApi(ctx, curator, { title: 'Deleted' });
    await approveJosie(ctx, editor, deleted._id);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/josies/${deleted._id}`,
      headers: curator.auth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const orphan = await buildJosie(ctx, { creator: leaving.id, genres: ['Polka', 'Blues'] });
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${leaving.id}`,
      headers: admin.auth,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    hidden.push(...[pending._id, rejected._id, deleted._id, orphan.id].map((id) => `/josie/${id}`));
    // Genres: live ones with a published josie (Jazz); Blues only had the deleted account's josie.
    expected.genres.push('Jazz');
    hidden.push('/explore/genre/Blues', '/explore/genre/Polka');
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (url: string) => ctx.app.inject({ url });
  const absolute = (paths: string[]) => paths.map((path) => `${PUBLIC_URL}${path}`);

  it('indexes one file per kind, and together they list exactly the public pages', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain(`<sitemapindex xmlns="${SITEMAP_NS}"`);
    const files = locs(index.body);
    expect(files).toEqual(
      absolute([
        '/sitemaps/pages/1.xml',
        '/sitemaps/josies/1.xml',
        '/sitemaps/curators/1.xml',
        '/sitemaps/genres/1.xml',
      ]),
    );

    const listed: string[] = [];
    for (const file of files) {
      const res = await get(new URL(file).pathname);
      expect(res.statusCode, file).toBe(200);
      expect(res.body).toContain(`<urlset xmlns="${SITEMAP_NS}"`);
      listed.push(...locs(res.body));
    }
    expect(listed.sort()).toEqual(
      absolute([
        ...STATIC_PUBLIC_PAGES,
        ...expected.josies.map((id) => `/josie/${id}`),
        ...expected.curators.map((id) => `/curator/${id}`),
        ...expected.genres.map((name) => `/explore/genre/${name}`),
      ]).sort(),
    );
    for (const path of hidden) expect(listed).not.toContain(`${PUBLIC_URL}${path}`);
  });

  it('dates each URL and names its English and Hebrew versions while the site is bilingual', async () => {
    const josies = urls((await get('/sitemaps/josies/1.xml')).body);
    for (const url of josies) expect(Number.isNaN(Date.parse(textOf(url.lastmod) ?? ''))).toBe(false);
    expect(josies[0]!['xhtml:link']).toBeUndefined();

    const flag = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/flags/language_select',
      headers: admin.auth,
      payload: { value: 'true' },
    });
    expect(flag.statusCode, flag.body).toBe(200);
    const res = await get('/sitemaps/curators/1.xml');
    expect(res.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const url = urls(res.body).find((u) => textOf(u.loc) === `${PUBLIC_URL}/curator/${curator.user._id}`)!;
    const page = `${PUBLIC_URL}/curator/${curator.user._id}`;
    expect(
      (url['xhtml:link'] as Record<string, string>[]).map((l) => [l['@rel'], l['@hreflang'], l['@href']]),
    ).toEqual([
      ['alternate', 'en', `${page}?lng=en`],
      ['alternate', 'he', `${page}?lng=he`],
      ['alternate', 'x-default', page],
    ]);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/flags/language_select',
      headers: admin.auth,
      payload: { value: 'false' },
    });
  });

  it('pages a kind by the size given, streaming each page a batch at a time, each URL once', async () => {
    const many = await buildUserRow(ctx, { role: 'curator' });
    for (let i = 0; i < 5; i += 1) {
      expected.josies.push(
        (await buildJosie(ctx, { creator: many.id, publishedAt: new Date(Date.now() + i) })).id,
      );
    }
    const options = { publicUrl: PUBLIC_URL, bilingual: false, perPage: 3, batch: 2 };
    const pages: string[][] = [];
    for (let page = 1; page <= 3; page += 1) {
      pages.push(locs(await text(await sitemapPage(ctx.database.db, 'josies', page, options))));
    }
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(pages.flat().sort()).toEqual(absolute(expected.josies.map((id) => `/josie/${id}`)).sort());
    // Oldest first, so a page keeps its URLs as josies are published.
    expect(pages.at(-1)!.at(-1)).toBe(`${PUBLIC_URL}/josie/${expected.josies.at(-1)}`);
    await expect(sitemapPage(ctx.database.db, 'josies', 4, options)).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('answers 404 past the last page and 400 for a file that is not one', async () => {
    const past = await get('/sitemaps/josies/2.xml');
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ message: 'Sitemap not found', code: 'NOT_FOUND' });
    for (const path of [
      '/sitemaps/users/1.xml',
      '/sitemaps/josies/0.xml',
      '/sitemaps/josies/one.xml',
      '/sitemaps/josies/1',
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('robots.txt points to the sitemap and keeps robots out of the API and private pages', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /admin');
    expect(lines.filter((l) => l.startsWith('Disallow: /josie/'))).toEqual([
      'Disallow: /josie/new',
      'Disallow: /josie/edit/',
    ]);
    expect(lines.some((l) => l === 'Disallow: /curator' || l === 'Disallow: /explore')).toBe(false);
  });
});
