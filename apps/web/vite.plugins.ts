import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { minify, type Plugin, type Rollup } from 'vite';
import en from './src/i18n/locales/en/index.ts';
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

/** The pages `src/shell/shell.js` preloads, by its route names (see there). */
export const SHELL_ROUTES = {
  home: 'src/features/home/PublicHomePage.tsx',
  feed: 'src/features/feed/HomeFeedPage.tsx',
  josie: 'src/features/josie/JosieViewPage.tsx',
} as const;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** The English text of a dotted locale key, HTML-escaped; throws for a key that has no text. */
export function englishText(key: string): string {
  let value: unknown = en;
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== 'string') throw new Error(`index.html: no English text for {{t:${key}}}`);
  return value.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Writes the English texts into `index.html`'s skeletons (`{{t:key}}`). */
export function fillTexts(html: string): string {
  return html.replace(/\{\{t:([\w.]+)\}\}/g, (_, key: string) => englishText(key));
}

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
  const loadedByEntry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
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
 * the English texts into `index.html`'s skeletons, and builds the script ({@link shellScript}): the values
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
      await writeFile(join(outDir, 'index.html'), page);
    },
  };
}
