import { LANGUAGES, type Language } from '@josie/contract';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { importWithRetry } from '../lib/importRetry';

/**
 * Interface languages (docs/product/rules-and-limits.md#constants): English is the default. Each language's
 * first texts are a chunk of their own (`areas.ts`), loaded (and preloaded by `src/shell/shell.js`) for the
 * language the interface opens in, so neither language's pages download the other's; the rest of a
 * language's texts loads with the later pages ({@link loadAllTexts}).
 */
export const DEFAULT_LANGUAGE: Language = 'en';

/** The cookie the detector reads (docs/product/rules-and-limits.md#constants) and the server too, for a josie page's first paint. */
export const LANGUAGE_COOKIE = 'i18next';
const YEAR_S = 365 * 24 * 60 * 60;

/** localStorage key the detector reads and the language toggle writes (docs/product/rules-and-limits.md#constants). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** Detection order of docs/product/rules-and-limits.md#constants: query `lng`, cookie `i18next`, localStorage, session storage, navigator, html tag. */
export const DETECTION_ORDER = [
  'querystring',
  'cookie',
  'localStorage',
  'sessionStorage',
  'navigator',
  'htmlTag',
];

/**
 * A language's first texts (`areas.ts`): the first pages read no other. Copies, as the whole texts: i18next
 * merges the later texts into the objects it holds, which must not be the modules' own (they would no longer
 * say what the first pages load).
 */
const firstTexts: Record<Language, () => Promise<ResourceKey>> = {
  en: async () => structuredClone((await importWithRetry(() => import('./locales/en/first.js'))).default),
  he: async () => structuredClone((await importWithRetry(() => import('./locales/he/first.js'))).default),
};

/** A language's whole texts: its first texts and the rest (`areas.ts`). */
const wholeTexts: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  en: () => import('./locales/en/index.js'),
  he: () => import('./locales/he/index.js'),
};

/**
 * Set by the first {@link loadAllTexts}: from then on the backend loads a language whole (a switch of language
 * on a later page must not leave that page without its texts).
 */
let allTextsWanted = false;
/** A language's whole texts, downloaded once (a failed download is tried again at the next call), copied. */
const wholeDownloads = new Map<Language, Promise<ResourceKey>>();
/** A language's whole texts added to i18next's, once. */
const wholeAdded = new Map<Language, Promise<void>>();

function downloadWhole(language: Language): Promise<ResourceKey> {
  let download = wholeDownloads.get(language);
  if (!download) {
    download = importWithRetry(wholeTexts[language]).then(
      ({ default: texts }) => structuredClone(texts),
      (error: unknown) => {
        wholeDownloads.delete(language);
        throw error;
      },
    );
    wholeDownloads.set(language, download);
  }
  return download;
}

function addWhole(language: Language): Promise<void> {
  let added = wholeAdded.get(language);
  if (!added) {
    added = downloadWhole(language).then(
      (texts) => {
        i18n.addResourceBundle(language, 'translation', texts, true, true);
      },
      (error: unknown) => {
        wholeAdded.delete(language);
        throw error;
      },
    );
    wholeAdded.set(language, added);
  }
  return added;
}

const isLanguage = (language: unknown): language is Language =>
  (LANGUAGES as readonly unknown[]).includes(language);

/**
 * Loads the texts that are not the first pages' (`areas.ts`, docs/performance.md) in the interface language
 * and adds them to its texts, once (a failed download is tried again, decision 0012); from then on, every
 * language is loaded whole: by the backend, or by {@link changeInterfaceLanguage} for a language i18next
 * holds the first texts of. The router's page loader waits for it before rendering a page other than the
 * first pages (home, feed, josie), so those areas are always there when read, in English and in Hebrew.
 * Waits for i18next's first language (a later page opened first asks before it is known). Rejects when a
 * chunk cannot be loaded (the page's loading fails with it).
 */
export function loadAllTexts(): Promise<void> {
  allTextsWanted = true;
  return i18nReady.then(() => addWhole(currentLanguage()));
}

/**
 * Switches i18next to `language`, with all its texts once a later page has asked for them
 * ({@link loadAllTexts}): i18next does not ask the backend again for a language it holds the first texts of.
 * Resolves when the language is applied, or, when its texts cannot be loaded (after the retries of decision
 * 0012), with a warning and the language unchanged: a page is never shown without its texts.
 */
