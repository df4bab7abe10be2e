#!/usr/bin/env node
/**
 * Checks that a newcomer's first `npm start` prints only what a person needs. Run by `.ci/run` after the
 * tests (`npm ci`'s own output is checked there).
 *
 * 1. The web build (`npm start` runs it on a first start, quietly unless it fails) prints only its progress
 *    and file listing: no warning, deprecation or notice of Vite, Rolldown or the PWA plugin.
 * 2. `npm start` prints the address, the demo accounts and the server's info logs, nothing else.
 *
 * Any other line fails the check and is printed. Exit code 0 when both are clean, 1 otherwise.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** How long the server may take to start (ms). */
const START_TIMEOUT_MS = 120_000;

/** The lines a clean web build may print. */
const BUILD_LINES = [
  /^\s*$/,
  /^vite v[\d.]+ building (client|ssr) environment for production\.\.\.$/,
  /^(transforming|rendering chunks|computing gzip size)\.\.\.$/,
  /^✓ \d+ modules transformed\.$/,
  /^✓ built in [\d.]+m?s$/,
  /^dist\/\S+\s+[\d.,]+ kB( │ .*)?$/,
  /^PWA v[\d.]+$/,
  /^Building src\/push\/sw\.ts service worker \("iife" format\)\.\.\.$/,
  /^(mode|format:|precache|files generated)(\s.*)?$/,
  /^ {2}dist\/sw\.js(\.map)?$/,
];

/** The lines a clean start may print. */
const START_LINES = [
  /^$/,
  /^> josie@[\d.]+ start$/,
  /^> node scripts\/start\.mjs$/,
  /^Josie is running at http:\/\/localhost:\d+ \(embedded PostgreSQL in .+\)$/,
  /^Demo accounts \(password: .+\):$/,
  /^ {2}(admin|editor|curator|listener) +\S+@demo\.josie$/,
];

/** A pino line below warn (30: info) is expected; a warning or an error is not. */
function isInfoLog(line) {
  try {
    const entry = JSON.parse(line);
    return typeof entry.level === 'number' && entry.level < 40;
  } catch {
    return false;
  }
}

/** The lines of `output` that neither match `expected` nor are info logs. */
function unexpectedLines(output, expected) {
  return output.split('\n').filter((line) => !expected.some((re) => re.test(line)) && !isInfoLog(line));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs `npm start` on a fresh data folder until it has started; answers everything it printed. */
async function startOutput() {
  const dataDir = mkdtempSync(join(tmpdir(), 'josie-start-check-'));
  let output = '';
  try {
    const child = spawn('npm', ['start'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    try {
      await new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no start within ${START_TIMEOUT_MS} ms`)),
          START_TIMEOUT_MS,
        );
        const collect = (chunk) => {
          output += chunk;
          if (output.includes('Josie is running at')) {
            clearTimeout(timer);
            // Give the server a moment to print whatever follows its start.
            setTimeout(resolve, 3000);
          }
        };
        child.stdout.on('data', collect);
        child.stderr.on('data', collect);
        child.once('exit', (code) => reject(new Error(`npm start exited with ${code}`)));
      });
    } finally {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    return output;
  } catch (err) {
    throw new Error(`${err.message}\n${output}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const problems = [];
const build = spawnSync('npm', ['run', 'build', '--silent', '-w', 'apps/web'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
  env: { ...process.env, NO_COLOR: '1' },
});
if (build.status !== 0) problems.push(`the web build failed:\n${build.stdout}${build.stderr}`);
else {
  const lines = unexpectedLines(build.stdout + build.stderr, BUILD_LINES);
  if (lines.length > 0)
    problems.push(`the web build printed ${lines.length} unexpected lines:\n${lines.join('\n')}`);
}
try {
  const lines = unexpectedLines(await startOutput(), START_LINES);
  if (lines.length > 0)
    problems.push(`npm start printed ${lines.length} unexpected lines:\n${lines.join('\n')}`);
} catch (err) {
  problems.push(`npm start: ${err.message}`);
}

if (problems.length > 0) {
  console.error(`start check failed:\n${problems.join('\n\n')}`);
  process.exitCode = 1;
} else {
  console.log('start check: the web build and npm start printed only the expected lines');
}
