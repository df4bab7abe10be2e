import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Files share their worker's modules and window (docs/decisions/0039-test-tiers.md, "Modules loaded
    // once per worker"); `src/test/setup.ts` resets what a test leaves in them.
    isolate: false,
  },
});
