import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMailer, type Mailer } from '../adapters/mailer.js';
import { createStorage, type Storage } from '../adapters/storage.js';
import { type App, buildApp } from '../app.js';
import { createServices, type ServiceDeps, type Services } from '../composition.js';
import { buildConfig, type Config } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { seedReference } from '../db/seed/index.js';
import type { SafeFetcher } from '../lib/ssrf.js';
import { createEventBus, type EventBus } from '../realtime/bus.js';
import { createInvalidation } from '../scale/invalidation.js';
import { databaseUrl, onServer, postgresTemplate, templateDatabase } from './template-database.js';

/** A running app over a fresh database, for API tests through `app.inject`. */
export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Substitutes for the app's infrastructure, handed to the composition root in place of the real ones
 * (docs/decisions/0016-composition-root-and-module-boundaries.md): a test that must hear the events the
 * app publishes, or make storage or mail fail, passes its own instead of mocking modules.
 */
export interface TestSubstitutes {
  bus?: EventBus;
  storage?: Storage;
  mailer?: Mailer;
  /** The fetcher of image links, e.g. one whose resolver sends a test's names to a local stand-in. */
  imageFetcher?: SafeFetcher;
}

/**
 * Builds the app over a fresh, migrated database with the reference data: in-memory PGlite, or the real
 * PostgreSQL in `TEST_DATABASE_URL` (each context then gets its own database, so files run in parallel).
 * `substitutes` replace the app's event bus, storage, mailer or image-link fetcher.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  substitutes: TestSubstitutes = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'josie-test-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  let url: string | undefined;
  let dbName: string | undefined;
  if (pgUrl) {
    // The migrations name the `public` schema, so each context gets its own database: a copy of the
    // migrated, seeded template (made once per run by the global setup).
    dbName = `josie_t_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const template = await postgresTemplate(pgUrl, dataDir);
    await onServer(pgUrl, dataDir, `create database ${dbName} template ${template}`);
    url = databaseUrl(pgUrl, dbName);
  }
  const config = buildConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    // Keys and channels of its own, so test files sharing a Redis never count or hear each other.
    REDIS_PREFIX: `josie-test-${crypto.randomUUID().slice(0, 8)}:`,
    // Sessions stay cached for the whole test (a slow machine never sees one expire mid-test), so every
    // revocation the suite checks must go through the cache's invalidation, and query counts are stable.
    SESSION_CACHE_TTL_MS: '300000',
    ...(url ? { DATABASE_URL: url } : {}),
    // No test reaches the public link resolver; a test of it points ODESLI_API_URL at the stand-in.
    ODESLI_API_URL: 'off',
    ...env,
  });
  const database = url
    ? await openDatabase({ url, dataDir })
    : await openDatabase({ dataDir: 'memory://', from: await templateDatabase() });
  // Idempotent: on a template both find their work done.
  await database.migrate();
  await seedReference(database.db);
  const app = await buildApp({ config, database, logger: false, ...substitutes });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      if (pgUrl && dbName) await onServer(pgUrl, dataDir, `drop database if exists ${dbName} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A test context whose app serves a stand-in for the web build instead of `apps/web/dist`, for tests of what
 * the server writes into pages (share tags, first paint, canonical links): a temporary `josie-web-` folder
 * (`WEB_DIST_DIR`) holding `shell` as its `index.html`, the page every app route answers, and whatever
 * `prepare` writes beside it (e.g. `writePageRenderers` of page-renderers.ts). `prepare` runs before the app
 * is built, because the app loads the build's server renderings as it starts. `env` is added to
 * {@link createTestContext}'s; `close` also removes the folder.
 */
export async function createWebTestContext(
  shell: string,
  opts: { env?: Record<string, string>; prepare?: (webDir: string) => void } = {},
): Promise<TestContext> {
  const webDir = mkdtempSync(join(tmpdir(), 'josie-web-'));
  let ctx: TestContext;
  try {
    writeFileSync(join(webDir, 'index.html'), shell);
    opts.prepare?.(webDir);
    ctx = await createTestContext({ ...opts.env, WEB_DIST_DIR: webDir });
  } catch (err) {
    rmSync(webDir, { recursive: true, force: true });
    throw err;
  }
  return {
    ...ctx,
    async close() {
      try {
        await ctx.close();
      } finally {
        rmSync(webDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The app's service graph over `ctx`'s database, built by the same composition root as the app's, for a
 * test that calls services directly: every dependency is the real one (local storage under the context's
 * data directory, the outbox mailer, an in-memory bus and invalidation) unless `substitutes` replaces it.
 * A graph of its own: its caches are not the running app's.
 */
export function createTestServices(ctx: TestContext, substitutes: Partial<ServiceDeps> = {}): Services {
  return createServices({
    config: ctx.config,
    database: ctx.database,
    storage: createStorage(ctx.config),
    mailer: createMailer(ctx.config, ctx.app.log),
    bus: createEventBus((err) => {
      throw err;
    }),
    invalidation: createInvalidation(),
    redis: null,
    log: ctx.app.log,
    jobs: ctx.app.jobs,
    ...substitutes,
  });
}
