import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { minify, type Plugin, type Rollup } from 'vite';
import en from './src/i18n/locales/en/index.ts';
import he from './src/i18n/locales/he/index.ts';
import { shellApiPaths } from './src/shell/apiPaths.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every script and style sheet of `dist/assets`,
 * at the highest levels (done once per build, so the time is free). The server sends them to browsers that
 * accept them (`@fastify/static`'s `preCompressed`): about a third of the bytes on the wire, which is what
 * a phone on a slow network waits for before the first paint (docs/performance.md; Lighthouse simulates slow
 * 4G). The service worker precaches the plain files only (its glob ends in `.js`/`.css`).
 */
export function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'josie-precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle() {
      const assets = join(outDir, 'assets');
      const files = (await readdir(assets)).filter((name) => /\.(js|css)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = join(assets, name);
          const body = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
            gzipAsync(body, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The pages `src/shell/shell.js` preloads, by its route names (see there), and each language's first texts
 * (`en`, `he`: `src/i18n/areas.ts`), which it preloads for the language the interface opens in: the app waits
 * for them before its first render, and would only ask for them once its entry has run (decision 0026).
 */
export const SHELL_ROUTES = {
  home: 'src/features/home/PublicHomePage.tsx',
  feed: 'src/features/feed/HomeFeedPage.tsx',
  josie: 'src/features/josie/JosieViewPage.tsx',
  en: 'src/i18n/locales/en/first.ts',
  he: 'src/i18n/locales/he/first.ts',
} as const;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** The texts the skeletons are written in, by language (docs/product/rules-and-limits.md#constants). */
const SKELETON_TEXTS = { en, he } as const;

/** The languages of the skeletons: English, and Hebrew (right to left, decision 0026). */
export type SkeletonLanguage = keyof typeof SKELETON_TEXTS;

/**
 * The text of a dotted locale key in `language`, HTML-escaped.
 * @throws Error for a key that has no text in that language (the build stops: a skeleton must not show a
 *   key, nor English on a Hebrew page).
 */
export function localeText(key: string, language: SkeletonLanguage = 'en'): string {
  let value: unknown = SKELETON_TEXTS[language];
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== 'string') throw new Error(`index.html: no ${language} text for {{t:${key}}}`);
  return value.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c] ?? c);
}

const TEXT_KEY = /\{\{t:([\w.]+)\}\}/g;
/** A skeleton of `index.html`: `<template id="josie-shell-…">`, its id and its markup. */
const SKELETON = /<template id="(josie-shell-[\w-]+)">([\s\S]*?)<\/template>/g;

/**
 * Writes the texts into `index.html`'s skeletons (`{{t:key}}`): each skeleton in English, followed by its
 * Hebrew twin, `<template id="josie-shell-…-he">`, the same markup with the Hebrew texts, which
 * `src/shell/shell.js` copies when the interface opens in Hebrew (decision 0026). Texts outside the
 * skeletons are written in English.
 */
export function fillTexts(html: string): string {
  const fill = (markup: string, language: SkeletonLanguage) =>
    markup.replace(TEXT_KEY, (_, key: string) => localeText(key, language));
  const withTwins = html.replace(
    SKELETON,
    (whole, id: string, markup: string) =>
      `${fill(whole, 'en')}\n    <template id="${id}-he">${fill(markup, 'he')}</template>`,
  );
  return fill(withTwins, 'en');
}

/**
 * The Heebo faces a Hebrew first paint draws its largest text in: the home page's heading (800) and the josie
 * page's paragraphs (400), Hebrew subset (decision 0026). Preloaded, the skeleton's heading is drawn in Heebo
 * from the first paint; else it is drawn in a fallback face, and the app's own heading, drawn later in Heebo
 * and larger, becomes the page's largest paint.
 */
export const HEBREW_FIRST_PAINT_FONTS = [
  /heebo-hebrew-800-normal-[\w-]+\.woff2$/,
  /heebo-hebrew-400-normal-[\w-]+\.woff2$/,
];

/** The id of `index.html`'s data block listing {@link HEBREW_FIRST_PAINT_FONTS}' URLs (the server reads it). */
export const HEBREW_FONTS_BLOCK_ID = 'josie-hebrew-fonts';

/**
 * `html` with a JSON data block, before `</head>`, of the URLs of {@link HEBREW_FIRST_PAINT_FONTS} among
 * `files` (the bundle's file names): the server preloads them on the pages it serves in Hebrew
 * (`apps/server/src/lib/first-paint.ts`). A data block, never run: the CSP's script rules do not apply.
 * @throws Error when a face is not in the bundle (the Heebo package changed its file names).
 */
export function withHebrewFonts(html: string, files: readonly string[]): string {
  const urls = HEBREW_FIRST_PAINT_FONTS.map((face) => {
    const file = files.find((name) => face.test(name));
    if (!file) throw new Error(`app shell: no font file matches ${face}`);
    return `/${file}`;
  });
  const block = `<script type="application/json" id="${HEBREW_FONTS_BLOCK_ID}">${JSON.stringify(urls)}</script>`;
  if (!html.includes('</head>')) throw new Error('app shell: index.html has no </head>');
  return html.replace('</head>', () => `  ${block}\n  </head>`);
}

/** The build's input name of the embed page (`embed.html`, docs/decisions/0043-embeds.md). */
export const EMBED_ENTRY = 'embed';

/**
 * Route -> the scripts of its page that the entry does not load already: the page's chunk and every chunk
 * it imports statically, as absolute URLs.
 */
export function routePreloads(bundle: Rollup.OutputBundle, root: string): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of byFile.get(file)?.imports ?? []) visit(next);
    };
    for (const file of start) visit(file);
    return seen;
  };
  // The app's entry: the embed page's is another page's, whose scripts the app does not load.
  const appEntries = chunks.filter((chunk) => chunk.isEntry && chunk.name !== EMBED_ENTRY);
  const loadedByEntry = closure(appEntries.map((chunk) => chunk.fileName));
  const preloads: Record<string, string[]> = {};
  for (const [route, source] of Object.entries(SHELL_ROUTES)) {
    const page = chunks.find((chunk) => chunk.facadeModuleId === join(root, source));
    if (!page) throw new Error(`app shell: no chunk for ${source}`);
    preloads[route] = [...closure([page.fileName])]
      .filter((file) => !loadedByEntry.has(file))
      .map((file) => `/${file}`);
  }
  return preloads;
}

