import { LIMITS } from '../catalogues.js';

/**
 * The excerpt of a text: its first `maxWords` words (25 by default) followed by an ellipsis when the
 * text is longer; shorter texts come back whole, with their whitespace collapsed.
 * docs/product/rules-and-limits.md#josies, docs/product/differences.md#dates-and-excerpts.
 */
export function excerpt(text: string, maxWords: number = LIMITS.excerptWords): string {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length <= maxWords) return words.join(' ');
  return `${words.slice(0, maxWords).join(' ')}...`;
}
