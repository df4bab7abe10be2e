/**
 * The words of a search query (docs/decisions/0021-search-in-postgresql.md). Pure: the query is cut into
 * words here, so nothing the user typed reaches PostgreSQL's query syntax; each word goes to
 * `plainto_tsquery` as a bound parameter.
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
 * The distinct words of `q`, in order, at most {@link MAX_QUERY_WORDS}: `"The Beatles' & (Hey) Jude!"` is
 * `['The', 'Beatles', 'Hey', 'Jude']`. Operators, quotes and other punctuation are separators, never syntax.
 */
export function queryWords(q: string): string[] {
  const words: string[] = [];
  for (const match of q.normalize('NFC').replace(HEBREW_MARKS, '').matchAll(WORD)) {
    const word = match[0];
    if (!words.includes(word)) words.push(word);
    if (words.length === MAX_QUERY_WORDS) break;
  }
  return words;
}

/**
 * The forms of a Hebrew word without its one-letter prefixes, as the index holds them for every Hebrew word
 * of a josie (migration 0004_search_in_postgresql, `josie_hebrew_variants`): `"והמוזיקה"` gives
 * `['המוזיקה', 'מוזיקה']`, `"בתל"` gives `['תל']`; any other word gives none.
 */
export function hebrewVariants(word: string): string[] {
  const match = HEBREW_PREFIXED.exec(word);
  if (!match) return [];
  const [, , second = '', rest = ''] = match;
  return [...new Set([second + rest, rest])];
}
