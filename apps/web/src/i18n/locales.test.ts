import { describe, expect, it } from 'vitest';
import { englishFirst, LATER_AREAS } from './englishFirst';
import en from './locales/en/index.js';
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
    const brandOnly = new Set(['common.appName', 'nav.switchLanguage', 'titles.josie']);
    for (const [key, text] of heTexts) {
      if (brandOnly.has(key)) continue;
      expect(/[\u0590-\u05FF]/.test(text), key).toBe(true);
    }
  });

  it('keep top-level areas sorted', () => {
    for (const tree of [en, he]) expect(Object.keys(tree)).toEqual([...Object.keys(tree)].sort());
  });
});

describe('English areas bundled with the entry and loaded later (docs/performance.md)', () => {
  it('puts every area in exactly one of the two', () => {
    const first = Object.keys(englishFirst);
    expect([...first, ...LATER_AREAS].sort()).toEqual(Object.keys(en).sort());
    expect(first.filter((area) => (LATER_AREAS as readonly string[]).includes(area))).toEqual([]);
  });

  it('bundles texts of the full English only, word for word', () => {
    for (const [area, texts] of Object.entries(englishFirst)) {
      const full = flatten(en[area as keyof typeof en] as Tree);
      for (const [key, value] of flatten(texts as Tree))
        expect([area, key, full.get(key)]).toEqual([area, key, value]);
    }
  });

  it('keeps the texts the first pages read: each area whole, but for what only later pages read', () => {
    const first = (area: keyof typeof englishFirst) => [...flatten(englishFirst[area] as Tree).keys()];
    expect(first('josie')).toContain('editor.rejectedHelp');
    expect(first('josie').filter((key) => /^(editor|list|create|edit)\./.test(key))).toEqual([
      'editor.rejectedHelp',
    ]);
    expect(first('video').every((key) => key.startsWith('player.'))).toBe(true);
    expect(first('pwa').every((key) => key.startsWith('offline.'))).toBe(true);
    expect(first('static').every((key) => key.startsWith('about.'))).toBe(true);
    for (const area of ['auth', 'common', 'errors', 'feed', 'home', 'titles', 'validation'] as const)
      expect(englishFirst[area]).toEqual(en[area]);
  });
});
