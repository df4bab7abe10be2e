#!/usr/bin/env node
/**
 * `npm start`: builds the web app when its build is missing, then starts the server on `PORT`
 * (default 3000) with `DATA_DIR` (default ./data): embedded PostgreSQL, demo data and local media unless
 * configured otherwise (see .env.example).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.log('Building the web app (first start)...');
  const build = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawnSync(npm, ['run', 'start', '-w', 'apps/server'], {
  cwd: root,
  stdio: 'inherit',
  // The server runs inside apps/server: give it the repository's ./data unless DATA_DIR says otherwise.
  env: { NODE_ENV: 'production', ...process.env, DATA_DIR: process.env.DATA_DIR ?? join(root, 'data') },
});
process.exit(server.status ?? 0);
