import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One Vitest run over every workspace: contract and server in Node, web in happy-dom (docs/ARCHITECTURE.md).
 */
export default defineConfig({
  test: {
    // Vitest keeps a core for itself by default, which on the 2-core CI machine runs one test file at a
    // time; most of a file's time is spent waiting (PGlite, timers, sockets), so every core runs one.
    maxWorkers: availableParallelism(),
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
