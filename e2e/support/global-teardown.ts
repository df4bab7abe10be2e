import { readFileSync, rmSync } from 'node:fs';
import { dropDatabase } from './databases.js';
import { stateFile } from './global-setup.js';

/**
 * Stops the integrations server and the stand-ins started by global-setup and removes the data folders
 * and databases (each worker stops its own server and drops its database: support/fixtures.ts).
 */
export default async function globalTeardown(): Promise<void> {
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as {
    seededDataDir: string;
    databases: string[];
    integrations: { pid: number; dataDir: string; standinsPid: number };
  };
  for (const pid of [state.integrations.pid, state.integrations.standinsPid]) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await new Promise((r) => setTimeout(r, 500));
  for (const name of state.databases) await dropDatabase(name);
  rmSync(state.seededDataDir, { recursive: true, force: true });
  rmSync(state.integrations.dataDir, { recursive: true, force: true });
  rmSync(stateFile, { force: true });
}
