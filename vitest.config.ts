import { defineConfig } from 'vitest/config';

/** One Vitest run over every workspace: contract and server in Node, web in happy-dom. DESIGN §8. */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
