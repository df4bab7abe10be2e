/**
 * Web benchmark (docs/performance.md): the JavaScript and CSS that `/` (visitor), `/josie/:id` (visitor) and
 * the home feed (`/` signed in) load, for an English and a Hebrew reader (decision 0026), measured in Debian's headless Chromium (every script and style sheet
 * the page requested until the network is idle, each body's size and its gzip size; the budget counts all of
 * them, and the scripts requested before the `load` event are shown beside), and the Lighthouse scores
 * (performance, accessibility, best practices, SEO) of the same three pages with Lighthouse's default mobile
 * emulation and simulated throttling.
 *
 * The production build (`apps/web/dist`, built by `npm run bench:web` first) is served by the real
 * server on an embedded database with the demo data, like `npm start`. The service worker is blocked
 * while bytes are counted: it precaches the whole app after the first load, in the background, which is
 * not what a page needs to render (its precache list is printed beside).
 *
 * The bench turns the `language_select` flag on (as an admin would: `PUT /api/admin/flags/language_select`),
 * and measures each page twice: for an English reader (Chromium's own `en-US`, nothing chosen) and for a
 * Hebrew reader who chose Hebrew, as the language toggle stores it (`chooseLanguage`: localStorage
 * `i18nextLng` and the `i18next` cookie, which the server reads to render the page in Hebrew).
 *
 * Usage: `npm run bench:web -w bench`, or `npx tsx bench/web.ts` on an existing build; `--bytes` measures
 * only the bytes, `--lighthouse` only the Lighthouse scores (Lighthouse is CPU heavy: run it alone);
 * `--page josie` only the pages whose name contains `josie`; `--lang he` (or `en`) only that language's pages; `LIGHTHOUSE_RUNS=n` runs Lighthouse n times
 * per page (3 by default) and reports the median run; `LIGHTHOUSE_REPORT_DIR=dir` keeps the full reports
 * there as JSON.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';

import { type BrowserContext, chromium } from 'playwright-core';
import { loadLine, machineLine } from './lib/machine.js';
import { freePort, type RunningServer, repoRoot, startProcess } from './lib/server.js';
import { type Budget, printBudgets } from './lib/stats.js';

/** One Lighthouse report (`lhr`). */
type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The build to serve: `WEB_DIST_DIR` (also read by the server) or `apps/web/dist`. */
const DIST = process.env.WEB_DIST_DIR ? resolve(process.env.WEB_DIST_DIR) : join(repoRoot, 'apps/web/dist');
/** Budgets of Initial JavaScript (gzip) on `/` and `/josie/:id`; Lighthouse on all three pages (docs/performance.md). */
const JS_BUDGET_KB = 170;
const LIGHTHOUSE_BUDGET = { performance: 90, accessibility: 100 };

/** The demo listener, whose feed is measured. */
const LISTENER = { email: 'listener1@demo.josie', password: 'demo-password' };
/** The demo admin, who turns the `language_select` flag on. */
const ADMIN = { email: 'admin@demo.josie', password: 'demo-password' };

/** The interface languages measured (docs/product/rules-and-limits.md#constants). */
const LANGUAGES = ['en', 'he'] as const;
type Language = (typeof LANGUAGES)[number];

/** A page to measure: its path and, for the feed, the account to sign in with first. */
interface PageCase {
  name: string;
  path: string;
  /** The reader's language: `he` stores the choice of Hebrew before the page is opened. */
  language: Language;
  signIn?: { email: string; password: string };
  /** Budgets apply to the initial JavaScript of this page. */
  jsBudget: boolean;
}

/** Bytes of one resource type a page loaded. */
interface Bytes {
  files: number;
  raw: number;
  gzip: number;
}

/** One script, style sheet or font a page loaded, and whether it was requested before the `load` event. */
interface Loaded {
  type: string;
  url: string;
  raw: number;
  gzip: number;
  beforeLoad: boolean;
}

/**
 * Runs in a page of the app's origin: signs in as the login form does, so the browser holds what a signed-in
 * visitor's holds: the session in localStorage (`session/storage.ts`: `user` and `token`) and the session
 * cookie the answer set (decision 0008).
 */
