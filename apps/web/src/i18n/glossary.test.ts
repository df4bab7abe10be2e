// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import he from './locales/he/index.js';

const root = new URL('../../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** The glossary's forbidden variants: the first, back-quoted cell of each row of its last table. */
function forbiddenVariants(): string[] {
  const glossary = read('docs/product/hebrew-glossary.md');
  const section = glossary.slice(glossary.indexOf('## Forbidden variants'));
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1] as string);
}

function flatten(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : flatten(value, `${prefix}${key}.`),
  );
}

/** The Hebrew lines of the server's mails and push texts (their English lines may say "Josies"). */
function serverHebrewLines(): [string, string][] {
  const files = [
    ...readdirSync(new URL('apps/server/src/adapters/mails/', root))
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => `apps/server/src/adapters/mails/${name}`),
    'apps/server/src/modules/notifications/messages.ts',
  ];
  return files.flatMap((file) =>
    read(file)
      .split('\n')
      .map((line, index) => [`${file}:${index + 1}`, line] as [string, string])
      .filter(([, line]) => /[\u0590-\u05FF]/.test(line)),
  );
}

describe('Hebrew glossary (docs/product/hebrew-glossary.md, decision 0038)', () => {
  const variants = forbiddenVariants();

  it('lists its forbidden variants', () => {
    expect(variants).toContain('ג׳וזים');
    expect(variants.length).toBeGreaterThan(5);
  });

  it.each([
    ['the web app', () => flatten(he)],
    ['the mails and push texts', serverHebrewLines],
  ])('holds %s to it', (_, texts) => {
    const found = texts().flatMap(([where, text]) =>
      variants.filter((variant) => text.includes(variant)).map((variant) => `${where}: ${variant}`),
    );
    expect(found).toEqual([]);
  });
});
