#!/usr/bin/env node
/**
 * Prints the end of a CI run (`.ci/run`): the time of each phase, the 20 slowest test files of Vitest and
 * of Playwright, and the end-to-end tests that passed only on their retry (a flaky test is a bug:
 * docs/decisions/0039-test-tiers.md).
 *
 * Usage: `node scripts/ci-report.mjs <phases.tsv> <vitest.json> <playwright.json>`; the phases file has one
 * `name<TAB>seconds` line per phase; a report file that is missing (its phase did not run) is skipped.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const [phasesFile, vitestFile, playwrightFile] = process.argv.slice(2);
const root = process.cwd();
const readJson = (file) => (file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const minutes = (s) => `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s`;

/** Prints `rows` ([label, value]) as two aligned columns under `title`. */
function table(title, rows) {
  console.log(`\n${title}`);
  const width = Math.max(...rows.map(([label]) => label.length), 10);
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
}

const vitest = readJson(vitestFile);
const playwright = readJson(playwrightFile);

if (phasesFile && existsSync(phasesFile)) {
  const phases = readFileSync(phasesFile, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));
  const rows = phases.map(([name, s]) => [name, minutes(Number(s))]);
  // Inside `npm test`: the Vitest run (its first file's start to its last file's end) and Playwright's.
  if (vitest?.testResults?.length) {
    const start = Math.min(...vitest.testResults.map((f) => f.startTime));
    const end = Math.max(...vitest.testResults.map((f) => f.endTime));
    rows.push(['  of which vitest (unit, component, API)', minutes((end - start) / 1000)]);
  }
  if (playwright?.stats)
    rows.push(['  of which playwright (e2e)', minutes(playwright.stats.duration / 1000)]);
  const total = phases.reduce((sum, [, s]) => sum + Number(s), 0);
  rows.push(['total', minutes(total)]);
  table('Phases', rows);
}

if (vitest?.testResults) {
  const files = vitest.testResults
    .map((f) => ({
      name: relative(root, f.name),
      ms: f.endTime - f.startTime,
      tests: f.assertionResults.length,
    }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 20);
  table(
    'Slowest 20 Vitest files',
    files.map((f) => [f.name, `${seconds(f.ms)} (${f.tests} tests)`]),
  );
}

if (playwright?.suites) {
  const files = new Map();
  const retried = [];
  /** Walks a suite's specs and nested suites, adding each test's attempts to its file. */
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        files.set(file, (files.get(file) ?? 0) + ms);
        if ((test.results ?? []).length > 1) {
          retried.push(
            `${file}: ${spec.title} (${test.status}: ${test.results.map((r) => r.status).join(', ')})`,
          );
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of playwright.suites) walk(suite, suite.file);
  table(
    'Slowest 20 Playwright files (time summed over workers)',
    [...files]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 20)
      .map(([file, ms]) => [`e2e/tests/${file}`, seconds(ms)]),
  );
  table(
    'End-to-end tests that needed a retry',
    retried.length ? retried.map((t) => [t, '']) : [['none', '']],
  );
}
