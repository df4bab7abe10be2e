/**
 * The repository explains itself (docs/product/README.md): source files cite `docs/product/`,
 * `docs/decisions/` and `docs/performance.md`, never the original app's specification, the founding design
 * notes or an issue number (documents a newcomer does not have), and never a path outside the repository.
 * Every `docs/...` file a source cites exists, and so does every heading it names (`file.md#heading`).
 * `node scripts/cite-docs.mjs` rewrites old citations; what it cannot rewrite, fix by hand.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
const SOURCE_DIRS = ['apps', 'packages', 'e2e', 'bench', 'scripts'];
const SOURCE_EXTENSIONS = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.css', '.html']);
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'build',
  'coverage',
  'artifacts',
  'test-results',
  'playwright-report',
  'data',
]);
/** Files that name the patterns on purpose: this test and the rewriting script's tables. */
const SELF = new Set(['apps/server/src/security/docs-citations.test.ts', 'scripts/cite-docs.mjs']);
/**
 * Documents rewritten on another branch at the time this test was written; each leaves this list once its
 * new text is merged.
 */
const DOCS_PENDING = new Set(['docs/ARCHITECTURE.md']);

// Built from pieces, so this file does not match itself.
const SECTION = '\u00a7';
const OUTSIDE = new RegExp(`\\.\\./${'shared'}\\b|/work/${'shared'}\\b`);
const FORBIDDEN: { what: string; pattern: RegExp }[] = [
  { what: 'a section of the original specification', pattern: /\b[Ss]pec 00\d/ },
  { what: 'a section of the design notes', pattern: new RegExp(`\\bDESIGN ${SECTION}|\\bDESIGN\\.md\\b`) },
  { what: 'an issue number', pattern: /\b[Ii]ssues? \d+/ },
  { what: 'a path outside the repository', pattern: OUTSIDE },
  {
    what: 'a section sign left from a citation',
    pattern: new RegExp(`(?<!(?:RFC \\d{3,5}|oEmbed 1\\.0) )${SECTION}\\d`),
  },
];

function* walk(dir: string, keep: (file: string) => boolean): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) yield* walk(path, keep);
    } else if (keep(path)) yield path;
  }
}

const rel = (path: string) => relative(ROOT, path).split(sep).join('/');

function sourceFiles(): string[] {
  return SOURCE_DIRS.flatMap((dir) => [
    ...walk(join(ROOT, dir), (file) => SOURCE_EXTENSIONS.has(extname(file))),
  ]).filter((file) => !SELF.has(rel(file)));
}

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of markdown.split('\n')) {
    const m = /^#{1,6}\s+(.*)$/.exec(line);
    if (m?.[1]) anchors.add(slug(m[1]));
  }
  return anchors;
}

describe('citations in the repository', () => {
  const files = sourceFiles();

  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it('cites no specification section, design section, issue number or path outside the repository', () => {
    const offenders: string[] = [];
    for (const file of files) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const hit = FORBIDDEN.find(({ pattern }) => pattern.test(line));
          if (hit) offenders.push(`${rel(file)}:${index + 1} (${hit.what}): ${line.trim()}`);
        });
    }
    expect(offenders, 'run `node scripts/cite-docs.mjs`, then fix what it lists by hand').toEqual([]);
  });

  it('points only at docs that exist, and at headings they have', () => {
    const anchors = new Map<string, Set<string> | null>();
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?<![\w/.-])docs\/[\w./-]*\w(?:#[\w-]+)?/g)) {
        const [path, anchor] = m[0].split('#') as [string, string | undefined];
        if (!anchors.has(path)) {
          const stat = statSync(join(ROOT, path), { throwIfNoEntry: false });
          anchors.set(
            path,
            stat?.isFile() && path.endsWith('.md') ? anchorsOf(readFileSync(join(ROOT, path), 'utf8')) : null,
          );
          if (!stat) missing.push(`${rel(file)}: ${path} does not exist`);
        }
        const known = anchors.get(path);
        if (anchor && known && !known.has(anchor))
          missing.push(`${rel(file)}: ${path} has no heading #${anchor}`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('keeps the docs inside the repository', () => {
    const docs = [join(ROOT, 'README.md'), ...walk(join(ROOT, 'docs'), (file) => file.endsWith('.md'))];
    const offenders = docs
      .filter((file) => !DOCS_PENDING.has(rel(file)))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            OUTSIDE.test(line) ? [`${rel(file)}:${index + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(offenders).toEqual([]);
  });
});
