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
  },
});
