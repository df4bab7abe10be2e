import type { Josie } from '@josie/contract';
import type { CreativeWork, MusicRecording, Person, Thing, WithContext } from 'schema-dts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveJosie,
  buildJosieViaApi,
  buildUser,
  buildUserRow,
  type TestUser,
} from '../../test/factories.js';
import { createWebTestContext, type TestContext } from '../../test/harness.js';
import { MEDIA } from '../josies/testing.js';
import { curatorJsonLd, josieJsonLd } from './json-ld.js';

const PUBLIC_URL = 'https://josie.example';
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Josie</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** Each `<tag ...>` of `html` as its attributes (values unescaped). */
function tags(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\s([^>]*)>`, 'g'))].map((match) =>
    Object.fromEntries(
      [...match[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [
        name!,
        value!
          .replaceAll('&amp;', '&')
          .replaceAll('&quot;', '"')
          .replaceAll('&lt;', '<')
          .replaceAll('&gt;', '>')
          .replaceAll('&#39;', "'"),
      ]),
    ),
  );
}
const links = (html: string, rel: string) => tags(html, 'link').filter((l) => l.rel === rel);
/** The JSON-LD blocks of `html`, parsed. */
const jsonLd = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

/**
 * The properties each schema.org type we write must carry (schema.org defines no required properties; these
 * are what the pages promise search engines, as Google's structured-data guides ask of an article's author
 * and dates), keyed by the schema-dts type so a misspelt property fails the type check.
 */
type Leaf<T> = Exclude<T, string>;
const REQUIRED: {
  CreativeWork: (keyof Leaf<CreativeWork>)[];
  Person: (keyof Leaf<Person>)[];
  MusicRecording: (keyof Leaf<MusicRecording>)[];
} = {
  CreativeWork: ['name', 'url', 'author', 'datePublished', 'dateModified', 'inLanguage'],
  Person: ['name', 'url'],
  MusicRecording: ['name', 'url'],
};

/** What `node` lacks of {@link REQUIRED} for its `@type`, and of its nested authors and parts. */
function missing(node: Record<string, unknown>, where = 'root'): string[] {
  const type = node['@type'] as keyof typeof REQUIRED;
  const out = (REQUIRED[type] ?? [])
    .filter((p) => node[p] === undefined || node[p] === '')
    .map((p) => `${where}.${String(p)}`);
  if (node.author) out.push(...missing(node.author as Record<string, unknown>, `${where}.author`));
  for (const [i, part] of ((node.hasPart as Record<string, unknown>[] | undefined) ?? []).entries()) {
    out.push(...missing(part, `${where}.hasPart[${i}]`));
  }
  return out;
}

describe('what public pages tell search engines and feed readers', () => {
  let ctx: TestContext;
  let curator: TestUser;
  let editor: TestUser;
  let published: Josie;
  let pending: Josie;

  beforeAll(async () => {
    ctx = await createWebTestContext(SHELL, { env: { PUBLIC_URL } });
    curator = await buildUser(ctx, { role: 'curator', name: 'Maya </script> "DJ"' });
    editor = await buildUser(ctx, { role: 'editor' });
    published = await buildJosieViaApi(ctx, curator, { title: 'Night </script><script>alert(1)</script>' });
    published = await approveJosie(ctx, editor, published._id);
    pending = await buildJosieViaApi(ctx, curator, { title: 'Not yet' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const page = async (path: string) => {
    const res = await ctx.app.inject({ url: path });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('gives every public page its canonical link, without the query but the language and the search', async () => {
    const cases: [string, string][] = [
      ['/', `${PUBLIC_URL}/`],
      ['/explore/', `${PUBLIC_URL}/explore`],
      ['/about?utm_source=x', `${PUBLIC_URL}/about`],
      ['/search?q=jazz&tab=curators&utm=1', `${PUBLIC_URL}/search?q=jazz&tab=curators`],
      ['/reset-password?email=a@b.c&token=secret', `${PUBLIC_URL}/reset-password`],
      ['/explore/genre/R%26B', `${PUBLIC_URL}/explore/genre/R%26B`],
      [`/josie/${published._id}?lng=he`, `${PUBLIC_URL}/josie/${published._id}`],
      [`/curator/${curator.user._id}`, `${PUBLIC_URL}/curator/${curator.user._id}`],
    ];
    for (const [path, canonical] of cases) {
      expect(
        links(await page(path), 'canonical').map((l) => l.href),
        path,
      ).toEqual([canonical]);
    }
    // Pages of one's own, pages that are not public, and josies a visitor may not read: none.
    for (const path of [
      '/account',
      '/my-josies',
      '/verify-email?token=x',
      `/josie/${pending._id}`,
      `/josie/${crypto.randomUUID()}`,
    ]) {
      expect(links(await page(path), 'canonical'), path).toEqual([]);
    }
  });

  it('names the English and Hebrew versions of a page while the site is bilingual', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const setFlag = (value: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/flags/language_select',
        headers: admin.auth,
        payload: { value },
      });
    expect((await setFlag('true')).statusCode).toBe(200);
    const html = await page('/explore?lng=he');
    expect(links(html, 'canonical').map((l) => l.href)).toEqual([`${PUBLIC_URL}/explore?lng=he`]);
    expect(links(html, 'alternate').map((l) => [l.hreflang, l.href])).toEqual([
      ['en', `${PUBLIC_URL}/explore?lng=en`],
      ['he', `${PUBLIC_URL}/explore?lng=he`],
      ['x-default', `${PUBLIC_URL}/explore`],
    ]);
    expect((await setFlag('false')).statusCode).toBe(200);
  });

  it("links a live curator's page and a genre's page to their Atom feeds, and describes the curator", async () => {
    const html = await page(`/curator/${curator.user._id}`);
    expect(links(html, 'alternate')).toEqual([
      {
        rel: 'alternate',
        type: 'application/atom+xml',
        title: 'Maya </script> "DJ" · Josie',
        href: `${PUBLIC_URL}/curator/${curator.user._id}/feed.atom`,
      },
    ]);
    const [person] = jsonLd(html);
    expect(person).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Maya </script> "DJ"',
      url: `${PUBLIC_URL}/curator/${curator.user._id}`,
    });
    expect(missing(person!)).toEqual([]);
    expect(html).not.toContain('Maya </script>');

    const genre = await page('/explore/genre/Hip-Hop');
    expect(links(genre, 'alternate').map((l) => [l.type, l.href])).toEqual([
      ['application/atom+xml', `${PUBLIC_URL}/explore/genre/Hip-Hop/feed.atom`],
    ]);
    // Not a live curator: no feed, no person.
    const listener = await buildUserRow(ctx);
    for (const id of [listener.id, crypto.randomUUID(), 'nope']) {
      const other = await page(`/curator/${id}`);
      expect(links(other, 'alternate')).toEqual([]);
      expect(jsonLd(other)).toEqual([]);
    }
  });

  it('describes a published josie as a CreativeWork with its recordings, and nothing of one that is not', async () => {
    const html = await page(`/josie/${published._id}`);
    const blocks = jsonLd(html);
    expect(blocks).toHaveLength(1);
    const work = blocks[0]!;
    expect(missing(work)).toEqual([]);
    expect(work).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'CreativeWork',
      name: published.title,
      url: `${PUBLIC_URL}/josie/${published._id}`,
      text: 'Night drives need synths.',
      author: {
        '@type': 'Person',
        name: curator.user.name,
        url: `${PUBLIC_URL}/curator/${curator.user._id}`,
      },
      datePublished: published.publishedAt,
      dateModified: published.updatedAt,
      inLanguage: 'en',
    });
    expect(work.hasPart).toMatchObject([
      { '@type': 'VideoObject', name: 'Bohemian Rhapsody', url: expect.stringContaining('fJ9rUzIMcZQ') },
      {
        '@type': 'MusicRecording',
        name: 'Blinding Lights',
        url: expect.stringContaining('0VjIjW4GlUZAMYd2vXMi3b'),
      },
    ]);
    // The title's `</script>` cannot end the block: every script tag closes its own block.
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)?.length).toBe(html.match(/<script[ >]/g)?.length);
    expect(jsonLd(await page(`/josie/${pending._id}`))).toEqual([]);
  });

  it('types albums and playlists as schema.org does, and a Hebrew josie as Hebrew', () => {
    const base = { ...published, text: 'מוזיקה לערב שקט', title: 'ערב' };
    const album = (type: 'album' | 'playlist' | 'track') => ({
      type: 'audioItem' as const,
      content: {
        name: `A ${type}`,
        artist: 'Artist',
        url: MEDIA.track,
        provider: 'spotify' as const,
        type,
        image: null,
      },
    });
    const josie: Josie = { ...base, paragraphs: [album('album'), album('playlist'), album('track')] };
    const work: WithContext<CreativeWork> = josieJsonLd(PUBLIC_URL, josie);
    const node = work as unknown as Record<string, unknown>;
    expect(node.inLanguage).toBe('he');
    expect((node.hasPart as Thing[]).map((p) => (p as Record<string, unknown>)['@type'])).toEqual([
      'MusicAlbum',
      'MusicPlaylist',
      'MusicRecording',
    ]);
    expect((node.hasPart as Record<string, unknown>[])[0]!.byArtist).toEqual({
      '@type': 'MusicGroup',
      name: 'Artist',
    });
    expect(missing(node)).toEqual([]);
    const person = curatorJsonLd(PUBLIC_URL, {
      id: curator.user._id,
      name: 'Maya',
      bio: ' Jazz at night ',
      avatarUrl: '/media/avatars/maya.webp',
      createdAt: new Date(),
    });
    expect(person).toMatchObject({
      image: `${PUBLIC_URL}/media/avatars/maya.webp`,
      description: 'Jazz at night',
    });
  });
});
