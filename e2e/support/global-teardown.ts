import { readFileSync, rmSync } from 'node:fs';
import { stateFile } from './global-setup.js';

/** Stops the servers and stand-ins started by global-setup and removes their data folders. */
export default async function globalTeardown(): Promise<void> {
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as {
    pid: number;
    dataDir: string;
    integrations?: { pid: number; dataDir: string; standinsPid: number };
  };
  const pids = [state.pid, state.integrations?.pid, state.integrations?.standinsPid];
  for (const pid of pids) {
    if (pid === undefined) continue;
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await new Promise((r) => setTimeout(r, 500));
  rmSync(state.dataDir, { recursive: true, force: true });
  if (state.integrations) rmSync(state.integrations.dataDir, { recursive: true, force: true });
}
