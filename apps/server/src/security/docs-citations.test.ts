/**
 * The repository explains itself (docs/product/README.md): source files cite `docs/product/`,
 * `docs/decisions/` and `docs/performance.md`, never the original app's specification, the founding design
 * notes or an issue number (documents a newcomer does not have), and never a path outside the repository.
 * Every `docs/...` file a source cites exists, and so does every heading it names (`file.md#heading`).
 * `node scripts/cite-docs.mjs` rewrites old citations; what it cannot rewrite, fix by hand.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORBIDDEN, ROOT, sourceFiles } from '../../../../scripts/cite-docs.mjs';

const rel = (path: string) => relative(ROOT, path).split(sep).join('/');

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
  const files = [...sourceFiles()];

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
    const docs = [
      join(ROOT, 'README.md'),
      ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.md'))
        .map((file) => join(ROOT, 'docs', file)),
    ];
    const outside = FORBIDDEN.find(({ what }) => what === 'a path outside the repository')!.pattern;
    const offenders = docs.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (outside.test(line) ? [`${rel(file)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});
