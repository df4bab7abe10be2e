/**
 * Makes the PWA icons in `public/icons/` from the favicon's artwork
 * (docs/product/rules-and-limits.md#notifications-and-install): "any" icons (the rounded square), maskable
 * ones (full bleed, the note inside the central safe zone), the Apple touch icon and the monochrome
 * notification badge. Run from `apps/web`: `node src/push/make-icons.mjs`.
 */
import sharp from 'sharp';

const note = 'M40 14v24.5a7.5 7.5 0 1 1-4-6.63V22l-12 3v17.5a7.5 7.5 0 1 1-4-6.63V19l20-5z';
const grad = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff69b4"/><stop offset="1" stop-color="#9b3cf0"/></linearGradient></defs>`;
// "any": the favicon's rounded square.
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${grad}<rect width="64" height="64" rx="16" fill="url(#g)"/><path d="${note}" fill="#fff"/></svg>`;
// "maskable": full bleed; the note scaled into the central safe zone (a circle of 80% of the width).
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${grad}<rect width="64" height="64" fill="url(#g)"/><g transform="translate(32 32) scale(0.9) translate(-24.5 -32)"><path d="${note}" fill="#fff"/></g></svg>`;
// Badge: monochrome, only the alpha channel counts (Android status bar).
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><g transform="translate(32 32) scale(1.15) translate(-24.5 -32)"><path d="${note}" fill="#fff"/></g></svg>`;
const out = async (svg, size, file) =>
  sharp(Buffer.from(svg), { density: 600 }).resize(size, size).png({ compressionLevel: 9 }).toFile(file);
await out(any, 192, 'public/icons/icon-192.png');
await out(any, 512, 'public/icons/icon-512.png');
await out(maskable, 192, 'public/icons/icon-maskable-192.png');
await out(maskable, 512, 'public/icons/icon-maskable-512.png');
await out(maskable, 180, 'public/icons/apple-touch-icon.png');
await out(badge, 96, 'public/icons/badge-96.png');
