import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/test/ports.js';

export { freePort };

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** A child process serving HTTP on `url`. */
export interface RunningServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a TypeScript entry point with tsx on a free port and waits until `readyPath` answers 200.
 * `nodeArgs` go before the entry (e.g. `--cpu-prof`).
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  readyPath = '/readyz',
  timeoutMs = 60_000,
  nodeArgs: string[] = [],
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    const ok = await fetch(url + readyPath)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`${entry} not ready within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The benchmark servers' JWT signing key: the fan-out benchmark signs its listeners' sessions with it. */
export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-01';

/**
 * Starts the Josie server on the benchmark database (no demo data, generous rate limits). With
 * `BENCH_CPU_PROF_DIR` set the server writes a V8 CPU profile there when it stops (open it in Chrome
 * DevTools or speedscope for a flame graph).
 */
export function startJosie(
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  return startProcess(
    join(repoRoot, 'apps/server/src/main.ts'),
    {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: BENCH_JWT_SECRET,
      DEMO_DATA: 'false',
      RATE_LIMIT_AUTH_MAX: '100000000',
      // Load from one address: the per-address limits of search and discovery would answer 429.
      RATE_LIMIT_SEARCH_MAX: '100000000',
      RATE_LIMIT_DISCOVERY_MAX: '100000000',
      ...extraEnv,
    },
    '/readyz',
    60_000,
    nodeArgs,
  );
}
