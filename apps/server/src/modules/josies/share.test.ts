import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_PAINT_BLOCK_ID, type FirstPaintState } from '@josie/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveJosie, buildJosieViaApi, buildUser, type TestUser } from '../../test/factories.js';
import { createWebTestContext, type TestContext } from '../../test/harness.js';
import { writePageRenderers } from '../../test/page-renderers.js';
import { josieForm, MEDIA, pngImage } from './testing.js';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Josie</title>
    <meta name="description" content="Music curation" />
    <meta property="og:title" content="Josie" />
  </head>
  <body><div id="root"></div></body>
</html>
`;
/** `SHELL` as every page serves it: `<html>` set for the page's language and flag (decision 0026). */
const SERVED_SHELL = SHELL.replace(
  '<html lang="en">',
  '<html lang="en" dir="ltr" data-language-select="off">',
);

/** The content of `<meta {attr}="{key}" content="...">`, still escaped. */
function meta(html: string, key: string): string | undefined {
  const attr = key.startsWith('og:') || key.startsWith('article:') ? 'property' : 'name';
  return new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`).exec(html)?.[1];
}

describe('shared josie links: Open Graph and Twitter tags', () => {
  let ctx: TestContext;
  let curator: TestUser;
  let editor: TestUser;

  beforeAll(async () => {
    ctx = await createWebTestContext(SHELL, { env: { PUBLIC_URL: 'https://josie.example/' } });
    // These tests read a josie's tags before its share card exists: its own image, its audio item's cover,
    // or none. An approval enqueues the card (docs/decisions/0044-share-cards.md), as does a view of a page
    // without one, and once made the card takes the image tags: a job that finished before a test's GET
    // failed it. The context's job workers are stopped, so jobs are still enqueued but none runs, and no
    // card exists by construction, not by timing. The cards themselves are share-cards.test.ts's.
    await ctx.app.jobs.stop();
    curator = await buildUser(ctx, { role: 'curator', name: 'Maya "Groove" <DJ>' });
    editor = await buildUser(ctx, { role: 'editor' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const page = (path: string) => ctx.app.inject({ url: path });

  it('fills title, excerpt, absolute image and URL of a published josie, escaped', async () => {
    const words = Array.from({ length: 30 }, (_, i) => (i === 0 ? '<b>Loud</b> & "proud"' : `word${i}`));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/josies',
      headers: curator.auth,
      payload: josieForm(
        {
          title: `Rock & Roll <script>alert("x")</script> 'n' more`,
          paragraphs: [{ type: 'text', content: words.join(' ') }],
        },
        { bytes: await pngImage() },
      ),
    });
    const josie = res.json();
    // The approval enqueues its share card, which no worker runs here (see beforeAll): no card exists, so
    // the image tags below are the josie's own picture whatever the timing.
    await approveJosie(ctx, editor, josie._id);

    const html = (await page(`/josie/${josie._id}`)).body;
    expect(html).not.toContain('<script>alert');
    const title = 'Rock &amp; Roll &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &#39;n&#39; more';
    expect(html).toContain(`<title>${title} · Josie</title>`);
    expect(meta(html, 'og:title')).toBe(title);
    expect(meta(html, 'twitter:title')).toBe(title);
    const excerpt = `&lt;b&gt;Loud&lt;/b&gt; &amp; &quot;proud&quot; ${words.slice(1, 23).join(' ')}...`;
    expect(meta(html, 'og:description')).toBe(excerpt);
    expect(meta(html, 'description')).toBe(excerpt);
    expect(meta(html, 'og:image')).toBe(`https://josie.example${josie.paragraphs[1].content}`);
    expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
    expect(meta(html, 'og:url')).toBe(`https://josie.example/josie/${josie._id}`);
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'article:author')).toBe('Maya &quot;Groove&quot; &lt;DJ&gt;');
    // The shell's generic tags are replaced, not duplicated.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/property="og:title"/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');

    // A visitor's answer to GET /api/josies/:id is in the page (docs/performance.md), as the dehydrated
    // query of the web's key of the josie (decision 0017), in a data block for no user that the title's
    // `</script>` cannot end, and reads back as exactly that answer.
    const block = new RegExp(
      `<script type="application/json" id="${FIRST_PAINT_BLOCK_ID}">([^<]*)</script>`,
    ).exec(html);
    expect(html.match(/<script type="application\/json"/g)).toHaveLength(1);
    expect(block?.[1]).toContain('\\u003c/script>');
    const visitorAnswer = await page(`/api/josies/${josie._id}`);
    const state = JSON.parse(block?.[1] ?? '') as FirstPaintState;
    expect(state.queries).toHaveLength(1);
    expect(state.queries[0]?.queryKey).toEqual(['josies', 'one', josie._id]);
    expect(state.queries[0]?.state).toMatchObject({ status: 'success', dataUpdateCount: 0 });
    expect(state.queries[0]?.state.data).toEqual(visitorAnswer.json());
  });

  it('uses the audio item cover when there is no image, and a summary card when there is neither', async () => {
    const withCover = await buildJosieViaApi(ctx, curator, {
      title: 'Cover',
      paragraphs: [
        {
          type: 'audioItem',
          content: {
            url: MEDIA.track,
            name: 'Blinding Lights',
            image: 'https://i.scdn.co/image/ab67616d0000b273',
          },
        },
      ],
    });
    await approveJosie(ctx, editor, withCover._id);
    const covered = (await page(`/josie/${withCover._id}`)).body;
    expect(meta(covered, 'og:image')).toBe('https://i.scdn.co/image/ab67616d0000b273');
    expect(meta(covered, 'og:description')).toBe('A josie by Maya &quot;Groove&quot; &lt;DJ&gt; on Josie');

    const bare = await buildJosieViaApi(ctx, curator, { title: 'Bare', paragraphs: [] });
    await approveJosie(ctx, editor, bare._id);
    const html = (await page(`/josie/${bare._id}/`)).body;
    expect(meta(html, 'og:image')).toBeUndefined();
    expect(meta(html, 'twitter:card')).toBe('summary');
  });

  it('leaves the page unchanged for pending josies, unknown ids and other pages', async () => {
    const pending = await buildJosieViaApi(ctx, curator, { title: 'Secret draft' });
    for (const path of [
      `/josie/${pending._id}`,
      `/josie/${crypto.randomUUID()}`,
      '/josie/not-an-id',
      '/josie/new',
      `/josie/edit/${pending._id}`,
      '/my-josies',
    ]) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toBe(SERVED_SHELL);
    }
  });
});

