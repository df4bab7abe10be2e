import { describe, expect, it } from 'vitest';
import { canSetStyle } from './access.js';

const stored = { myFont: 'Heebo', myColor: 'Pink' };

describe('choosing a font and a colour (docs/product/rules-and-limits.md#preferences-and-catalogues)', () => {
  it('lets a curator choose any font and colour', () => {
    expect(canSetStyle('curator', stored, { myFont: 'Rubik', myColor: 'Blue' })).toBe(true);
  });

  it('refuses every role that creates no josies a new font or a new colour', () => {
    for (const role of ['listener', 'editor', 'admin'] as const) {
      expect(canSetStyle(role, stored, { myFont: 'Rubik' })).toBe(false);
      expect(canSetStyle(role, stored, { myColor: 'Blue' })).toBe(false);
      expect(canSetStyle(role, {}, { myFont: 'Rubik' })).toBe(false);
    }
  });

  it('lets a listener send back what is stored, nothing, or none', () => {
    expect(canSetStyle('listener', stored, { myFont: 'Heebo', myColor: 'Pink' })).toBe(true);
    expect(canSetStyle('listener', stored, {})).toBe(true);
    expect(canSetStyle('listener', stored, { myFont: '', myColor: '' })).toBe(true);
  });
});
