/**
 * Lighthouse and installability of the production build
 * (docs/product/rules-and-limits.md#notifications-and-install; docs/product/data-and-config.md#stack
 * "Lighthouse for pages"). `npx tsx bench/lighthouse.ts [path...]` (build the web app first: `npm run
 * build`).
 *
 * Starts the real server (embedded database, demo data) on a free port, opens Debian's Chromium with a
 * normal (non-incognito) profile and prints:
 * - installability: Chromium's own verdict (`Page.getInstallabilityErrors`) and the parsed manifest's errors
 *   (`Page.getAppManifest`), with the service worker that controls the page. These are the data the
 *   `installable-manifest` audit of Lighthouse <= 11 reported; Lighthouse 12 removed its PWA category, so
 *   the check is made here directly, on the same browser;
 * - Lighthouse 12 scores (performance, accessibility, best practices, SEO) for each path (default `/` and
 *   `/login`), desktop settings, with the key timings.
 *
 * Exits 1 when the app is not installable. Scores are figures to watch, not pass/fail (CPU-bound here).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { machineLine } from './lib/machine.js';
import { freePort, repoRoot, startProcess } from './lib/server.js';

/** Debian's Chromium with the flags every browser of this project uses (helper brief). */
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/', '/login'];
const dataDir = mkdtempSync(join(tmpdir(), 'josie-lighthouse-'));
const profileDir = mkdtempSync(join(tmpdir(), 'josie-lighthouse-profile-'));
const server = await startProcess(join(repoRoot, 'apps/server/src/main.ts'), {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DEMO_DATA: 'true',
});
const port = await freePort();
const context = await chromium.launchPersistentContext(profileDir, {
  executablePath: CHROMIUM,
  args: [...FLAGS, `--remote-debugging-port=${port}`],
  viewport: { width: 1350, height: 940 },
});

let installable = false;
try {
  console.log(`== Lighthouse on ${server.url} ==`);
  console.log(machineLine());

  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${server.url}/`);
  // Expressions, not functions: this package is typed for Node, without the DOM.
  const worker = (await page.evaluate(
    'navigator.serviceWorker.ready.then((r) => (r.active ? r.active.scriptURL : null))',
  )) as string | null;
  // Reloaded so the worker controls the page, as on a returning visit.
  await page.reload();
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  const manifest = await cdp.send('Page.getAppManifest');
  const controlled = (await page.evaluate('navigator.serviceWorker.controller !== null')) as boolean;
  installable = installabilityErrors.length === 0 && manifest.errors.length === 0 && controlled;
  console.log('installability');
  console.log(`  manifest            ${manifest.url}`);
  console.log(
    `  manifest errors     ${manifest.errors.length === 0 ? 'none' : JSON.stringify(manifest.errors)}`,
  );
  console.log(`  service worker      ${worker ?? 'none'} (controls the page: ${controlled})`);
  console.log(
    `  installability      ${installabilityErrors.length === 0 ? 'installable' : JSON.stringify(installabilityErrors)}`,
  );
  await page.close();

  for (const path of paths) {
    const result = await lighthouse(
      `${server.url}${path}`,
      {
        port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      },
      desktopConfig,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => {
      const value = categories[id]?.score;
      return value === null || value === undefined ? 'n/a' : String(Math.round(value * 100));
    };
    const ms = (id: string) => audits[id]?.displayValue ?? 'n/a';
    console.log(`lighthouse ${path}`);
    console.log(
      `  performance ${score('performance')}  accessibility ${score('accessibility')}  best-practices ${score('best-practices')}  seo ${score('seo')}`,
    );
    console.log(
      `  FCP ${ms('first-contentful-paint')}  LCP ${ms('largest-contentful-paint')}  TBT ${ms('total-blocking-time')}  CLS ${ms('cumulative-layout-shift')}`,
    );
  }
} finally {
  await context.close();
  await server.stop();
  rmSync(profileDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

if (!installable) {
  console.error('The app is not installable (see above).');
  process.exit(1);
}