async function signInInPage(credentials: { email: string; password: string }) {
  const { fetch, localStorage } = globalThis as unknown as {
    fetch: typeof globalThis.fetch;
    localStorage: { setItem(k: string, v: string): void };
  };
  const res = await fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  const session = (await res.json()) as { token: string };
  localStorage.setItem('user', JSON.stringify(session));
  localStorage.setItem('token', session.token);
}

/**
 * Runs in a page of the app's origin: stores the choice of `language` as the app's language toggle does
 * (`apps/web/src/i18n/index.ts`, `chooseLanguage`): localStorage `i18nextLng` and the `i18next` cookie.
 */
function chooseLanguageInPage(language: string) {
  const { document, localStorage } = globalThis as unknown as {
    document: { cookie: string };
    localStorage: { setItem(k: string, v: string): void };
  };
  localStorage.setItem('i18nextLng', language);
  document.cookie = `i18next=${language}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * Prepares `context` as the page's reader, from a tab of its own (a tiny same-origin JSON page, then
 * closed): signs in for the feed, and stores the choice of Hebrew for a Hebrew reader.
 */
async function prepareReader(context: BrowserContext, origin: string, page: PageCase) {
  if (!page.signIn && page.language === 'en') return;
  const tab = await context.newPage();
  await tab.goto(`${origin}/healthz`);
  if (page.signIn) await tab.evaluate(signInInPage, page.signIn);
  if (page.language !== 'en') await tab.evaluate(chooseLanguageInPage, page.language);
  await tab.close();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function api<T>(server: RunningServer, path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(server.url + path, init);
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Signs in through the API; answers the session's token. */
async function apiToken(server: RunningServer, credentials: { email: string; password: string }) {
  const session = await api<{ token: string }>(server, '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  return session.token;
}

/**
 * Turns the `language_select` flag on, finds a published josie to open in the demo listener's feed, and
 * answers each page in each language.
 */
async function prepareCases(server: RunningServer): Promise<PageCase[]> {
  await api(server, '/api/admin/flags/language_select', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await apiToken(server, ADMIN)}` },
    body: JSON.stringify({ value: 'true' }),
  });
  const session = await api<{ token: string; user: unknown }>(server, '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(LISTENER),
  });
  const feed = await api<{ data: { posts: Array<{ _id: string }> } }>(server, '/api/josies/feed', {
    headers: { authorization: `Bearer ${session.token}` },
  });
  const josieId = feed.data.posts[0]?._id;
  if (!josieId) throw new Error('the demo data has no published josie in the listener feed');
  return LANGUAGES.flatMap((language): PageCase[] => [
    { name: `home (visitor), ${language}`, path: '/', language, jsBudget: true },
    { name: `josie page (visitor), ${language}`, path: `/josie/${josieId}`, language, jsBudget: true },
    { name: `feed (signed in), ${language}`, path: '/', signIn: LISTENER, language, jsBudget: false },
  ]);
}

/** The scripts and style sheets one page loads until the network is idle. */
async function measureBytes(origin: string, page: PageCase) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await prepareReader(context, origin, page);
    const tab = await context.newPage();
    const bodies: Array<Promise<Loaded>> = [];
    let pageLoaded = false;
    tab.once('load', () => {
      pageLoaded = true;
    });
    tab.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet' && type !== 'font') return;
      const beforeLoad = !pageLoaded;
      bodies.push(
        response.body().then((body) => ({
          type,
          url: response.url(),
          raw: body.length,
          gzip: type === 'font' ? body.length : gzipSync(body, { level: 9 }).length,
          beforeLoad,
        })),
      );
    });
    await tab.goto(origin + page.path, { waitUntil: 'networkidle' });
    const loaded = await Promise.all(bodies);
    const total = (type: string, initialOnly = false): Bytes => {
      const of = loaded.filter((l) => l.type === type && (!initialOnly || l.beforeLoad));
      return {
        files: of.length,
        raw: of.reduce((n, l) => n + l.raw, 0),
        gzip: of.reduce((n, l) => n + l.gzip, 0),
      };
    };
    const scripts = loaded
      .filter((l) => l.type === 'script')
      .sort((a, b) => b.gzip - a.gzip)
      .map((l) => `${new URL(l.url).pathname} ${kb(l.gzip)}${l.beforeLoad ? '' : ' (after load)'}`);
    return {
      initialJs: total('script', true),
      js: total('script'),
      css: total('stylesheet'),
      fonts: total('font'),
      scripts,
    };
  } finally {
    await browser.close();
  }
}

