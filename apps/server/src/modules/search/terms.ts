import { GENRE_SEARCH_NAMES } from '@josie/contract';

/**
 * The words of a search query (docs/decisions/0021-search-in-postgresql.md). Pure: the query is cut into
 * words here, so nothing the user typed reaches PostgreSQL's query syntax; each word goes to
 * `plainto_tsquery` as a bound parameter (the prefix query of the last word quotes it: `queries.ts`).
 */

/** Most words of one query that are searched; the rest are ignored (100 characters hold few more). */
export const MAX_QUERY_WORDS = 8;

/** A word: letters, digits and combining marks (Hebrew points, accents) in a row; anything else separates. */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

/** A Hebrew word after one or two one-letter prefixes (ו ה ב ל מ ש כ) and at least two more letters. */
const HEBREW_PREFIXED = /^([והבלמשכ])([והבלמשכ]?)([א-ת]{2,})$/u;

/** Hebrew points and cantillation marks, which people rarely type and texts rarely carry. */
const HEBREW_MARKS = /[\u0591-\u05C7]/gu;

/**
 * A geresh or gershayim after a Hebrew letter, or the apostrophe, quote or typographic quote typed for one
 * ("ג'אז", "צ׳לו", "דו״ח"): dropped, so the word stays whole. Migration 0012's `josie_search_text` does the
 * same to every indexed text.
 */
const HEBREW_GERESH = /([א-ת])['"׳״’”]+/gu;

/** A whole Hebrew word (letters only, final forms included). */
const HEBREW_WORD = /^[א-ת]+$/u;

/** Hebrew final letters and their ordinary forms, which a stem ends with once its ending is gone. */
const FINAL_LETTERS: Record<string, string> = { ך: 'כ', ם: 'מ', ן: 'נ', ף: 'פ', ץ: 'צ' };

/** `q` as words are cut from it: NFC, without Hebrew points, a geresh inside a Hebrew word dropped. */
function searchText(q: string): string {
  return q.normalize('NFC').replace(HEBREW_MARKS, '').replace(HEBREW_GERESH, '$1');
}

/**
 * The distinct words of `q`, in order, at most {@link MAX_QUERY_WORDS}: `"The Beatles' & (Hey) Jude!"` is
 * `['The', 'Beatles', 'Hey', 'Jude']`. Operators, quotes and other punctuation are separators, never syntax;
 * a geresh inside a Hebrew word is dropped (`"ג'אז"` is `['גאז']`), a hyphen or maqaf separates.
 */
export function queryWords(q: string): string[] {
  const words: string[] = [];
  for (const match of searchText(q).matchAll(WORD)) {
    const word = match[0];
    if (!words.includes(word)) words.push(word);
    if (words.length === MAX_QUERY_WORDS) break;
  }
  return words;
}

/**
 * The forms of a Hebrew word without its one-letter prefixes: `"והמוזיקה"` gives `['המוזיקה', 'מוזיקה']`,
 * `"בתל"` gives `['תל']`; any other word gives none.
 */
export function hebrewVariants(word: string): string[] {
  const match = HEBREW_PREFIXED.exec(word);
  if (!match) return [];
  const [, , second = '', rest = ''] = match;
  return [...new Set([second + rest, rest])];
}

/**
 * A Hebrew word without a plural or construct ending (ות, ים, then ה or ת), at least two letters kept, final
 * letters as ordinary ones: "מדורה", "מדורות", "מדורת" are all "מדור"; "מלך" is "מלכ". A light rule in place
 * of Hebrew morphology, which PostgreSQL lacks (docs/decisions/0021-search-in-postgresql.md); migration
 * 0012's `josie_hebrew_stem` is the same rule on the index side.
 */
export function hebrewStem(word: string): string {
  let stem = word;
  if (/^[א-ת]{2,}(ות|ים)$/u.test(word)) stem = word.slice(0, -2);
  else if (/^[א-ת]{2,}[הת]$/u.test(word)) stem = word.slice(0, -1);
  return stem.replace(/[ךםןףץ]/gu, (letter) => FINAL_LETTERS[letter] ?? letter);
}

/**
 * Every other form of a Hebrew word that the index holds for a Hebrew word (migration 0012,
 * `josie_hebrew_forms`): without one or two one-letter prefixes, and the stem ({@link hebrewStem}) of the
 * word and of each of those. `"במדורות"` gives `['מדורות', 'דורות', 'מדור', 'דור']`; so "מדורה" and
 * "במדורות" meet at "מדור". Any other word gives none.
 */
export function hebrewForms(word: string): string[] {
  if (!HEBREW_WORD.test(word)) return [];
  const variants = [word, ...hebrewVariants(word)];
  const forms = new Set([...variants, ...variants.map(hebrewStem)]);
  forms.delete(word);
  return [...forms];
}

/** The names a seed genre is typed as, cut into lower-case words: `'hip hop'` for `'Hip-Hop'`. */
const genreKey = (name: string) =>
  queryWords(name.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2'))
    .join(' ')
    .toLowerCase();

/** Each seed genre's names as lower-case word sequences (its identifier, split too, and its other names). */
const GENRE_KEYS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(GENRE_SEARCH_NAMES).map(([genre, names]) => [
    genre,
    [...new Set([genre.toLowerCase(), genreKey(genre), ...names.map(genreKey)])],
  ]),
);

/** The longest genre name, in words: how far ahead a phrase is looked for. */
const LONGEST_GENRE_NAME = Math.max(...[...GENRE_KEYS.values()].flat().map((k) => k.split(' ').length));

/** A run of query words that names one or more seed genres. */
export interface GenreSpan {
  /** Index of the first word in the words given. */
  start: number;
  /** How many words. */
  length: number;
  /** Every name of the genres named, as words joined by spaces ("hip hop", "היפ הופ", "hiphop"). */
  names: string[];
}

/**
 * The runs of `words` that name a seed genre in any of its names (`GENRE_SEARCH_NAMES`: the Hebrew interface's
 * names and common spellings), longest first from left to right: `['Maya', 'היפ', 'הופ']` has one span
 * (1, 2) naming HipHop; "פאנק" names both Funk and Punk, as the Hebrew interface writes both so. A single
 * Hebrew word also names a genre with a one-letter prefix or an ending ("בג'אז"). The genres are stored by
 * their English identifiers (decision 0020), so a Hebrew name must be searched as the identifier too.
 */
export function genreSpans(words: string[]): GenreSpan[] {
  const spans: GenreSpan[] = [];
  const lower = words.map((w) => w.toLowerCase());
  let i = 0;
  while (i < lower.length) {
    let found: GenreSpan | null = null;
    for (let length = Math.min(LONGEST_GENRE_NAME, lower.length - i); length >= 1 && !found; length--) {
      const phrase = lower.slice(i, i + length);
      const candidates = length === 1 ? [phrase[0]!, ...hebrewForms(phrase[0]!)] : [phrase.join(' ')];
      const names = new Set<string>();
      for (const [, keys] of GENRE_KEYS) {
        if (candidates.some((c) => keys.includes(c))) for (const key of keys) names.add(key);
      }
      if (names.size > 0) found = { start: i, length, names: [...names] };
    }
    if (found) {
      spans.push(found);
      i += found.length;
    } else {
      i += 1;
    }
  }
  return spans;
}
