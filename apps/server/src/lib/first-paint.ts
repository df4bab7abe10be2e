import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  FIRST_PAINT_BLOCK_ID,
  type FirstPaintQuery,
  type FirstPaintState,
  flagEnabled,
  type Josie,
  LANGUAGES,
  type Language,
  MANIFESTS,
} from '@josie/contract';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';

// The pages the server renders for their first paint (docs/performance.md; decisions 0007 and 0008): the web
// build's renderings, the answers written beside them for the app, and the language they are drawn in.

/**
 * The web build's server renderings (`apps/web/src/prerender/pages.ts`). Each answers the HTML of one
 * page's view for `#root`.
 */
export interface PageRenderers {
  /** A published josie's page for a visitor, in `language`, at `path` (decision 0007). */
  renderJosiePage(josie: Josie, language: Language, path: string): string;
  /**
   * The signed-in home feed for the user of `state`'s `PAGE_QUERY_KEYS.servedUser` query, from the answers
   * to the page's first reads as written into the page (decision 0008).
   */
  renderHomeFeedPage(state: FirstPaintState, language: Language): string;
}

/** Where `npm run build` writes the server renderings, inside the web build (a dot folder: never served). */
export const PAGE_RENDERERS_MODULE = join('.ssr', 'pages.mjs');

/**
 * Loads the web build's page renderings from `distDir`, or answers undefined when the build has none (a
 * build without its server step, or no build): pages are then served without their first paint.
 * @throws Error when the module exists but lacks one of the renderings (a build of another version), or
 *   fails as it loads; `app.ts` then serves the pages without their first paint.
 */
export async function loadPageRenderers(distDir: string): Promise<PageRenderers | undefined> {
  const file = join(distDir, PAGE_RENDERERS_MODULE);
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as Partial<PageRenderers>;
  const { renderJosiePage, renderHomeFeedPage } = module;
  if (typeof renderJosiePage !== 'function' || typeof renderHomeFeedPage !== 'function') {
    throw new Error(`${file} does not export renderJosiePage and renderHomeFeedPage`);
  }
  return { renderJosiePage, renderHomeFeedPage };
}