/** Lighthouse runs per page (`LIGHTHOUSE_RUNS`, 3 by default); the median run is reported. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

/**
 * One Lighthouse run of one page (mobile emulation, Lighthouse's default), in a browser with a fresh
 * profile: nothing is cached from an earlier run, and the feed's session is stored first.
 */
async function lighthouseRun(origin: string, page: PageCase): Promise<LighthouseResult> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'josie-lh-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
    serviceWorkers: 'allow',
  });
  try {
    // Stored in the profile first; Lighthouse keeps it (disableStorageReset) and opens the feed signed in,
    // and a Hebrew reader's page with the stored choice. Nothing of the app gets into the HTTP cache that
    // stays.
    await prepareReader(browser, origin, page);
    const run = () =>
      lighthouse(origin + page.path, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        disableStorageReset: Boolean(page.signIn) || page.language !== 'en',
      });
    let result = await run();
    // Lighthouse sometimes loses the trace on a loaded machine (NO_NAVSTART, "Please run Lighthouse
    // again") and then scores 0: the page is measured again, at most twice, and the retry is printed.
    for (let retry = 1; retry <= 2 && result?.lhr.runtimeError; retry += 1) {
      console.log(`${page.name}: Lighthouse ${result.lhr.runtimeError.code}, measuring again (${retry}/2)`);
      result = await run();
    }
    if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
    return result.lhr;
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Lighthouse's four category scores (0-100) and main metrics for one page: the median of
 * {@link LIGHTHOUSE_RUNS} runs, chosen by Lighthouse's own `computeMedianRun` (the run closest to the
 * median FCP and time to interactive; one run's score varies by several points on this machine).
 */
async function lighthouseScores(origin: string, page: PageCase): Promise<Record<string, number>> {
  const runs: LighthouseResult[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i += 1) runs.push(await lighthouseRun(origin, page));
  const valid = filterToValidRuns(runs);
  const lhr = valid.length > 0 ? computeMedianRun(valid) : runs[0]!;
  const score = (result: LighthouseResult, id: string) =>
    Math.round((result.categories[id]?.score ?? 0) * 100);
  if (runs.length > 1) {
    console.log(
      `${page.name}: performance ${runs.map((r) => score(r, 'performance')).join(', ')} over ${runs.length} runs; the median run (${score(lhr, 'performance')}) is reported`,
    );
  }
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (reportDir) {
    // The whole reports, for the audits behind a score (LCP element, long tasks, layout shifts): the median
    // run's, and each run's (`-run1`, …).
    mkdirSync(reportDir, { recursive: true });
    const base = join(reportDir, page.name.replace(/\W+/g, '-'));
    writeFileSync(`${base}.json`, JSON.stringify(lhr));
    for (const [i, run] of runs.entries()) writeFileSync(`${base}-run${i + 1}.json`, JSON.stringify(run));
  }
  const { audits } = lhr;
  const ms = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    'best practices': score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    'FCP ms': ms('first-contentful-paint'),
    'LCP ms': ms('largest-contentful-paint'),
    'TBT ms': ms('total-blocking-time'),
    'CLS x1000': Math.round((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN) * 1000),
  };
}

/** Which halves of the benchmark to run (both by default). */
export interface WebBenchOptions {
  bytes: boolean;
  lighthouse: boolean;
  /** Only the pages whose name contains this (`--page josie`); all three when absent. */
  page?: string;
  /** Only the pages in this language (`--lang he`); both when absent. */
  language?: Language;
}

