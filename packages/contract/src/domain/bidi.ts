/** FIRST STRONG ISOLATE (U+2068): what follows, up to {@link POP_ISOLATE}, takes its direction from its first letter. */
export const FIRST_STRONG_ISOLATE = '\u2068';
/** POP DIRECTIONAL ISOLATE (U+2069): ends the isolate {@link FIRST_STRONG_ISOLATE} opened. */
export const POP_ISOLATE = '\u2069';

/**
 * A name or title isolated for a sentence of plain text (a mail, a push notification): the Unicode
 * bidirectional algorithm lays it out on its own, so "Lior Listener" inside a Hebrew sentence, or "נועה"
 * inside an English one, neither reorders the sentence around it nor is reordered by it. HTML uses `<bdi>`
 * instead; the isolate characters are invisible (docs/product/hebrew-glossary.md#directions).
 */
export function isolate(text: string): string {
  return `${FIRST_STRONG_ISOLATE}${text}${POP_ISOLATE}`;
}
