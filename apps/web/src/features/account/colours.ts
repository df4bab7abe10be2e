import { COLOURS } from '@josie/contract';

/** Text on a curator colour: dark on the light ones, white on the rest (docs/product/data-and-config.md#data). */
export type TextTone = 'dark' | 'light';

/**
 * The text tone on a colour of the catalogue: Light Blue, Yellow and Light Grey (the catalogue's `dark`
 * entries) get dark text, every other colour (and the default pink, '') white text
 * (docs/product/data-and-config.md#data).
 */
export function colourTextTone(name: string): TextTone {
  return COLOURS.find((colour) => colour.name === name)?.dark ? 'dark' : 'light';
}

/**
 * The colours of a label on a curator colour. White text sits on a 40 % black veil and dark text on a
 * 55 % white one, so both keep WCAG AA contrast on every catalogue colour (white alone on Blue or Bright
 * Pink would not).
 */
export function labelStyle(name: string): { color: string; backgroundColor: string } {
  return colourTextTone(name) === 'dark'
    ? { color: '#18181b', backgroundColor: 'rgb(255 255 255 / 0.55)' }
    : { color: '#ffffff', backgroundColor: 'rgb(0 0 0 / 0.4)' };
}
