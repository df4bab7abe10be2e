import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { COLOURS, DEFAULT_CREATOR_COLOUR, FONTS } from '@josie/contract';
import { escapeUTF8 } from 'entities';
import fonteditor from 'fonteditor-core';
import sharp, { type OverlayOptions } from 'sharp';
import { inDecodeQueue, MAX_INPUT_PIXELS } from '../../lib/images.js';

/** A share card's size in pixels: the 1.91:1 image Open Graph and `summary_large_image` show uncropped. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/**
 * Bumped when the drawing below changes, so that every card's key changes with it and the cards are made
 * again on first need (docs/decisions/0044-share-cards.md).
 */
export const CARD_REVISION = 1;

/** What a card shows: the josie's title (or the curator's name on a curator card), its curator and art. */
export interface CardContent {
  /** The big text: a josie's title, or the curator's name on the curator's own card. */
  title: string;
  /** The curator's name, drawn beside their avatar; null on the curator's own card (the title is the name). */
  name: string | null;
  /** The curator's `preferences.myColor`: hex or a catalogue name; anything else is the default pink. */
  colour: string;
  /** The curator's `preferences.myFont`: a catalogue family, or anything else for Heebo. */
  font: string;
  /** The cover art's bytes (any raster format sharp reads), or null for a card without art. */
  cover: Buffer | null;
  /** The curator's avatar's bytes, or null (then no avatar is drawn). */
  avatar: Buffer | null;
}

const require = createRequire(import.meta.url);

