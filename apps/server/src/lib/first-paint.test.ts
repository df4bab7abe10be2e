import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { hebrewFontPreloads, withDocumentLanguage } from './first-paint.js';

const SHELL = `<!doctype html>
<html lang="en" dir="ltr">
  <head><meta charset="UTF-8" /><title>Josie</title>
  <link rel="manifest" href="/manifest.webmanifest" />
  <script type="application/json" id="josie-hebrew-fonts">["/assets/heebo-hebrew-800-normal-x.woff2"]</script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** `<html>`'s language, direction and flag mark of a served page. */
const documentLanguage = (html: string) =>
  /<html lang="(\w+)" dir="(\w+)" data-language-select="(\w+)">/.exec(html)?.slice(1);

describe('withDocumentLanguage', () => {
  it("sets <html>'s language, direction and flag mark, and leaves a page without <html> alone", () => {
    expect(withDocumentLanguage(SHELL, 'he', true)).toContain(
      '<html lang="he" dir="rtl" data-language-select="on">',
    );
    expect(withDocumentLanguage(SHELL, 'en', false)).toContain(
      '<html lang="en" dir="ltr" data-language-select="off">',
    );
    expect(withDocumentLanguage('<p>no page</p>', 'he', true)).toBe('<p>no page</p>');
  });

  it("preloads the fonts of the web build's Hebrew fonts block, same-origin paths only", () => {
    expect(hebrewFontPreloads(SHELL)).toEqual([
      '<link rel="preload" as="font" type="font/woff2" href="/assets/heebo-hebrew-800-normal-x.woff2" crossorigin>',
    ]);
    const block = (json: string) =>
      `<script type="application/json" id="josie-hebrew-fonts">${json}</script>`;
    expect(hebrewFontPreloads(block('["https://evil.example/f.woff2", "/a\\"b.woff2"]'))).toEqual([]);
    expect(hebrewFontPreloads(block('not json'))).toEqual([]);
    expect(hebrewFontPreloads('<head></head>')).toEqual([]);
  });
});

describe("every page's language before the first paint (decision 0026)", () => {
  let ctx: TestContext;
  let webDir: string;
  let setLanguages: (value: string) => Promise<void>;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'josie-web-'));
    writeFileSync(join(webDir, 'index.html'), SHELL);
    ctx = await createTestContext({ WEB_DIST_DIR: webDir });
    const admin = await buildUser(ctx, { role: 'admin' });
    setLanguages = async (value) => {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/flags/language_select',
        headers: admin.auth,
        payload: { value },
      });
      expect(res.statusCode).toBe(200);
    };
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const served = async (path: string, headers: Record<string, string> = {}) =>
    documentLanguage((await ctx.app.inject({ url: path, headers })).body);

  it('serves English, marked off, while the language_select flag is off, whatever the browser asks', async () => {
    for (const path of ['/', '/login', '/explore', '/josie/not-a-josie']) {
      expect(await served(path, { 'accept-language': 'he-IL,he;q=0.9' }), path).toEqual(['en', 'ltr', 'off']);
      expect(await served(path, { cookie: 'i18next=he' }), path).toEqual(['en', 'ltr', 'off']);
    }
  });

  it('serves Hebrew, right to left, to a Hebrew reader once the flag is on: query, cookie, then browser', async () => {
    await setLanguages('true');
    try {
      for (const path of ['/', '/login', '/explore']) {
        const hebrew = (await ctx.app.inject({ url: path, headers: { cookie: 'i18next=he' } })).body;
        expect(documentLanguage(hebrew), path).toEqual(['he', 'rtl', 'on']);
        // The Heebo faces of the first paint, fetched before the page's style sheet and scripts.
        expect(hebrew).toMatch(
          /<meta charset="UTF-8" \/>\s*<link rel="preload" as="font" type="font\/woff2" href="\/assets\/heebo-hebrew-800-normal-x.woff2" crossorigin>/,
        );
        // The Hebrew manifest from the start: the app would otherwise switch to it, and the browser fetch both.
        expect(hebrew).toContain('<link rel="manifest" href="/manifest.he.webmanifest" />');
        expect(hebrew).not.toContain('/manifest.webmanifest');
        expect(await served(path, { 'accept-language': 'he-IL,he;q=0.9,en;q=0.5' }), path).toEqual([
          'he',
          'rtl',
          'on',
        ]);
        expect(await served(`${path}?lng=he`, { cookie: 'i18next=en' }), path).toEqual(['he', 'rtl', 'on']);
        expect(await served(path, { cookie: 'i18next=en', 'accept-language': 'he' }), path).toEqual([
          'en',
          'ltr',
          'on',
        ]);
        // Nothing the server can see says Hebrew: English, and `shell.js` reads the stored choice.
        const english = (await ctx.app.inject({ url: path })).body;
        expect(documentLanguage(english), path).toEqual(['en', 'ltr', 'on']);
        expect(english).not.toContain('rel="preload" as="font"');
        expect(english).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
      }
    } finally {
      await setLanguages('false');
    }
  });

  it("remembers a link's language in the cookie the next page is served by, once the flag is on", async () => {
    // A link followed on the first paint, before the app takes over, loads a page without `?lng=`: the
    // cookie set with this answer keeps it in the linked language, as the app's own choice would.
    const cookieOf = async (path: string) =>
      (await ctx.app.inject({ url: path })).headers['set-cookie'] as string | undefined;
    expect(await cookieOf('/explore?lng=he')).toBeUndefined();
    await setLanguages('true');
    try {
      expect(await cookieOf('/explore?lng=he-IL')).toBe('i18next=he; Max-Age=31536000; Path=/; SameSite=Lax');
      expect(await cookieOf('/?lng=en')).toBe('i18next=en; Max-Age=31536000; Path=/; SameSite=Lax');
      for (const path of ['/explore', '/explore?lng=fr', '/explore?lng=']) {
        expect(await cookieOf(path), path).toBeUndefined();
      }
      const next = await ctx.app.inject({ url: '/explore', headers: { cookie: 'i18next=he' } });
      expect(documentLanguage(next.body)).toEqual(['he', 'rtl', 'on']);
    } finally {
      await setLanguages('false');
    }
  });
});
