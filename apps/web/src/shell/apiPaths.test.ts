import { ROUTES } from '@josie/contract';
import { describe, expect, it } from 'vitest';
import { shellScript } from '../../vite.plugins';
import { shellApiPaths } from './apiPaths';
import shellSource from './shell.js?raw';

// `shell.js` runs before any module, so the build writes the API paths it reads into it
// (docs/decisions/0015-endpoints-in-the-contract.md): these tests hold that mapping to the route table.

describe("shell.js's API paths", () => {
  it("are the route table's feed, curator strip, preferences and josie reads", () => {
    expect(shellApiPaths()).toEqual({
      feed: ROUTES.getFeed.path,
      curatorStrip: ROUTES.curatorsFeed.path,
      preferences: ROUTES.getPreferences.path,
      josie: ROUTES.getJosie.path,
    });
    for (const name of ['getFeed', 'curatorsFeed', 'getPreferences', 'getJosie'] as const) {
      expect(ROUTES[name].method).toBe('GET');
    }
  });

  it('are written into the script before its source, which names no API path itself', () => {
    expect(shellSource).not.toMatch(/\/api\//);
    const script = shellScript({}, shellSource);
    expect(script).toContain(`var JOSIE_SHELL_API = ${JSON.stringify(shellApiPaths())};`);
    expect(script.endsWith(shellSource)).toBe(true);
  });
});