/** The supported language `value` names (`he`, `he-IL`...), else undefined. */
function supported(value: string | undefined): Language | undefined {
  const base = value?.toLowerCase().split('-')[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : undefined;
}

/** The supported language the page's `lng` query asks for, else undefined. */
function linkedLanguage(request: FastifyRequest): Language | undefined {
  return supported(new URL(request.url, 'http://josie').searchParams.get('lng') ?? undefined);
}

/** The language cookie's lifetime (s): a year, as the app's own (`apps/web/src/i18n/index.ts`). */
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The language the app will open in, as far as the server can tell
 * (docs/product/rules-and-limits.md#constants detection order, as `apps/web/src/i18n/index.ts`): the `lng`
 * query, the `i18next` cookie, then the browser's languages (`Accept-Language`); English while the
 * `language_select` flag is off. The app also reads its stored choice, which the server cannot see:
 * `shell.js` drops a first paint in the other language.
 */
export function pageLanguage(request: FastifyRequest, languageSelect: string | undefined): Language {
  if (!flagEnabled('language_select', languageSelect)) return 'en';
  const query = linkedLanguage(request);
  const cookie = parseCookie(request.headers.cookie ?? '').i18next;
  const accepted = new Negotiator(request).languages();
  for (const candidate of [query, cookie, ...accepted]) {
    const language = supported(candidate);
    if (language) return language;
  }
  return 'en';
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML attribute value or element content. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * A JSON text written into a {@link firstPaintBlock} as it is (a read cache's answer, byte for byte). A class,
 * so that no answer that merely has a `json` field is mistaken for one.
 */
export class JsonText {
  constructor(readonly json: string) {}
}

/** `query` as JSON, its data written as it is when it is a {@link JsonText}. */
function queryJson(query: FirstPaintQuery<unknown>): string {
  const { state, ...rest } = query;
  const { data, ...meta } = state;
  const dataJson = data instanceof JsonText ? data.json : JSON.stringify(data);
  return `${JSON.stringify(rest).slice(0, -1)},"state":{"data":${dataJson},${JSON.stringify(meta).slice(1)}}`;
}

/**
 * The answers to a page's first reads as the page's one `<script type="application/json">` data block
 * ({@link FIRST_PAINT_BLOCK_ID}): a TanStack dehydrated state (`{queries}`, keyed by the contract's
 * `PAGE_QUERY_KEYS`) that the app hydrates its query client from before its first render
 * (`apps/web/src/api/firstPaint.ts`, decision 0017), marked with the user it was written for (none: a
 * visitor's page). A query's data may be a {@link JsonText}, written as it is. `<` is written as its JSON
 * escape, so no `</script>` or `<!--` inside a title or text can end the block (JSON.parse reads it back
 * unchanged). A data block is never run, so the CSP's script rules do not apply to it.
 */
export function firstPaintBlock(queries: readonly FirstPaintQuery<unknown>[], userId?: string): string {
  const user = userId ? ` data-user="${escapeHtml(userId)}"` : '';
  const json = `{"queries":[${queries.map(queryJson).join(',')}]}`;
  const escaped = json.replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_PAINT_BLOCK_ID}"${user}>${escaped}</script>`;
}

/**
 * `html` with its `<html>` tag set for the page's language (`lang`, `dir`) and marked with the
 * `language_select` flag (`data-language-select="on"|"off"`): `shell.js` opens a page in English while it is
 * off, in the detected language otherwise, and draws its skeleton in that language before anything is
 * painted (docs/decisions/0026-hebrew-first-paint.md). Unchanged when it has no `<html>` tag.
 */
export function withDocumentLanguage(html: string, language: Language, languageSelect: boolean): string {
  const dir = language === 'he' ? 'rtl' : 'ltr';
  const select = languageSelect ? 'on' : 'off';
  return html.replace(
    /<html[^>]*>/,
    () => `<html lang="${language}" dir="${dir}" data-language-select="${select}">`,
  );
}

/** The data block where the web build lists the Heebo faces of a Hebrew first paint (`apps/web/vite.plugins.ts`). */
const HEBREW_FONTS_BLOCK = /<script type="application\/json" id="josie-hebrew-fonts">([^<]*)<\/script>/;

/**
 * `<link rel="preload">` tags for the fonts `html`'s Hebrew fonts block lists (the faces of a Hebrew page's
 * largest first-paint texts, decision 0026); none when it has no such block or it is not a list of
 * same-origin paths.
 */
export function hebrewFontPreloads(html: string): string[] {
  const listed = HEBREW_FONTS_BLOCK.exec(html)?.[1];
  if (!listed) return [];
  let urls: unknown;
  try {
    urls = JSON.parse(listed);
  } catch {
    return [];
  }
  if (!Array.isArray(urls)) return [];
  return urls
    .filter((url): url is string => typeof url === 'string' && /^\/[\w./-]+$/.test(url))
    .map((url) => `<link rel="preload" as="font" type="font/woff2" href="${url}" crossorigin>`);
}

/**
 * `html` with its `<link rel="manifest">` on the Hebrew manifest: written by the server, the browser fetches
 * the page's own manifest once, where the app's switch from the English one after it starts made it fetch
 * both.
 */
function withHebrewManifest(html: string): string {
  return html.replace(/(<link rel="manifest" href=")[^"]*"/, `$1${MANIFESTS.he}"`);
}

/**
 * The app shell's language for every page it is served for (the last of the web plugin's rewrites): the
 * {@link pageLanguage} and the `language_select` flag, written by {@link withDocumentLanguage}, so that a
 * Hebrew reader's first paint is right to left and in Hebrew from the first frame, and an English one stays
 * English while the flag is off whatever the browser prefers (decision 0026). A page served in Hebrew also
 * preloads the Heebo faces of its largest texts from the top of `<head>` ({@link hebrewFontPreloads}), so the
 * first paint draws them in Heebo, and links the Hebrew manifest. A `?lng=` link's language is remembered in
 * the `i18next` cookie, as the app remembers it once it runs (`LanguageSync`): a link followed on the first
 * paint, before the app takes over, loads a page without the query, which must open in the same language.
 * `flags` is the flag service (cached: no statement per page).
 */
export function documentLanguageTransform(flags: {
  all(): Promise<{ language_select?: string }>;
}): (request: FastifyRequest, html: string, reply: Pick<FastifyReply, 'header'>) => Promise<string> {
  return async (request, html, reply) => {
    const languageSelect = (await flags.all()).language_select;
    const language = pageLanguage(request, languageSelect);
    if (flagEnabled('language_select', languageSelect) && linkedLanguage(request)) {
      reply.header(
        'set-cookie',
        stringifySetCookie({
          name: 'i18next',
          value: language,
          maxAge: LANGUAGE_COOKIE_MAX_AGE_S,
          path: '/',
          sameSite: 'lax',
        }),
      );
    }
    const marked = withDocumentLanguage(html, language, flagEnabled('language_select', languageSelect));
    if (language !== 'he') return marked;
    return withHeadTags(withHebrewManifest(marked), hebrewFontPreloads(marked), 'start');
  };
}

/**
 * `html` with `body` as the content of its empty `#root`, marked with its language and, for a page
 * rendered for a signed-in user, that user (`shell.js` drops a first paint in another language or for
 * another user), and `<html lang dir>` set for `language`; unchanged when it has no empty root.
 */
export function withFirstPaint(html: string, body: string, language: Language, userId?: string): string {
  const root = '<div id="root"></div>';
  if (!html.includes(root)) return html;
  const dir = language === 'he' ? 'rtl' : 'ltr';
  const user = userId ? ` data-user="${escapeHtml(userId)}"` : '';
  return html
    .replace(/<html[^>]*>/, () => `<html lang="${language}" dir="${dir}">`)
    .replace(root, () => `<div id="root" data-lang="${language}"${user}>${body}</div>`);
}

/**
 * `html` with `tags` added to its `<head>`: at its `end`, or at its `start` (right after the charset
 * declaration, which must stay first), where the browser finds them before the app's own scripts and
 * styles. Unchanged when it has no head.
 */
export function withHeadTags(html: string, tags: readonly string[], where: 'start' | 'end' = 'end'): string {
  if (tags.length === 0) return html;
  const joined = tags.join('\n    ');
  if (where === 'end') {
    return html.includes('</head>') ? html.replace('</head>', () => `  ${joined}\n  </head>`) : html;
  }
  const opening = /<meta\s+charset=[^>]*>/i.exec(html) ?? /<head[^>]*>/i.exec(html);
  if (!opening) return html;
  const at = opening.index + opening[0].length;
  return `${html.slice(0, at)}\n    ${joined}${html.slice(at)}`;
}
