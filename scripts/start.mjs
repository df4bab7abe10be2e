#!/usr/bin/env node
/**
 * `npm start`: builds the web app when its build is missing, then starts the server on `PORT`
 * (default 3000) with `DATA_DIR` (default ./data): embedded PostgreSQL, demo data and local media unless
 * configured otherwise (see .env.example).
 *
 * A first start prints one line for the build, not the build's file listing: what a newcomer needs is the
 * address and the demo accounts the server prints. A failed build prints its whole output.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.log('Building the web app (first start, about a minute)...');
  const build = spawnSync(npm, ['run', 'build', '--silent', '-w', 'apps/web'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    console.error('The web app did not build (output above).');
    process.exit(build.status ?? 1);
  }
}

const server = spawnSync(npm, ['run', 'start', '--silent', '-w', 'apps/server'], {
  cwd: root,
  stdio: 'inherit',
  // The server runs inside apps/server: give it the repository's ./data unless DATA_DIR says otherwise.
  env: { NODE_ENV: 'production', ...process.env, DATA_DIR: process.env.DATA_DIR ?? join(root, 'data') },
});
process.exit(server.status ?? 0);
