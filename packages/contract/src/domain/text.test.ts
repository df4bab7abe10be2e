import { describe, expect, it } from 'vitest';
import { excerpt } from './text.js';

describe('excerpt (docs/product/rules-and-limits.md#josies, docs/product/differences.md#dates-and-excerpts)', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(' ');

  it('keeps a text of at most 25 words whole', () => {
    expect(excerpt(words(25))).toBe(words(25));
    expect(excerpt('  Hello\n\nthere  ')).toBe('Hello there');
    expect(excerpt('')).toBe('');
  });

  it('cuts a longer text after 25 words and adds an ellipsis', () => {
    expect(excerpt(words(26))).toBe(`${words(25)}...`);
    expect(excerpt(words(3), 2)).toBe('w1 w2...');
  });

  it('counts Hebrew words the same way', () => {
    expect(excerpt('שיר אחד שני שלושה', 2)).toBe('שיר אחד...');
  });
});
