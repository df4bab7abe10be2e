import { describe, expect, it } from 'vitest';
import { curatorFontStyle, fontLoadState, loadCuratorFont } from './fonts';

describe('curator fonts (docs/product/data-and-config.md#data)', () => {
  it('styles a catalogue font with its weight and a Hebrew-capable fallback', () => {
    expect(curatorFontStyle('Albert Sans')).toEqual({
      fontFamily: '"Albert Sans", "Heebo", ui-sans-serif, system-ui, sans-serif',
      fontWeight: 900,
    });
    expect(curatorFontStyle('Allan').fontWeight).toBe(700);
    expect(curatorFontStyle('')).toEqual({});
    expect(curatorFontStyle('Comic Sans MS')).toEqual({});
  });

  it('loads a font once on demand and refuses unknown families', async () => {
    expect(fontLoadState('Anton')).toBe('inactive');
    const first = loadCuratorFont('Anton');
    expect(fontLoadState('Anton')).toBe('loading');
    expect(loadCuratorFont('Anton')).toBe(first);
    expect(await first).toBe('active');
    expect(fontLoadState('Anton')).toBe('active');
    expect(await loadCuratorFont('Papyrus')).toBe('error');
  });
});
