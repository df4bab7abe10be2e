/**
 * Josie as an oEmbed provider and the embed page (docs/decisions/0043-embeds.md): the oEmbed answer of a
 * published josie and each refusal (unknown URL, another host, another page, pending, rejected and deleted
 * josies, a bad maxwidth or maxheight, format=xml), its ETag, the discovery link on the josie page, and the
 * embed page's answers and frame headers against every other page's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMBED_DATA_BLOCK_ID, embedFrameSize, OembedResponse } from '@josie/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJosie, buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

const PUBLIC_URL = 'https://josie.example';

const SHELL = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><title>Josie</title></head>
<body><div id="root"></div></body></html>
`;
const EMBED = `<!doctype html>
<html lang="en" dir="ltr"><head><meta charset="UTF-8" /><title>Josie</title></head>
<body><div id="root"></div><script type="module" src="/assets/embed.js"></script></body></html>
`;

const VIDEO = {
  type: 'video',
  content: {
    url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    title: 'A video',
    thumbnailUrl: null,
    channelTitle: 'A channel',
    id: 'dQw4w9WgXcQ',
    type: 'video',
  },
} as const;
const AUDIO = {
  type: 'audioItem',
  content: {
    name: 'Happy',
    type: 'track',
    url: 'https://open.spotify.com/track/60nZcImufyMA1MKQY3dcCH',
    provider: 'spotify',
    image: null,
  },
} as const;

/** `frame-ancestors`' sources of a Content-Security-Policy header. */
function frameAncestors(csp: unknown): string | undefined {
  return /(?:^|;)\s*frame-ancestors\s+([^;]*)/.exec(String(csp))?.[1]?.trim();
}

