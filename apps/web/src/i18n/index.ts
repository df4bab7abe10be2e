import { LANGUAGES, type Language } from '@josie/contract';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { importWithRetry } from '../lib/importRetry';
import { englishFirst } from './englishFirst';

/**
 * Interface languages (docs/product/rules-and-limits.md#constants): English is the fallback and is bundled
 * with the app; Hebrew (right to left) is a separate chunk loaded when first needed, so English pages do not
 * download it.
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

const loaders: Record<Language, () => Promise<ResourceKey>> = {
  // The rest of English is added by loadAllTexts (the backend reads a language once).
  en: async () => structuredClone(englishFirst),
  he: async () => (await importWithRetry(() => import('./locales/he/index.js'))).default,
};

let allEnglish: Promise<void> | null = null;

/**
 * Loads the English areas that are not bundled with the app's entry (`englishFirst.ts`, docs/performance.md)
 * and adds them to the English texts, once (a failed download is tried again, decision 0012). The router's
 * page loader waits for it before rendering a page other than the first pages (home, feed, josie), so those
 * areas are always there when read. Hebrew is loaded whole by the backend. Rejects when the chunk cannot be
 * loaded (the page's loading fails with it).
 */
export function loadAllTexts(): Promise<void> {
  allEnglish ??= importWithRetry(() => import('./locales/en/index.js')).then(
    ({ default: all }) => {
      i18n.addResourceBundle('en', 'translation', all, true, true);
    },
    (error: unknown) => {
      allEnglish = null;
      throw error;
    },
  );
  return allEnglish;
}

/** Loads a language's texts on demand (an i18next backend over dynamic imports). */
const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    const load = loaders[language as Language];
    if (!load) {
      callback(new Error(`Unsupported language ${language}`), false);
      return;
    }
    load().then(
      (texts) => callback(null, texts),
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

/** Sets `<html lang>` and `<html dir>` for a language, so the whole page mirrors in Hebrew. */
function applyDocumentLanguage(language: string): void {
  // Rendered on the server too (`src/prerender/`), where there is no document.
  if (typeof document === 'undefined') return;
  const lng = (LANGUAGES as readonly string[]).includes(language) ? language : DEFAULT_LANGUAGE;
  document.documentElement.lang = lng;
  document.documentElement.dir = directionOf(lng);
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
    // A deep copy: i18next merges the later texts into the objects it holds, which must not be the
    // bundled areas' own (they would no longer say what the first pages bundle).
    resources: { en: { translation: structuredClone(englishFirst) } },
    partialBundledLanguages: true,
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
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
  await i18n.changeLanguage(language);
}

export { i18n };
