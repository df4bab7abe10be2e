import { readFileSync, rmSync } from 'node:fs';
import { stateFile } from './global-setup.js';

/**
 * Stops the integrations server and the stand-ins started by global-setup and removes the data folders
 * (each worker stops its own server: support/fixtures.ts).
 */
export default async function globalTeardown(): Promise<void> {
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as {
    seededDataDir: string;
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
  rmSync(state.seededDataDir, { recursive: true, force: true });
  rmSync(state.integrations.dataDir, { recursive: true, force: true });
  rmSync(stateFile, { force: true });
}
