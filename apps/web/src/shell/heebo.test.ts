import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { HEBREW_FIRST_PAINT_FONTS } from '../../vite.plugins';
import mainSource from '../main.tsx?raw';

const require = createRequire(import.meta.url);

/** The Heebo stylesheets the app's entry imports (`@fontsource/heebo/…`). */
const heeboImports = [...mainSource.matchAll(/^import '(@fontsource\/heebo\/[^']+\.css)';$/gm)].map(
  (match) => match[1] ?? '',
);

/** The font files a stylesheet's `@font-face` rules point to. */
const faceFiles = (stylesheet: string) =>
  [...readFileSync(require.resolve(stylesheet), 'utf8').matchAll(/url\(\.\/files\/([^)]+\.woff2)\)/g)].map(
    (match) => match[1] ?? '',
  );

describe("Heebo, the Hebrew pages' face (styles.css, docs/performance.md)", () => {
  it('is bundled in its Hebrew faces only: a Hebrew page loads one file per weight, Latin keeps the system stack', () => {
    const files = heeboImports.flatMap(faceFiles);
    // Each Latin, Latin-extended, math or symbols face would be one more file to load and one more relayout of
    // every text of a Hebrew page when it arrives.
    expect(files).toEqual([
      'heebo-hebrew-400-normal.woff2',
      'heebo-hebrew-500-normal.woff2',
      'heebo-hebrew-600-normal.woff2',
      'heebo-hebrew-700-normal.woff2',
      'heebo-hebrew-800-normal.woff2',
    ]);
  });

  it('bundles the faces a Hebrew first paint preloads (decision 0026)', () => {
    const files = heeboImports.flatMap(faceFiles);
    for (const face of HEBREW_FIRST_PAINT_FONTS) {
      expect(files.some((file) => face.test(file.replace('.woff2', '-hash.woff2')))).toBe(true);
    }
  });
});
