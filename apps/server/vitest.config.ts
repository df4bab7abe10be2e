import { defineConfig } from 'vitest/config';

/**
 * The server's files that need modules of their own: they replace a module with `vi.mock`, which a worker's
 * shared modules would carry into the files after them. The root `vitest.config.ts` runs them in the
 * isolated `server-isolated` project (docs/decisions/0039-test-tiers.md, "Modules loaded once per worker").
 */
export const SERVER_ISOLATED = ['src/security/storage-atomic.test.ts'];

/**
 * The API suite in Node. Files share their worker's modules (`isolate: false`): importing the server's
 * graph again for each of ~100 files was most of the suite's time; each file builds its own app and
 * database context, so what a module keeps is configuration, not state a test depends on.
 */
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...SERVER_ISOLATED],
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['./src/test/global-setup.ts'],
  },
});