describe("a josie page's first paint from the web build's server rendering (docs/performance.md)", () => {
  let ctx: TestContext;
  let published: { _id: string; title: string };
  let pending: { _id: string };

  beforeAll(async () => {
    // A stand-in for `apps/web/src/prerender/pages.ts`'s build: what it was asked to render.
    ctx = await createWebTestContext(SHELL, {
      prepare: (webDir) =>
        writePageRenderers(webDir, {
          josiePage: "return '<p>' + [language, josie.title, josie.likedByMe, path].join('|') + '</p>';",
        }),
    });
    const curator = await buildUser(ctx, { role: 'curator' });
    const editor = await buildUser(ctx, { role: 'editor' });
    published = await buildJosieViaApi(ctx, curator, { title: 'Rooftop' });
    await approveJosie(ctx, editor, published._id);
    pending = await buildJosieViaApi(ctx, curator, { title: 'Draft' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const page = (path: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url: path, headers }).then((res) => res.body);

  it("renders a visitor's josie into #root, with the page's language", async () => {
    const html = await page(`/josie/${published._id}`, { 'accept-language': 'he-IL,he;q=0.9' });
    // The language_select flag is off by default: English, whatever the browser prefers.
    expect(html).toContain('<html lang="en" dir="ltr" data-language-select="off">');
    expect(html).toContain(
      `<div id="root" data-lang="en"><p>en|Rooftop|false|/josie/${published._id}</p></div>`,
    );
    // The server rendering is not served as a file.
    expect((await ctx.app.inject({ url: '/.ssr/pages.mjs' })).body).not.toContain('renderJosiePage');
  });

  it('follows the lng query, the i18next cookie and Accept-Language, in that order, once languages are on', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const setLanguages = (value: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/flags/language_select',
        headers: admin.auth,
        payload: { value },
      });
    expect((await setLanguages('true')).statusCode).toBe(200);
    const language = async (headers: Record<string, string>, query = '') => {
      const html = await page(`/josie/${published._id}${query}`, headers);
      return [
        /<html lang="(\w+)" dir="(\w+)" data-language-select="on">/.exec(html)?.slice(1),
        /data-lang="(\w+)"/.exec(html)?.[1],
      ];
    };
    expect(await language({ 'accept-language': 'he-IL,he;q=0.9,en;q=0.5' })).toEqual([['he', 'rtl'], 'he']);
    expect(await language({ 'accept-language': 'fr-FR,en;q=0.5' })).toEqual([['en', 'ltr'], 'en']);
    expect(await language({ 'accept-language': 'he', cookie: 'i18next=en' })).toEqual([['en', 'ltr'], 'en']);
    expect(await language({ cookie: 'i18next=en' }, '?lng=he')).toEqual([['he', 'rtl'], 'he']);
    expect(await language({})).toEqual([['en', 'ltr'], 'en']);
    expect((await setLanguages('false')).statusCode).toBe(200);
  });

  /**
   * The page of a josie published on another server, whose web build is `SHELL` plus what `prepare` writes
   * into its folder.
   */
  async function josiePageBuiltWith(prepare: (webDir: string) => void, title: string) {
    const other = await createWebTestContext(SHELL, { prepare });
    try {
      const curator = await buildUser(other, { role: 'curator' });
      const editor = await buildUser(other, { role: 'editor' });
      const josie = await buildJosieViaApi(other, curator, { title });
      await approveJosie(other, editor, josie._id);
      return { josie, res: await other.app.inject({ url: `/josie/${josie._id}` }) };
    } finally {
      await other.close();
    }
  }

  it('serves the page without its first paint when the rendering fails', async () => {
    const { josie, res } = await josiePageBuiltWith(
      (webDir) => writePageRenderers(webDir, { josiePage: "throw new Error('broken');" }),
      'Still readable',
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain(`id="${FIRST_PAINT_BLOCK_ID}"`);
    expect(res.body).toContain(`"queryKey":["josies","one","${josie._id}"]`);
  });

  it('starts and serves pages without their first paint when the renderings fail to load', async () => {
    const { res } = await josiePageBuiltWith((webDir) => {
      writePageRenderers(webDir, {});
      writeFileSync(join(webDir, '.ssr', 'pages.mjs'), "throw new Error('a build of another version');\n");
    }, 'Still served');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('leaves pending josies and other pages without one', async () => {
    expect(await page(`/josie/${pending._id}`)).toBe(SERVED_SHELL);
    // `/` has its canonical link (decision 0042), and nothing else.
    expect(await page('/')).toBe(
      SERVED_SHELL.replace(
        '  </head>',
        `    <link rel="canonical" href="${ctx.config.publicUrl}/">\n  </head>`,
      ),
    );
  });
});
