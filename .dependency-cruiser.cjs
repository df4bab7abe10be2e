/**
 * The dependency rules of the repository, checked by `npm run lint` after biome
 * (docs/decisions/0016-composition-root-and-module-boundaries.md, docs/ARCHITECTURE.md "Dependency rules").
 * A rule that fails names the importing file and the imported one; fix the import, not the rule.
 */

/** Test code may reach into a module's internals: unit tests, test support, the security suite. */
const TESTS = [
  '\\.test\\.tsx?$',
  '(^|/)testing\\.tsx?$',
  '\\.testing\\.ts$',
  '(^|/)testData\\.ts$',
  '^apps/server/src/test/',
  '^apps/server/src/security/',
  '^apps/web/src/test/',
  '(^|/)testRoutes\\.tsx$',
];

const SERVER = '^apps/server/src/';
const MODULES = `${SERVER}modules/`;
const WEB = '^apps/web/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import cycles: a cycle means neither side can be understood, tested or loaded without the other. ' +
        'Type-only imports are erased at build time and do not count.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'server-module-public-entry',
      severity: 'error',
      comment:
        'A server module imports another module only through its public entry, modules/<name>/index.ts: its ' +
        "service factory and types, pure presenters and access rules, and reads that join a caller's " +
        'transaction. Never its queries (each table is written by its own module only), presenter or routes.',
      from: { path: `${MODULES}([^/]+)/`, pathNot: TESTS },
      to: {
        path: `${MODULES}[^/]+/`,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'server-outside-modules-public-entry',
      severity: 'error',
      comment:
        'Code outside the modules (composition root, realtime, jobs, reads, seeds, CLI) imports a module ' +
        'through its index.ts only; app.ts alone registers the route plugins (modules/<name>/routes.ts).',
      from: { path: SERVER, pathNot: [`${MODULES}`, `${SERVER}app\\.ts$`, ...TESTS] },
      to: { path: `${MODULES}[^/]+/`, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'server-app-imports-routes-and-entries',
      severity: 'error',
      comment: 'app.ts imports a module only for its route plugins (routes.ts, *.routes.ts) or its index.ts.',
      from: { path: `${SERVER}app\\.ts$` },
      to: {
        path: `${MODULES}[^/]+/`,
        pathNot: [`${MODULES}[^/]+/index\\.ts$`, `${MODULES}[^/]+/[a-z.-]*routes\\.ts$`],
      },
    },
    {
      name: 'server-routes-register-routes-only',
      severity: 'error',
      comment:
        'A route file (routes.ts, *.routes.ts) registers routes only. Job handlers, cron schedules and ' +
        'domain-event subscriptions are registered in one place, wireBackgroundWork in composition.ts ' +
        '(docs/ARCHITECTURE.md "Background work"), so a route file imports neither the job queue (jobs/), ' +
        "the event bus (realtime/bus.ts), nor a module's job handlers (jobs.ts, jobs/, *retention.ts).",
      from: { path: `${MODULES}[^/]+/[a-z.-]*routes\\.ts$` },
      to: {
        path: [
          `${SERVER}jobs/`,
          `${SERVER}realtime/bus\\.ts$`,
          `${MODULES}[^/]+/(jobs\\.ts|jobs/|[a-z.-]*retention\\.ts)`,
        ],
      },
    },
    {
      name: 'server-lib-and-adapters-know-no-module',
      severity: 'error',
      comment:
        'lib/ (generic helpers) and adapters/ (the outside world) never import a feature module: ' +
        'modules depend on them, not the other way round.',
      from: { path: `${SERVER}(lib|adapters)/`, pathNot: TESTS },
      to: { path: MODULES },
    },
    {
      name: 'web-feature-public-entry',
      severity: 'error',
      comment:
        "A web feature imports another feature only through that feature's index.ts, never its internals. " +
        "A lazy `import()` of another feature's page or call is how code is split, and stays allowed.",
      from: { path: `${WEB}features/([^/]+)/`, pathNot: TESTS },
      to: {
        dependencyTypesNot: ['dynamic-import'],
        path: `${WEB}features/[^/]+/`,
        pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/index\\.tsx?$`],
      },
    },
    {
      name: 'web-ui-and-lib-know-no-feature',
      severity: 'error',
      comment: 'ui/ (shared components) and lib/ (helpers) never import a feature: features use them.',
      from: { path: `${WEB}(ui|lib)/`, pathNot: TESTS },
      to: { path: `${WEB}features/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '^apps/server/src/db/migrations/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    // With the TypeScript configuration, `./x.js` in TypeScript source resolves to `./x.ts`.
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    skipAnalysisNotInRules: true,
  },
};
