import { describe, expect, it } from 'vitest';
import { contrastRatio, creatorColour, readableColour, textOn } from './colour';

describe('creator colours (docs/product/data-and-config.md#data)', () => {
  it('resolves names, hex and missing values', () => {
    expect(creatorColour('Light Blue')).toBe('#B8FFE8');
    expect(creatorColour('#abc')).toBe('#aabbcc');
    expect(creatorColour('')).toBe('#ff69b4');
    expect(creatorColour('not a colour')).toBe('#ff69b4');
  });

  it('keeps readable colours and darkens light ones just enough for AA on white', () => {
    expect(readableColour('#8f1556')).toBe('#8f1556');
    for (const light of ['#F4FF5E', '#B8FFE8', '#D3D5E2', '#ff69b4']) {
      const shown = readableColour(light);
      expect(shown).not.toBe(light.toLowerCase());
      expect(contrastRatio(shown, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('puts dark text on light colours and white text on dark ones', () => {
    expect(textOn('Yellow')).toBe('#18181b');
    expect(textOn('#1e1b4b')).toBe('#ffffff');
  });
});