/** The file of one `@fontsource` face, in WOFF 1 (the packages' other format, WOFF 2, needs brotli). */
function faceFile(family: string, subset: string, weight: number): string | null {
  const slug = family.toLowerCase().replaceAll(' ', '-');
  try {
    const path = require.resolve(`@fontsource/${slug}/files/${slug}-${subset}-${weight}-normal.woff`);
    return existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

/**
 * The faces drawn with: every curator font of the catalogue (docs/product/rules-and-limits.md#preferences-and-catalogues)
 * in its Latin subsets, and Heebo, the app's Hebrew face (decision 0026), in Hebrew and Latin at the three
 * weights the catalogue uses. The same `@fontsource` files the web app serves, so a card and a page draw a
 * curator's name alike.
 */
const FACE_FILES: string[] = [
  ...FONTS.flatMap((font) => [
    faceFile(font.family, 'latin', font.weight),
    faceFile(font.family, 'latin-ext', font.weight),
  ]),
  ...[400, 700, 900].flatMap((weight) => [
    faceFile('Heebo', 'hebrew', weight),
    faceFile('Heebo', 'latin', weight),
  ]),
].filter((path): path is string => path !== null);

let facesLoaded = false;

/**
 * Makes every face known to Pango. The FreeType inside sharp's libvips reads TrueType but not WOFF, so each
 * WOFF is unwrapped to TrueType by fonteditor-core (its tables inflated with zlib) into a folder of this
 * process, removed as it exits. libvips adds a `fontfile` to fontconfig's application fonts once per
 * process and keeps it, so one tiny text per file is enough; after that a font description may name any
 * family, and a list of families (`"Anton, Heebo"`) falls back per character, as the web's font stack does.
 */
async function loadFaces(): Promise<void> {
  if (facesLoaded) return;
  const dir = mkdtempSync(join(tmpdir(), 'josie-card-fonts-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  for (const woff of FACE_FILES) {
    const bytes = readFileSync(woff);
    const ttf = fonteditor.woff2ttf(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length), {
      inflate: (data) => Array.from(inflateSync(Buffer.from(data))),
    });
    const fontfile = join(dir, basename(woff).replace(/\.woff$/, '.ttf'));
    writeFileSync(fontfile, Buffer.from(ttf));
    await sharp({ text: { text: '.', fontfile, font: 'sans 8' } })
      .png()
      .toBuffer();
  }
  facesLoaded = true;
}

/** Pango's name of a weight; 400 is its default and needs none. */
const WEIGHT_WORDS: Record<number, string> = { 400: '', 700: 'Bold', 900: 'Heavy' };

/**
 * The Pango font description of a curator's font at `size` points (pixels at 72 dpi): the family, then
 * Heebo for the Hebrew letters the curator fonts lack, at the catalogue's weight. An unknown family draws
 * in Heebo Bold, as the web's own stack draws it in its sans.
 */
export function fontDescription(family: string, size: number): string {
  const font = FONTS.find((f) => f.family === family);
  if (!font) return `Heebo Bold ${size}`;
  return `${font.family}, Heebo ${WEIGHT_WORDS[font.weight] ?? ''} ${size}`.replace(/\s+/g, ' ');
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The channels of a `#rgb` or `#rrggbb` colour, or null. */
function channels(value: string): [number, number, number] | null {
  const hex = HEX.exec(value.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/**
 * A curator's colour as `#rrggbb`: a catalogue name as its value, hex as is, anything else the default pink
 * (docs/product/data-and-config.md#data), as the web app reads `preferences.myColor`.
 */
export function cardColour(value: string): string {
  const named = COLOURS.find((c) => c.name.toLowerCase() === value.trim().toLowerCase());
  const rgb = channels(named?.value ?? value) ?? channels(DEFAULT_CREATOR_COLOUR)!;
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = (channels(hex) ?? [0, 0, 0]).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Near-black or white, whichever contrasts more with the card's colour (docs/product/data-and-config.md#data:
 * light colours get dark text), as the web's `textOn` chooses.
 */
export function inkOn(background: string): '#18181b' | '#ffffff' {
  const l = luminance(background);
  const dark = (l + 0.05) / (luminance('#18181b') + 0.05);
  const light = 1.05 / (l + 0.05);
  return dark >= light ? '#18181b' : '#ffffff';
}

/**
 * True when `text` reads right to left: its first strong letter is Hebrew or Arabic (Unicode's rule P2,
 * which Pango applies to each paragraph). The card's layout mirrors with it: art on the left, text on the
 * right, as a Hebrew page mirrors.
 */
export function readsRightToLeft(text: string): boolean {
  const first = /[\p{L}]/u.exec(text)?.[0];
  return first !== undefined && /[\p{Script=Hebrew}\p{Script=Arabic}]/u.test(first);
}

/** One text drawn by Pango, with its size in pixels. */
interface DrawnText {
  png: Buffer;
  width: number;
  height: number;
}

/**
 * Draws `text` (plain text, escaped here for Pango's markup) in `ink`, wrapped at `width` px. At `size`
 * points when it fits in `maxHeight` px, else as large as fits (libvips' auto-fit), so a long title shrinks
 * instead of leaving the card.
 */
async function drawText(
  text: string,
  opts: { family: string; size: number; width: number; maxHeight: number; ink: string; lines?: 'one' },
): Promise<DrawnText> {
  // Control characters are refused by Pango's markup parser; a title is one paragraph anyway.
  const plain = text.replace(/\p{Cc}/gu, ' ').trim() || '·';
  const markup = `<span foreground="${opts.ink}">${escapeUTF8(plain)}</span>`;
  const base = {
    text: markup,
    font: fontDescription(opts.family, opts.size),
    width: opts.width,
    rgba: true,
    wrap: opts.lines === 'one' ? ('none' as const) : ('word-char' as const),
  };
  let drawn = await sharp({ text: base }).png().toBuffer({ resolveWithObject: true });
  if (drawn.info.height > opts.maxHeight || drawn.info.width > opts.width) {
    drawn = await sharp({ text: { ...base, wrap: 'word-char', height: opts.maxHeight } })
      .png()
      .toBuffer({ resolveWithObject: true });
  }
  return { png: drawn.data, width: drawn.info.width, height: drawn.info.height };
}

/** `image` scaled to cover a `width` × `height` box and clipped to rounded corners of `radius` px. */
async function framed(image: Buffer, width: number, height: number, radius: number): Promise<Buffer> {
  const mask = Buffer.from(
    `<svg width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${radius}" ry="${radius}"/></svg>`,
  );
  return sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(width, height, { fit: 'cover', position: 'attention' })
    .ensureAlpha()
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
}

/** Margins and boxes of the card, in pixels (LTR; mirrored for a right-to-left title). */
const MARGIN = 72;
const COVER_SIDE = CARD_HEIGHT - 2 * MARGIN;
const GAP = 56;
const AVATAR_SIDE = 88;
const TITLE_SIZE = 64;
const NAME_SIZE = 34;

/**
 * Draws a 1200 × 630 PNG share card (docs/decisions/0044-share-cards.md): the curator's colour as the
 * background, the cover art as a rounded square at the end side, the title in the curator's font (Heebo
 * for Hebrew letters) at the start side, and the curator's round avatar and name along the bottom. A
 * right-to-left title mirrors the layout; Pango shapes and orders each line (bidi, joined letters).
 * Art that cannot be decoded is left out rather than failing the card. Runs in the process's image queue
 * (`lib/images.ts`), one image at a time beside uploads.
 *
 * @returns the PNG's bytes (about 30-120 KB).
 */
export function renderShareCard(content: CardContent): Promise<Buffer> {
  return inDecodeQueue(() => draw(content));
}

async function draw(content: CardContent): Promise<Buffer> {
  await loadFaces();
  const background = cardColour(content.colour);
  const ink = inkOn(background);
  const rtl = readsRightToLeft(content.title);
  const cover = content.cover
    ? await framed(content.cover, COVER_SIDE, COVER_SIDE, 28).catch(() => null)
    : null;
  const avatar = content.avatar
    ? await framed(content.avatar, AVATAR_SIDE, AVATAR_SIDE, AVATAR_SIDE / 2).catch(() => null)
    : null;

  const textWidth = cover ? CARD_WIDTH - 2 * MARGIN - COVER_SIDE - GAP : CARD_WIDTH - 2 * MARGIN;
  // The text column's start and end edges, in pixels from the left.
  const textStart = rtl ? CARD_WIDTH - MARGIN : MARGIN;
  const place = (width: number) => (rtl ? textStart - width : textStart);
  const bottomRow = AVATAR_SIDE;
  const titleMaxHeight = CARD_HEIGHT - 2 * MARGIN - bottomRow - 32;

  const layers: OverlayOptions[] = [];
  const title = await drawText(content.title, {
    family: content.font,
    size: TITLE_SIZE,
    width: textWidth,
    maxHeight: titleMaxHeight,
    ink,
  });
  layers.push({ input: title.png, left: place(title.width), top: MARGIN });

  const rowTop = CARD_HEIGHT - MARGIN - AVATAR_SIDE;
  let nameWidth = textWidth;
  if (avatar) {
    layers.push({ input: avatar, left: rtl ? textStart - AVATAR_SIDE : textStart, top: rowTop });
    nameWidth -= AVATAR_SIDE + 24;
  }
  const label = content.name ?? 'Josie';
  const name = await drawText(label, {
    family: content.name ? content.font : 'Heebo',
    size: NAME_SIZE,
    width: nameWidth,
    maxHeight: AVATAR_SIDE,
    ink,
    lines: 'one',
  });
  const nameOffset = avatar ? AVATAR_SIDE + 24 : 0;
  layers.push({
    input: name.png,
    left: rtl ? textStart - nameOffset - name.width : textStart + nameOffset,
    top: rowTop + Math.round((AVATAR_SIDE - name.height) / 2),
  });
  if (cover)
    layers.push({ input: cover, left: rtl ? MARGIN : CARD_WIDTH - MARGIN - COVER_SIDE, top: MARGIN });

  return sharp({ create: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3, background } })
    .composite(layers)
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
}