describe('GET /api/oembed and the embed page', () => {
  let ctx: TestContext;
  let webDir: string;
  let curator: TestUser;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'josie-web-'));
    writeFileSync(join(webDir, 'index.html'), SHELL);
    writeFileSync(join(webDir, 'embed.html'), EMBED);
    ctx = await createTestContext({ WEB_DIST_DIR: webDir, PUBLIC_URL: `${PUBLIC_URL}/` });
    curator = await buildUser(ctx, { role: 'curator', name: 'Maya "Groove" <DJ>' });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const oembed = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url: `/api/oembed?${new URLSearchParams(query)}`, headers });
  const pageUrl = (id: string) => `${PUBLIC_URL}/josie/${id}`;

  it('answers a published josie as a rich oEmbed: its iframe, title, curator, provider and thumbnail', async () => {
    const josie = await buildJosie(ctx, {
      creator: curator.user,
      title: 'Rain <songs> & "more"',
      paragraphs: [{ type: 'text', content: 'For grey days.' }, VIDEO],
    });
    const res = await oembed({ url: pageUrl(josie.id), format: 'json' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const body = OembedResponse.parse(res.json());
    const size = embedFrameSize('video');
    expect(body).toMatchObject({
      type: 'rich',
      version: '1.0',
      title: 'Rain <songs> & "more"',
      author_name: 'Maya "Groove" <DJ>',
      author_url: `${PUBLIC_URL}/curator/${curator.user.id}`,
      provider_name: 'Josie',
      provider_url: `${PUBLIC_URL}/`,
      width: 480,
      height: size.height,
      thumbnail_url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      thumbnail_width: 480,
      thumbnail_height: 360,
    });
    expect(size).toEqual({ width: 480, height: 120 + 270 });
    // One iframe of the embed page, every value escaped: nothing of the title can leave its attribute.
    expect(body.html).toBe(
      `<iframe src="${PUBLIC_URL}/embed/josie/${josie.id}" width="480" height="390"` +
        ` title="Rain &lt;songs&gt; &amp; &quot;more&quot;" style="border:0;max-width:100%" loading="lazy"` +
        ` allow="autoplay; encrypted-media; fullscreen; picture-in-picture"` +
        ` referrerpolicy="strict-origin-when-cross-origin"></iframe>`,
    );
    // The same answer without `format` (json is the default), and for the page's URL over http.
    const plain = await oembed({ url: `http://josie.example/josie/${josie.id}/` });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toEqual(body);
  });

  it('honours maxwidth and maxheight, and draws the embed in the language asked for', async () => {
    const audio = await buildJosie(ctx, { creator: curator.user, paragraphs: [AUDIO] });
    const full = (await oembed({ url: pageUrl(audio.id) })).json();
    expect([full.width, full.height]).toEqual([480, 120 + 350]);
    // Audio has no thumbnail of a known size.
    expect(full.thumbnail_url).toBeUndefined();
    expect(full.thumbnail_width).toBeUndefined();
    const small = (await oembed({ url: pageUrl(audio.id), maxwidth: '320', maxheight: '200' })).json();
    expect([small.width, small.height]).toEqual([320, 200]);
    expect(small.html).toContain('width="320" height="200"');
    const wide = (await oembed({ url: pageUrl(audio.id), maxwidth: '2000' })).json();
    expect(wide.width).toBe(480);

    const video = await buildJosie(ctx, { creator: curator.user, paragraphs: [VIDEO] });
    const narrow = (await oembed({ url: pageUrl(video.id), maxwidth: '320' })).json();
    expect([narrow.width, narrow.height]).toEqual([320, 120 + 180]);

    const hebrew = (await oembed({ url: pageUrl(audio.id), lng: 'he' })).json();
    expect(hebrew.html).toContain(`src="${PUBLIC_URL}/embed/josie/${audio.id}?lng=he"`);
    const fromLink = (await oembed({ url: `${pageUrl(audio.id)}?lng=he` })).json();
    expect(fromLink.html).toContain(`/embed/josie/${audio.id}?lng=he"`);
  });

  it('tags the answer: the same for every reader, 304 when the reader holds it, a new tag after an edit', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user });
    const first = await oembed({ url: pageUrl(josie.id) });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const reader = await buildUser(ctx);
    const signedIn = await oembed({ url: pageUrl(josie.id) }, reader.auth);
    expect(signedIn.headers.etag).toBe(etag);
    const again = await oembed({ url: pageUrl(josie.id) }, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/me/profile`,
      headers: curator.auth,
      payload: { name: 'Maya Renamed', bio: '' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const changed = await oembed({ url: pageUrl(josie.id) }, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().author_name).toBe('Maya Renamed');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('answers 404 for a URL that is not a published josie of this site', async () => {
    const pending = await buildJosie(ctx, { creator: curator.user, status: 'pending' });
    const rejected = await buildJosie(ctx, { creator: curator.user, status: 'rejected' });
    const deleted = await buildJosie(ctx, { creator: curator.user });
    const removal = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/josies/${deleted.id}`,
      headers: curator.auth,
    });
    expect(removal.statusCode, removal.body).toBe(200);
    const published = await buildJosie(ctx, { creator: curator.user });
    for (const url of [
      pageUrl(crypto.randomUUID()),
      pageUrl(pending.id),
      pageUrl(rejected.id),
      pageUrl(deleted.id),
      `https://evil.example/josie/${published.id}`,
      `https://josie.example.evil.example/josie/${published.id}`,
      `https://user@josie.example/josie/${published.id}`,
      `${PUBLIC_URL}/embed/josie/${published.id}`,
      `${PUBLIC_URL}/josie/${published.id}/edit`,
      `${PUBLIC_URL}/josie/not-a-uuid`,
      `ftp://josie.example/josie/${published.id}`,
      'not a url',
    ]) {
      const res = await oembed({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
    }
    // Not even to its creator: the answer is public, never a reader's.
    const own = await oembed({ url: pageUrl(pending.id) }, curator.auth);
    expect(own.statusCode).toBe(404);
  });

  it('refuses a bad maxwidth or maxheight with 400, and format=xml with 501', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user });
    for (const bad of ['0', '-5', '1.5', 'abc', '', '10001']) {
      for (const key of ['maxwidth', 'maxheight']) {
        const res = await oembed({ url: pageUrl(josie.id), [key]: bad });
        expect(res.statusCode, `${key}=${bad}`).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
    }
    expect((await oembed({})).statusCode).toBe(400);
    expect((await oembed({ url: pageUrl(josie.id), format: 'yaml' })).statusCode).toBe(400);
    const xml = await oembed({ url: pageUrl(josie.id), format: 'xml' });
    expect(xml.statusCode).toBe(501);
    expect(xml.json()).toEqual({ message: expect.any(String), code: 'NOT_IMPLEMENTED' });
  });

  it('links the oEmbed answer from the josie page the server sends', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user, title: 'Dawn & "dusk"' });
    const page = await ctx.app.inject({ url: `/josie/${josie.id}` });
    expect(page.statusCode).toBe(200);
    const link =
      /<link rel="alternate" type="application\/json\+oembed" href="([^"]*)" title="([^"]*)">/.exec(
        page.body,
      );
    expect(link?.[2]).toBe('Dawn &amp; &quot;dusk&quot;');
    const href = link?.[1]?.replaceAll('&amp;', '&') ?? '';
    expect(href).toBe(`${PUBLIC_URL}/api/oembed?url=${encodeURIComponent(pageUrl(josie.id))}&format=json`);
    const answer = await ctx.app.inject({ url: href.slice(PUBLIC_URL.length) });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().title).toBe('Dawn & "dusk"');
    // A pending josie's page has none.
    const pending = await buildJosie(ctx, { creator: curator.user, status: 'pending' });
    const hidden = await ctx.app.inject({ url: `/josie/${pending.id}` });
    expect(hidden.body).not.toContain('application/json+oembed');
  });

  it('serves the embed page of a published josie, framable by any site, in the language asked for', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user, title: '</script><b>x</b>' });
    const res = await ctx.app.inject({ url: `/embed/josie/${josie.id}?lng=he` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(frameAncestors(res.headers['content-security-policy'])).toBe('*');
    expect(res.headers['x-frame-options']).toBeUndefined();
    // The language flag is off by default: English, whatever was asked for.
    expect(res.body).toContain('<html lang="en" dir="ltr">');
    const block = new RegExp(
      `<script type="application/json" id="${EMBED_DATA_BLOCK_ID}">([^<]*)</script>`,
    ).exec(res.body);
    expect(JSON.parse(block?.[1] ?? 'null')).toMatchObject({ _id: josie.id, title: '</script><b>x</b>' });
    expect(res.body).toContain('<title>&lt;/script&gt;&lt;b&gt;x&lt;/b&gt; · Josie</title>');

    const flag = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/flags/language_select',
      headers: (await buildUser(ctx, { role: 'admin' })).auth,
      payload: { value: 'true' },
    });
    expect(flag.statusCode, flag.body).toBe(200);
    const hebrew = await ctx.app.inject({ url: `/embed/josie/${josie.id}?lng=he` });
    expect(hebrew.body).toContain('<html lang="he" dir="rtl">');
    const byBrowser = await ctx.app.inject({
      url: `/embed/josie/${josie.id}`,
      headers: { 'accept-language': 'he-IL,he;q=0.9' },
    });
    expect(byBrowser.body).toContain('<html lang="he" dir="rtl">');
  });

  it("answers a pending, rejected, deleted or unknown josie's embed page 404, still framable, without the josie", async () => {
    const pending = await buildJosie(ctx, {
      creator: curator.user,
      status: 'pending',
      title: 'Secret draft',
    });
    const rejected = await buildJosie(ctx, { creator: curator.user, status: 'rejected', title: 'Secret no' });
    const deleted = await buildJosie(ctx, { creator: curator.user, title: 'Secret gone' });
    const removal = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/josies/${deleted.id}`,
      headers: curator.auth,
    });
    expect(removal.statusCode, removal.body).toBe(200);
    for (const id of [pending.id, rejected.id, deleted.id, crypto.randomUUID(), 'not-a-uuid']) {
      const res = await ctx.app.inject({ url: `/embed/josie/${id}`, headers: curator.auth });
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(frameAncestors(res.headers['content-security-policy'])).toBe('*');
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.body).not.toContain(EMBED_DATA_BLOCK_ID);
      expect(res.body).not.toContain('Secret');
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('lets no other page or answer be framed', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user });
    for (const url of [
      '/',
      `/josie/${josie.id}`,
      `/embed/josie/${josie.id}/more`,
      '/embed.html',
      `/api/oembed?url=${encodeURIComponent(pageUrl(josie.id))}`,
      `/api/josies/${josie.id}`,
      '/api/no-such-route',
    ]) {
      const res = await ctx.app.inject({ url });
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });
});