/**
 * The first-paint script as the browser gets it: `shell.js`'s `source` after the values it reads, which a
 * classic script cannot import. `JOSIE_SHELL_PRELOADS` is route -> script URLs (see {@link routePreloads});
 * `JOSIE_SHELL_API` is the API paths of the contract's route table that it reads
 * (`src/shell/apiPaths.ts`, docs/decisions/0015-endpoints-in-the-contract.md).
 */
export function shellScript(preloads: Record<string, string[]>, source: string): string {
  return [
    `var JOSIE_SHELL_PRELOADS = ${JSON.stringify(preloads)};`,
    `var JOSIE_SHELL_API = ${JSON.stringify(shellApiPaths())};`,
    source,
  ].join('\n');
}

/**
 * The static first paint (docs/performance.md; `src/shell/shell.js` says what it does). This plugin writes
 * the texts into `index.html`'s skeletons, in English and in Hebrew ({@link fillTexts}), and builds the script ({@link shellScript}): the values
 * it reads (each first page's scripts, known only once the bundle is made, and the API paths of the route
 * table) followed by `shell.js`, written to `assets/shell-<hash>.js` (cached for a year like every asset,
 * and precached by the service worker) and loaded by `index.html`. The development server answers
 * `/shell.js` with the same API paths and no preloads.
 */
export function appShell(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  let script: { fileName: string; source: string } | null = null;
  const shellSource = () => readFile(join(root, 'src/shell/shell.js'), 'utf8');
  return {
    name: 'josie-app-shell',
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
    },
    configureServer(server) {
      server.middlewares.use('/shell.js', (_request, response, next) => {
        shellSource().then((source) => {
          response.setHeader('content-type', 'text/javascript; charset=utf-8');
          response.end(shellScript({}, source));
        }, next);
      });
    },
    transformIndexHtml: {
      order: 'pre',
      handler: fillTexts,
    },
    async generateBundle(_options, bundle) {
      const full = shellScript(routePreloads(bundle, root), await shellSource());
      // Minified: it is parsed before the first paint (and counted in the page's scripts).
      const { code: source, errors } = await minify('shell.js', full);
      if (errors.length > 0) throw new Error(`app shell: ${JSON.stringify(errors)}`);
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      script = { fileName: `assets/shell-${hash}.js`, source };
    },
    // After Vite's own HTML step, which runs in its generateBundle: only now is index.html in the bundle.
    async writeBundle(_options, bundle) {
      if (!script) return;
      await writeFile(join(outDir, script.fileName), script.source);
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('app shell: the build has no index.html');
      // `index.html` marks the tag `vite-ignore` (a classic script, not Vite's to bundle); Vite drops the
      // attribute and leaves its space.
      const page = String(html.source).replace(
        /<script\s+src="\/shell\.js"><\/script>/,
        `<script src="/${script.fileName}"></script>`,
      );
      if (page === html.source) throw new Error('app shell: index.html does not load /shell.js');
      await writeFile(join(outDir, 'index.html'), withHebrewFonts(page, Object.keys(bundle)));
    },
  };
}
