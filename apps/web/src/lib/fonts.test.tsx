import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createFontLoader,
  curatorFontStyle,
  FontsProvider,
  fontLoadState,
  loadCuratorFont,
  useCuratorFont,
} from './fonts';

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

describe('useCuratorFont', () => {
  it('asks for the family in a task after the commit, not in the commit that first shows it', async () => {
    const asked: string[] = [];
    const fonts = createFontLoader(async (font) => {
      asked.push(font.family);
      return true;
    });
    function Name() {
      useCuratorFont('Anton');
      return null;
    }
    act(() => {
      render(
        <FontsProvider value={fonts}>
          <Name />
        </FontsProvider>,
      );
    });
    // The commit and its effects have run: a stylesheet added now would lengthen the first render's task.
    expect(asked).toEqual([]);
    await waitFor(() => expect(asked).toEqual(['Anton']));
  });
});