export async function changeInterfaceLanguage(language: Language): Promise<void> {
  if (allTextsWanted) {
    try {
      await addWhole(language);
    } catch (error) {
      console.warn(`The ${language} texts failed to load; the language stays`, error);
      return;
    }
  }
  await i18n.changeLanguage(language);
}

/**
 * Loads a language's texts on demand (an i18next backend over dynamic imports): its first texts, or all of
 * them once a later page has asked for them ({@link loadAllTexts}), also when it asked while the first ones
 * were on their way (i18next applies a language once its texts are here).
 */
const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    if (!isLanguage(language)) {
      callback(new Error(`Unsupported language ${language}`), false);
      return;
    }
    const texts = allTextsWanted
      ? downloadWhole(language)
      : firstTexts[language]().then((first) => (allTextsWanted ? downloadWhole(language) : first));
    texts.then(
      (loaded) => callback(null, loaded),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

/** The writing direction of a language: Hebrew is right to left. */
export function directionOf(language: string | undefined): 'rtl' | 'ltr' {
  return language?.startsWith('he') ? 'rtl' : 'ltr';
}

/** The active interface language, narrowed to the supported ones. */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return (LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : DEFAULT_LANGUAGE;
}

/**
 * Sets `<html lang>` and `<html dir>` for a language, so the whole page mirrors in Hebrew. Writes only what
 * differs: the server and `src/shell/shell.js` have usually set both already (decision 0026), and Chromium
 * restyles the whole document on any write of either to `<html>`, even of the value it holds (on the
 * server-rendered feed, a style pass in the middle of the first render: docs/performance.md).
 */
export function applyDocumentLanguage(language: string): void {
  // Rendered on the server too (`src/prerender/`), where there is no document.
  if (typeof document === 'undefined') return;
  const lng = (LANGUAGES as readonly string[]).includes(language) ? language : DEFAULT_LANGUAGE;
  const html = document.documentElement;
  const dir = directionOf(lng);
  if (html.lang !== lng) html.lang = lng;
  if (html.dir !== dir) html.dir = dir;
}

i18n.on('languageChanged', applyDocumentLanguage);

/**
 * Initialises i18next once: detection per docs/product/rules-and-limits.md#constants without caching (only an
 * explicit choice is stored, see {@link chooseLanguage}, so forcing English while the language flag is off
 * never overwrites it). Resolves when the detected language's texts are loaded.
 */
export const i18nReady = i18n
  .use(localeBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...LANGUAGES],
    // English for a language not supported; none for Hebrew, whose keys are English's (`locales.test.ts`):
    // a Hebrew page would otherwise load the English texts too.
    fallbackLng: { he: [], default: [DEFAULT_LANGUAGE] },
    load: 'languageOnly',
    nonExplicitSupportedLngs: true,
    detection: {
      order: DETECTION_ORDER,
      lookupQuerystring: 'lng',
      lookupCookie: LANGUAGE_COOKIE,
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      lookupSessionStorage: LANGUAGE_STORAGE_KEY,
      caches: [],
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  .then(() => applyDocumentLanguage(currentLanguage()));

/** The language the visitor would get if the choice were free: stored choice, query, browser... */
export function detectedLanguage(): Language {
  const detected = i18n.services.languageDetector?.detect(DETECTION_ORDER);
  const candidates = Array.isArray(detected) ? detected : detected ? [detected] : [];
  for (const candidate of candidates) {
    const base = candidate.toLowerCase().split('-')[0];
    if ((LANGUAGES as readonly string[]).includes(base ?? '')) return base as Language;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * Switches the interface language on the user's request and remembers the choice
 * (docs/product/rules-and-limits.md#constants): in localStorage, and in the `i18next` cookie, so that the
 * server renders a josie page's first paint in the chosen language (decision 0007) instead of the browser's.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Without storage the choice lasts for this page only.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: one synchronous write; the Cookie Store API is missing in browsers we support (Safari before 18.4)
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${YEAR_S}; samesite=lax`;
  await changeInterfaceLanguage(language);
}

export { i18n };
