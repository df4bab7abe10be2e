import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

import { freePort } from '../../apps/server/src/test/ports.js';
import { createDatabase, databaseName, dropDatabase } from './databases.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** The production server: the build `npm run start:prod` runs, with `node` (decision 0019). */
const serverArgs = ['--enable-source-maps', join(root, 'apps/server/dist/main.js')];
/** Where setup leaves what teardown stops; per runner process, so concurrent runs do not stop each other's servers. */
export const stateFile = join(tmpdir(), `josie-e2e-server-${process.pid}.json`);

/**
 * Waits, up to `timeoutMs`, until the server at `url` answers `/readyz`; fails early when `child` (the
 * server's process, where this runner started it) has exited.
 */
export async function waitReady(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready within ${timeoutMs} ms`);
}

/**
 * Waits, up to `timeoutMs`, until the server answers the explore page's read (the heaviest public read) in
 * under 300 ms twice in a row. A server that just started does its start-up work (the search words, the
 * link resolver's refresh, the read caches) on embedded PostgreSQL, which runs on the server's own thread:
 * for the first seconds on a busy 2-core machine it answered even its static files in 4 s, and the first
 * journey of a worker timed out on a page still loading. Journeys start on a server that is settled, as a
 * user's does.
 */
export async function waitSettled(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quick = 0;
  while (quick < 2 && Date.now() < deadline) {
    const started = performance.now();
    const res = await fetch(`${url}/api/explore`).catch(() => null);
    await res?.arrayBuffer();
    quick = res?.ok && performance.now() - started < 300 ? quick + 1 : 0;
    if (quick < 2) await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Starts the integration stand-ins (apps/server/src/test/standins/cli.ts) and answers their process and the
 * environment that points a Josie server at them (the first line the CLI prints).
 */
async function startStandins(): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/src/test/standins/cli.ts')],
    {
      cwd: join(root, 'apps/server'),
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('stand-ins did not start within 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`stand-ins exited with ${code}`)));
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
  });
  return { child, env: JSON.parse(first) as Record<string, string> };
}

/** The environment every end-to-end server gets, before its own additions. */
function serverEnv(port: number, dataDir: string): Record<string, string> {
  const url = `http://127.0.0.1:${port}`;
  return {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_MAX: '10000',
    // Jobs enqueued in a transaction wake their workers on commit; other instances' and retried jobs are
    // noticed at the next poll, which a journey should not wait 10 s for.
    JOBS_POLL_INTERVAL_MS: '500',
  };
}

/**
 * Spawns one production server with `extraEnv` on a free port, over `dataDir` (a fresh one unless given),
 * without waiting for it; answers its process, URL and data folder.
 */
async function spawnServer(
  extraEnv: Record<string, string>,
  dataDir = mkdtempSync(join(tmpdir(), 'josie-e2e-')),
): Promise<{ child: ChildProcess; url: string; dataDir: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverArgs, {
    cwd: join(root, 'apps/server'),
    env: { ...serverEnv(port, dataDir), ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: false,
  });
  return { child, url, dataDir };
}

/**
 * Starts one production server with `extraEnv` on a free port, over `dataDir` (a fresh one unless given),
 * and waits until it is ready and settled; answers its process, URL and data folder.
 */
export async function startServer(
  extraEnv: Record<string, string>,
  dataDir?: string,
): Promise<{ child: ChildProcess; url: string; dataDir: string }> {
  const server = await spawnServer(extraEnv, dataDir);
  // A first start migrates and seeds; on a busy 2-core machine that has taken over three minutes.
  await waitReady(server.url, 600_000, server.child).catch((err: unknown) => {
    server.child.kill('SIGKILL');
    throw err;
  });
  await waitSettled(server.url, 60_000);
  return server;
}

/**
 * Waits until the integrations server global setup started (`E2E_INTEGRATIONS_URL`) is ready and settled.
 * Setup does not wait for it, so that its start overlaps the first journeys of the workers; the file that
 * uses it waits here before its first journey.
 */
export async function waitForIntegrationsServer(): Promise<string> {
  const url = process.env.E2E_INTEGRATIONS_URL;
  if (!url) throw new Error('E2E_INTEGRATIONS_URL is not set: global setup starts the integrations server');
  await waitReady(url, 300_000);
  await waitSettled(url, 60_000);
  return url;
}

/** Stops a server started by {@link startServer} and waits for it to exit (its database closed). */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Prepares the end-to-end run; each worker then starts its own server (support/fixtures.ts), so that the
 * journeys of two workers never share feature flags or mail (docs/decisions/0039-test-tiers.md).
 *
 * - Seeds one data folder (migrations and demo data) with a server started and stopped once, exposed as
 *   `E2E_SEEDED_DATA_DIR`: a worker's server starts on a copy, without migrating and seeding again. On
 *   PostgreSQL (`TEST_DATABASE_URL`) the seeded database, `E2E_SEEDED_DATABASE`, is copied the same way.
 * - Starts the integration stand-ins (sign-in, search, images, AI, the link resolver) and one server
 *   configured with them, on another copy of the seeded folder, exposed as `E2E_INTEGRATIONS_URL` (only integrations.spec.ts uses it, and waits for it to be ready). Every
 *   worker's server resolves the demo josies' items against the stand-ins' Odesli
 *   (docs/decisions/0022-listen-on-your-own-service.md): their environment is `E2E_RESOLVER_ENV` (JSON).
 *
 * The web app and the server must be built first (`npm run test:e2e` does).
 */
export default async function globalSetup(): Promise<void> {
  const standins = await startStandins();
  const resolver = {
    ODESLI_API_URL: standins.env.ODESLI_API_URL ?? 'off',
    ODESLI_REQUESTS_PER_MINUTE: standins.env.ODESLI_REQUESTS_PER_MINUTE ?? '10',
  };
  process.env.E2E_RESOLVER_ENV = JSON.stringify(resolver);
  try {
    // The workers' servers name their databases after this run (support/databases.ts).
    process.env.E2E_RUN_ID = String(process.pid);
    const seededDatabase = databaseName('seeded', process.pid);
    const integrationsDatabase = databaseName('integrations', process.pid);
    // One after the other: two first starts at once take longer on two cores than in turn.
    const seeded = await startServer({ ...resolver, ...(await createDatabase(seededDatabase)) });
    await stopServer(seeded.child);
    const integrationsDir = mkdtempSync(join(tmpdir(), 'josie-e2e-'));
    cpSync(seeded.dataDir, integrationsDir, { recursive: true });
    // Not waited for here: it starts while the workers start theirs (see waitForIntegrationsServer).
    const integrations = await spawnServer(
      { ...standins.env, ...(await createDatabase(integrationsDatabase, seededDatabase)) },
      integrationsDir,
    );
    process.env.E2E_SEEDED_DATA_DIR = seeded.dataDir;
    process.env.E2E_SEEDED_DATABASE = seededDatabase;
    process.env.E2E_INTEGRATIONS_URL = integrations.url;
    writeFileSync(
      stateFile,
      JSON.stringify({
        seededDataDir: seeded.dataDir,
        databases: [seededDatabase, integrationsDatabase],
        integrations: {
          pid: integrations.child.pid,
          dataDir: integrations.dataDir,
          url: integrations.url,
          standinsPid: standins.child.pid,
        },
      }),
    );
  } catch (err) {
    standins.child.kill('SIGKILL');
    for (const role of ['seeded', 'integrations']) await dropDatabase(databaseName(role, process.pid));
    throw err;
  }
}
