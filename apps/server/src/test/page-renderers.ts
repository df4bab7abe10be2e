import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_RENDERERS_MODULE } from '../lib/first-paint.js';

/**
 * Writes a stand-in for the web build's server renderings (`apps/web/src/prerender/pages.ts`, built to
 * `{webDir}/.ssr/pages.mjs`): each rendering's body is JavaScript over its parameters (`josie, language,
 * path` and `state, language`, `state` a `FirstPaintState`), e.g. `return '<p>' + language + '</p>';`.
 * One left out answers an empty string.
 */
export function writePageRenderers(
  webDir: string,
  bodies: { josiePage?: string; homeFeedPage?: string },
): void {
  mkdirSync(join(webDir, '.ssr'), { recursive: true });
  writeFileSync(
    join(webDir, PAGE_RENDERERS_MODULE),
    [
      `export function renderJosiePage(josie, language, path) { ${bodies.josiePage ?? "return '';"} }`,
      `export function renderHomeFeedPage(state, language) { ${bodies.homeFeedPage ?? "return '';"} }`,
      '',
    ].join('\n'),
  );
}
