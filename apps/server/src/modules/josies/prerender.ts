import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { flagEnabled, type Josie, LANGUAGES, type Language } from '@josie/contract';
import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';

/**
 * The web build's server rendering of a josie's page for a visitor (`apps/web/src/prerender/josiePage.tsx`):
 * the HTML of the josie view in `language`, at `path`.
 */
export type JosiePageRenderer = (josie: Josie, language: Language, path: string) => string;

/** Where `npm run build` writes the server rendering, inside the web build (a dot folder: never served). */
export const PRERENDER_MODULE = join('.ssr', 'josie-page.mjs');

/**
 * Loads the web build's josie page renderer from `distDir`, or answers undefined when the build has none
 * (a build without its server step, or no build): pages are then served without their first paint.
 */
export async function loadJosiePageRenderer(distDir: string): Promise<JosiePageRenderer | undefined> {
  const file = join(distDir, PRERENDER_MODULE);
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderJosiePage?: JosiePageRenderer };
  if (typeof module.renderJosiePage !== 'function') {
    throw new Error(`${file} does not export renderJosiePage`);
  }
  return module.renderJosiePage;
}

/**
 * The language a visitor's app will open in, as far as the server can tell (spec 000 §9 detection order,
 * as `apps/web/src/i18n/index.ts`): the `lng` query, the `i18next` cookie, then the browser's languages
 * (`Accept-Language`); English while the `language_select` flag is off. The app also reads its stored
 * choice, which the server cannot see: `shell.js` drops a first paint in the other language.
 */
export function pageLanguage(request: FastifyRequest, languageSelect: string | undefined): Language {
  if (!flagEnabled('language_select', languageSelect)) return 'en';
  const supported = (value: string | undefined): Language | undefined => {
    const base = value?.toLowerCase().split('-')[0];
    return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : undefined;
  };
  const query = new URL(request.url, 'http://josie').searchParams.get('lng') ?? undefined;
  const cookie = /(?:^|;\s*)i18next=([^;]*)/.exec(request.headers.cookie ?? '')?.[1];
  const accepted = new Negotiator(request).languages();
  for (const candidate of [query, cookie, ...accepted]) {
    const language = supported(candidate);
    if (language) return language;
  }
  return 'en';
}
