import type { Language } from '@josie/contract';

const HEBREW_LETTER = /\p{Script=Hebrew}/gu;
const LATIN_LETTER = /\p{Script=Latin}/gu;

/**
 * The language a josie is written in, for a feed entry's `xml:lang` and a JSON-LD `inLanguage`
 * (docs/decisions/0042-feeds-and-search-engines.md): a josie carries no language of its own, and its
 * curator writes in English or Hebrew, whose scripts do not overlap. So the script with more letters in
 * `text` decides: Hebrew when Hebrew letters outnumber Latin ones, English otherwise (a text of neither, e.g.
 * digits and emoji only, is English, the interface's fallback language: docs/product/rules-and-limits.md#constants).
 * Counting rather than taking the first strong letter (as `dir="auto"` does) keeps a Hebrew text that opens
 * with a Latin band name Hebrew.
 */
export function textLanguage(text: string): Language {
  const hebrew = text.match(HEBREW_LETTER)?.length ?? 0;
  const latin = text.match(LATIN_LETTER)?.length ?? 0;
  return hebrew > latin ? 'he' : 'en';
}
