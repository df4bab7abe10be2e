import { ROUTES } from '@josie/contract';
import { describe, expect, it } from 'vitest';
import shellSource from './shell.js?raw';

// `shell.js` is plain JavaScript served as the first paint, before any module: it cannot import the
// contract's route table, so its API paths are literals. This test holds them to the table
// (docs/decisions/0015-endpoints-in-the-contract.md).

/** Whether `path` (with `${...}` for a value) is an instance of the GET route `pattern` (`:name` params). */
function matchesGet(path: string, pattern: string): boolean {
  const concrete = path.replace(/\$\{[^}]*\}/g, 'x');
  const regex = new RegExp(`^${pattern.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`);
  return regex.test(concrete);
}

describe('shell.js API paths', () => {
  const literals = [...shellSource.matchAll(/['`](\/api\/[^'`]*)['`]/g)].map((m) => m[1] ?? '');

  it('reads only GET endpoints of the route table', () => {
    expect(literals.length).toBeGreaterThan(0);
    const gets = Object.values(ROUTES).filter((r) => r.method === 'GET');
    for (const literal of literals) {
      expect(
        gets.some((r) => matchesGet(literal, r.path)),
        `${literal} is a GET path of ROUTES`,
      ).toBe(true);
    }
  });

  it("sends the signed-in feed's early reads to the table's paths", () => {
    for (const route of [ROUTES.getFeed, ROUTES.curatorsFeed, ROUTES.getPreferences]) {
      expect(literals).toContain(route.path);
    }
    // The visitor's josie preload: a template literal with the id.
    const josie = literals.filter((literal) => literal.startsWith('/api/josies/$'));
    expect(josie).toHaveLength(1);
    expect(matchesGet(josie[0] ?? '', ROUTES.getJosie.path)).toBe(true);
  });
});
