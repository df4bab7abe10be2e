import { GENRE_SEARCH_NAMES, GENRES } from '@josie/contract';
import { describe, expect, it } from 'vitest';
import { FIRST_AREAS, LATER_AREAS } from './areas';
import enFirst from './locales/en/first.js';
import en from './locales/en/index.js';
import heFirst from './locales/he/first.js';
import he from './locales/he/index.js';

type Tree = { [key: string]: string | Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** Keys without plural suffixes, each with the plural forms it has. */
function baseKeys(texts: Map<string, string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const key of texts.keys()) {
    const base = key.replace(PLURAL, '');
    const forms = out.get(base) ?? new Set<string>();
    const form = PLURAL.exec(key)?.[1];
    if (form) forms.add(form);
    out.set(base, forms);
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  const enTexts = flatten(en);
  const heTexts = flatten(he);

  it('have exactly the same keys in English and Hebrew (plural forms aside)', () => {
    expect([...baseKeys(heTexts).keys()].sort()).toEqual([...baseKeys(enTexts).keys()].sort());
  });

  it("give every plural the language's plural forms", () => {
    for (const [language, texts] of [
      ['en', enTexts],
      ['he', heTexts],
    ] as const) {
      const required = new Intl.PluralRules(language)
        .resolvedOptions()
        .pluralCategories.filter((c) => c !== 'many');
      for (const [key, forms] of baseKeys(texts)) {
        if (forms.size === 0) continue;
        for (const category of required)
          expect(forms.has(category), `${language} ${key}_${category}`).toBe(true);
      }
    }
  });

  it('have no empty texts and the same placeholders in both languages', () => {
    for (const [key, text] of [...enTexts, ...heTexts]) expect(text.trim(), key).not.toBe('');
    for (const [key, text] of enTexts) {
      if (PLURAL.test(key)) continue;
      expect(variables(heTexts.get(key) ?? ''), key).toEqual(variables(text));
    }
  });

  it('are written in Hebrew in he.json', () => {
    const brandOnly = new Set([
      'common.appName',
      'nav.switchLanguage',
      'titles.josie',
      'josie.audio.provider.spotify',
      'josie.audio.provider.youtube',
    ]);
    for (const [key, text] of heTexts) {
      if (brandOnly.has(key)) continue;
      expect(/[\u0590-\u05FF]/.test(text), key).toBe(true);
    }
  });

  it("give every seed genre a Hebrew name that search takes as the genre (the contract's GENRE_SEARCH_NAMES)", () => {
    // Search maps the names people type to the stored English identifiers (decision 0021): the name the
    // Hebrew interface shows must be one of them, without its English gloss ("פאנק (Funk)").
    for (const genre of GENRES) {
      const shown = heTexts.get(`common.genreNames.${genre}`);
      expect(shown, genre).toBeDefined();
      const name = (shown ?? '').replace(/\s*\([^)]*\)\s*$/u, '');
      expect(GENRE_SEARCH_NAMES[genre], genre).toContain(name);
    }
  });

  it('keep top-level areas sorted', () => {
    for (const tree of [en, he]) expect(Object.keys(tree)).toEqual([...Object.keys(tree)].sort());
  });
});

describe('areas loaded with the first pages and later, in each language (docs/performance.md)', () => {
  /** The locale files of a language (`auth.json`, `josie.later.json`...), as Vite finds them. */
  const localeFiles = (language: string) =>
    Object.keys(import.meta.glob('./locales/*/*.json'))
      .filter((path) => path.startsWith(`./locales/${language}/`))
      .map((path) => path.slice(`./locales/${language}/`.length))
      .sort();
  const languages = [
    ['en', enFirst, en],
    ['he', heFirst, he],
  ] as const;

  it('puts every area of each language in exactly one of the two lists', () => {
    expect(FIRST_AREAS.filter((area) => (LATER_AREAS as readonly string[]).includes(area))).toEqual([]);
    for (const [language, first, whole] of languages) {
      expect([...FIRST_AREAS, ...LATER_AREAS].sort(), language).toEqual(Object.keys(whole).sort());
      expect(Object.keys(first).sort(), language).toEqual([...FIRST_AREAS].sort());
    }
  });

  it("has every locale file in its language's whole texts: a Hebrew area missing from the split fails", () => {
    for (const [language, , whole] of languages) {
      const files = localeFiles(language);
      const areas = new Set(files.map((file) => file.replace(/(\.later)?\.json$/, '')));
      expect([...areas].sort(), language).toEqual(Object.keys(whole).sort());
      // A `.later.json` only for a first area (a later area loads whole with the later pages).
      for (const file of files.filter((name) => name.endsWith('.later.json')))
        expect(FIRST_AREAS as readonly string[], `${language}/${file}`).toContain(
          file.replace('.later.json', ''),
        );
    }
  });

  it('splits Hebrew as English: the same keys in the first texts, so the same ones later', () => {
    for (const area of FIRST_AREAS) {
      const keys = (texts: object) => [...baseKeys(flatten(texts as Tree)).keys()].sort();
      expect(keys(heFirst[area]), area).toEqual(keys(enFirst[area]));
    }
    const laterFiles = (language: string) =>
      localeFiles(language).filter((file) => file.endsWith('.later.json'));
    expect(laterFiles('he')).toEqual(laterFiles('en'));
  });

  it('loads texts of the whole language only, word for word', () => {
    for (const [language, first, whole] of languages) {
      for (const [area, texts] of Object.entries(first)) {
        const full = flatten(whole[area as keyof typeof whole] as Tree);
        for (const [key, value] of flatten(texts as Tree))
          expect([language, area, key, full.get(key)]).toEqual([language, area, key, value]);
      }
    }
  });

  it('keeps the texts the first pages read: each area whole, but for what only later pages read', () => {
    for (const [language, firstTexts, whole] of languages) {
      const first = (area: keyof typeof firstTexts) => [...flatten(firstTexts[area] as Tree).keys()];
      expect(first('josie'), language).toContain('editor.rejectedHelp');
      expect(first('josie').filter((key) => /^(editor|list|create|edit)\./.test(key))).toEqual([
        'editor.rejectedHelp',
      ]);
      expect(first('video').every((key) => key.startsWith('player.'))).toBe(true);
      expect(first('pwa').every((key) => key.startsWith('offline.'))).toBe(true);
      expect(first('static').every((key) => key.startsWith('about.'))).toBe(true);
      // The layout's verification banner; the sign-in pages' provider buttons are later.
      expect(first('auth').every((key) => key.startsWith('verify.'))).toBe(true);
      // Genre names: a josie's chips are on the first pages.
      expect(first('common')).toContain('genreNames.Rock');
      for (const area of ['common', 'errors', 'feed', 'home', 'titles', 'validation'] as const)
        expect(firstTexts[area], `${language} ${area}`).toEqual(whole[area]);
    }
  });
});
