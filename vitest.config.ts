import { availableParallelism } from 'node:os';
import { defineConfig, type UserWorkspaceConfig } from 'vitest/config';
import server, { SERVER_ISOLATED } from './apps/server/vitest.config.js';
import web, { WEB_ISOLATED } from './apps/web/vitest.config.js';

/**
 * The server's files that run a second time on embedded PGlite when the `server` project runs on PostgreSQL
 * (`TEST_DATABASE_URL` set, as `.ci/run` does): the embedded default's own proof (docs/decisions/0039-test-tiers.md)
 * — its migrations, the dialect's differences (the search extensions, the job queue on one connection),
 * the demo seed of a first start, and the backup of its data directory. Without `TEST_DATABASE_URL` the
 * whole server project already runs on PGlite, and this project is left out.
 */
const PGLITE_PARITY = [
  'src/security/migrations.test.ts',
  'src/security/backup.test.ts',
  'src/modules/search/search.test.ts',
  'src/modules/search/search-forms.test.ts',
  'src/jobs/queue.test.ts',
  'src/modules/josies/demo-seed.test.ts',
];

/**
 * A project that runs `include`, files listed out of `base`'s shared-module project, with modules (and, in
 * the web app, a window) of their own: `vi.mock` or `vi.resetModules` would otherwise carry into the files
 * after them in the worker (docs/decisions/0039-test-tiers.md, "Modules loaded once per worker").
 */
function isolatedProject(
  base: UserWorkspaceConfig,
  name: string,
  root: string,
  include: string[],
  overrides: NonNullable<UserWorkspaceConfig['test']> = {},
): UserWorkspaceConfig {
  return {
    ...base,
    test: { ...base.test, name, root, include, exclude: ['**/node_modules/**'], isolate: true, ...overrides },
  };
}

/**
 * One Vitest run over every workspace: contract and server in Node, web in happy-dom (docs/ARCHITECTURE.md).
 * `VITEST_JSON_REPORT` names a file for a JSON report besides the default output (`.ci/run` prints the
 * slowest files from it).
 */
export default defineConfig({
  test: {
    // Vitest keeps a core for itself by default, which on the 2-core CI machine runs one test file at a
    // time; most of a file's time is spent waiting (PGlite, timers, sockets), so every core runs one.
    maxWorkers: availableParallelism(),
    ...(process.env.VITEST_JSON_REPORT
      ? { reporters: ['default', 'json'], outputFile: { json: process.env.VITEST_JSON_REPORT } }
      : {}),
    projects: [
      'packages/contract',
      'apps/server',
      isolatedProject(server, 'server-isolated', './apps/server', SERVER_ISOLATED, {
        // Nothing here opens a database, so no template to build.
        globalSetup: [],
      }),
      'apps/web',
      isolatedProject(web, 'web-isolated', './apps/web', WEB_ISOLATED),
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              // The server project's settings, not merged (`extends` would add its include to the list).
              test: {
                ...server.test,
                name: 'server-pglite',
                root: './apps/server',
                include: PGLITE_PARITY,
                // Empty: the harness opens in-memory PGlite and the PostgreSQL-only files skip.
                env: { TEST_DATABASE_URL: '', TEST_REDIS_URL: '' },
              },
            },
          ]
        : []),
    ],
  },
});
