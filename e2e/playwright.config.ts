import { defineConfig } from '@playwright/test';

/**
 * End-to-end journeys on the production build, in Debian's Chromium (never a downloaded browser). Each
 * worker runs its own server on a copy of a data folder seeded once with the demo data (support/global-setup.ts,
 * support/fixtures.ts), so journeys in two workers share no feature flags (docs/decisions/0039-test-tiers.md).
 * `PLAYWRIGHT_JSON_REPORT` names a file for a JSON report besides the list (`.ci/run` prints the slowest
 * files and the retried tests from it).
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  // A file's journeys run in order in one worker (some build on the one before); files run side by side.
  fullyParallel: false,
  // Two: the 2-core CI machine runs two servers and two browsers at once.
  workers: 2,
  // One retry in CI at most, and the report names every test that needed it: a flaky test is a bug.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ...(process.env.PLAYWRIGHT_JSON_REPORT
      ? [['json', { outputFile: process.env.PLAYWRIGHT_JSON_REPORT }] as ['json', { outputFile: string }]]
      : []),
  ],
  use: {
    // Recording a trace slows every action (DOM snapshots): 163 s without, 202 s with for the security and
    // foundation files on this machine. Only a retried test records one, which is what a failure needs.
    trace: 'on-first-retry',
    // The app's service worker precaches the whole build (~175 files) once a page has loaded, in every new
    // context: most of a journey's requests and much of the machine's time. The journeys about the worker
    // (offline pages, the share target, push) allow it in their files.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { viewport: { width: 1280, height: 800 } } }],
});