export async function runWebBench(
  options: WebBenchOptions = { bytes: true, lighthouse: true },
): Promise<Budget[]> {
  console.log(machineLine());
  if (!existsSync(join(DIST, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first (npm run bench:web does)');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'josie-web-bench-'));
  const server = await startProcess(
    join(repoRoot, 'apps/server/src/main.ts'),
    { NODE_ENV: 'production', DATA_DIR: dataDir, RATE_LIMIT_AUTH_MAX: '1000' },
    '/readyz',
    180_000,
  );
  const budgets: Budget[] = [];
  try {
    const cases = (await prepareCases(server)).filter(
      (c) =>
        (!options.page || c.name.includes(options.page)) &&
        (!options.language || c.language === options.language),
    );
    const bytes = [];
    for (const page of options.bytes ? cases : []) {
      const measured = await measureBytes(server.url, page);
      bytes.push({ page, measured });
      console.log(
        `\n${page.name} (${page.path}) loads these scripts (gzip):\n  ${measured.scripts.join('\n  ')}`,
      );
    }
    if (options.bytes) {
      console.log(
        '\nBytes loaded (service worker blocked): initial = requested before the load event; all = until the network is idle',
      );
      console.table(
        Object.fromEntries(
          bytes.map(({ page, measured: m }) => [
            page.name,
            {
              'initial JS files': m.initialJs.files,
              'initial JS gzip': kb(m.initialJs.gzip),
              'all JS gzip': kb(m.js.gzip),
              'all JS raw': kb(m.js.raw),
              'CSS gzip': kb(m.css.gzip),
              'CSS raw': kb(m.css.raw),
              fonts: `${m.fonts.files} (${kb(m.fonts.raw)})`,
            },
          ]),
        ),
      );
      const sw = join(DIST, 'sw.js');
      if (existsSync(sw)) {
        const entries = (readFileSync(sw, 'utf8').match(/"url":"/g) ?? []).length;
        console.log(
          `The service worker then precaches ${entries} files in the background (see the build log).`,
        );
      }
      for (const { page, measured } of bytes) {
        if (!page.jsBudget) continue;
        budgets.push({
          what: `initial JavaScript of ${page.name}`,
          figure: `${kb(measured.js.gzip)} gzip (${kb(measured.initialJs.gzip)} before load)`,
          budget: `< ${JS_BUDGET_KB} KB`,
          met: measured.js.gzip < JS_BUDGET_KB * 1024,
        });
      }
    }

    const scores: Record<string, Record<string, number>> = {};
    for (const page of options.lighthouse ? cases : []) {
      scores[page.name] = await lighthouseScores(server.url, page);
    }
    if (options.lighthouse)
      console.log(
        '\nLighthouse (mobile emulation, simulated throttling; scores 0-100, and the main metrics):',
      );
    if (options.lighthouse) console.table(scores);
    for (const [name, s] of Object.entries(scores)) {
      budgets.push(
        {
          what: `Lighthouse performance, ${name}`,
          figure: String(s.performance),
          budget: `>= ${LIGHTHOUSE_BUDGET.performance}`,
          met: (s.performance ?? 0) >= LIGHTHOUSE_BUDGET.performance,
        },
        {
          what: `Lighthouse accessibility, ${name}`,
          figure: String(s.accessibility),
          budget: `= ${LIGHTHOUSE_BUDGET.accessibility}`,
          met: (s.accessibility ?? 0) >= LIGHTHOUSE_BUDGET.accessibility,
        },
      );
    }
    printBudgets(budgets);
    console.log(`measured at ${loadLine()}`);
    return budgets;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const only = { bytes: args.includes('--bytes'), lighthouse: args.includes('--lighthouse') };
  const pageAt = args.indexOf('--page');
  const page = pageAt >= 0 ? args[pageAt + 1] : undefined;
  const langAt = args.indexOf('--lang');
  const language = langAt >= 0 ? args[langAt + 1] : undefined;
  if (language !== undefined && !(LANGUAGES as readonly string[]).includes(language)) {
    throw new Error(`--lang: one of ${LANGUAGES.join(', ')}`);
  }
  const halves = only.bytes || only.lighthouse ? only : { bytes: true, lighthouse: true };
  await runWebBench({
    ...halves,
    ...(page ? { page } : {}),
    ...(language ? { language: language as Language } : {}),
  });
}
