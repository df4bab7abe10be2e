import { COLOURS, DEFAULT_CREATOR_COLOUR } from '@josie/contract';

/** An sRGB colour with channels 0-255. */
type Rgb = readonly [number, number, number];

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

function parseHex(value: string): Rgb | null {
  const match = HEX.exec(value.trim());
  if (!match?.[1]) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * A creator's colour as a hex value: hex as is, a catalogue name (Pink, Light Blue...) as its value, and
 * the default pink #ff69b4 for anything else (docs/product/data-and-config.md#data).
 */
export function creatorColour(value: string | null | undefined): string {
  if (!value) return DEFAULT_CREATOR_COLOUR;
  const named = COLOURS.find((c) => c.name.toLowerCase() === value.trim().toLowerCase());
  if (named) return named.value;
  const rgb = parseHex(value);
  return rgb ? toHex(rgb) : DEFAULT_CREATOR_COLOUR;
}

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two hex colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(parseHex(a) ?? [0, 0, 0]);
  const lb = luminance(parseHex(b) ?? [0, 0, 0]);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Mixes `a` towards `b` by `amount` (0 keeps `a`, 1 gives `b`). */
export function mixColours(a: string, b: string, amount: number): string {
  const ca = parseHex(a) ?? [0, 0, 0];
  const cb = parseHex(b) ?? [0, 0, 0];
  return toHex([0, 1, 2].map((i) => ca[i]! + (cb[i]! - ca[i]!) * amount) as unknown as Rgb);
}

/**
 * The creator's colour made readable as text on `background`: the colour itself when it already has
 * `minRatio` contrast (4.5, WCAG AA for body text), else the same hue darkened just enough. Light
 * catalogue colours (Light Blue, Yellow, Light Grey) thus stay recognisable without failing AA.
 */
export function readableColour(colour: string, background = '#ffffff', minRatio = 4.5): string {
  const base = creatorColour(colour);
  if (contrastRatio(base, background) >= minRatio) return base;
  for (let step = 1; step <= 20; step += 1) {
    const darker = mixColours(base, '#000000', step / 20);
    if (contrastRatio(darker, background) >= minRatio) return darker;
  }
  return '#000000';
}

/** Dark or white text for a surface of `colour` (docs/product/data-and-config.md#data: light colours get dark text). */
export function textOn(colour: string): '#18181b' | '#ffffff' {
  const base = creatorColour(colour);
  return contrastRatio(base, '#18181b') >= contrastRatio(base, '#ffffff') ? '#18181b' : '#ffffff';
}
