import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The files that need modules and a window of their own: they re-import the app's modules after
 * `vi.resetModules()` and expect a visitor's first page, which a window other files have used (its address,
 * its language) does not give. The root `vitest.config.ts` runs them in the isolated `web-isolated` project
 * (docs/decisions/0039-test-tiers.md, "Modules loaded once per worker").
 */
export const WEB_ISOLATED = ['src/i18n/loading.test.tsx'];

/**
 * Component tests in happy-dom. The setup file loads jest-dom matchers, fails any test that logs a
 * `console.error`, and installs a strict `fetch` stub that refuses unexpected requests
 * (docs/ARCHITECTURE.md#practices).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', ...WEB_ISOLATED],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Files share their worker's modules and window (docs/decisions/0039-test-tiers.md, "Modules loaded
    // once per worker"); `src/test/setup.ts` resets what a test leaves in them.
    isolate: false,
  },
});
