#!/usr/bin/env node
/**
 * `npm start`: builds the web app when its build is missing, builds the server, then starts it on `PORT`
 * (default 3000) with `DATA_DIR` (default ./data): embedded PostgreSQL, demo data and local media unless
 * configured otherwise (see .env.example).
 *
 * The server runs as in production, compiled JavaScript under `node` (`npm run start:prod`; decision
 * 0019). Its build takes a second or two, so it is rebuilt on every start: the checkout's code runs, never
 * a stale build. The web build takes about a minute and is built only when missing.
 *
 * A first start prints one line for the web build, not the build's file listing: what a newcomer needs is
 * the address and the demo accounts the server prints. A failed build prints its whole output.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run build` in `workspace` quietly; on failure prints its output and exits. */
function build(workspace, what) {
  const result = spawnSync(npm, ['run', 'build', '--silent', '-w', workspace], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    console.error(`The ${what} did not build (output above).`);
    process.exit(result.status ?? 1);
  }
}

if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.log('Building the web app (first start, about a minute)...');
  build('apps/web', 'web app');
}
build('apps/server', 'server');

const server = spawnSync(npm, ['run', 'start:prod', '--silent', '-w', 'apps/server'], {
  cwd: root,
  stdio: 'inherit',
  // The server runs inside apps/server: give it the repository's ./data unless DATA_DIR says otherwise.
  env: { NODE_ENV: 'production', ...process.env, DATA_DIR: process.env.DATA_DIR ?? join(root, 'data') },
});
process.exit(server.status ?? 0);
