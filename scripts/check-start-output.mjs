#!/usr/bin/env node
/**
 * Checks that a newcomer's first `npm start` prints only what a person needs. Run by `.ci/run` after the
 * tests (`npm ci`'s own output is checked there).
 *
 * 1. The web build (`npm start` runs it on a first start, quietly unless it fails) prints only its progress
 *    and file listing: no warning, deprecation or notice of Vite, Rolldown or the PWA plugin. With
 *    `--build-log <file>` (`.ci/run` passes the output of `npm test`, whose end-to-end step built the web
 *    app), the build's lines are read from that output instead of building again.
 * 2. `npm start` (which builds the server and runs `npm run start:prod`) prints the address, the demo
 *    accounts and the server's info logs, nothing else.
 * 3. `npm run start:prod` runs the compiled server with `node` and no TypeScript loader (decision 0019):
 *    its script runs `dist/main.js`, and the server `npm start` started, with Node's own TypeScript support
 *    off where Node has it, applies its migrations, seeds the demo data from its assets, serves the web
 *    build and answers `/healthz`, `/readyz` and `/api/config/flags`. One start checks 2 and 3.
 *
 * Any other line fails the check and is printed. Exit code 0 when all are clean, 1 otherwise.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

/**
 * Runs `npm <args>` on a fresh data folder and a free port until the server says it is running, then calls
 * `whileRunning(baseUrl)`; answers everything it printed.
 */
async function serverOutput(args, env = {}, whileRunning = async () => {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'josie-start-check-'));
  const port = await freePort();
  let output = '';
  try {
    const child = spawn('npm', args, {
      cwd: root,
      env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: String(port) },
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
        child.once('exit', (code) => reject(new Error(`npm ${args.join(' ')} exited with ${code}`)));
      });
      await whileRunning(`http://127.0.0.1:${port}`);
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

/** Requests `path` of `baseUrl`; answers the body, or throws when the status is not 200 or `check` fails. */
async function expectOk(baseUrl, path, check) {
  const res = await fetch(`${baseUrl}${path}`);
  const body = await res.text();
  if (res.status !== 200 || !check(body, res)) {
    throw new Error(`GET ${path} answered ${res.status}: ${body.slice(0, 200)}`);
  }
}

/** The lines of the web build in `log` (the output of `npm test`): from its npm header to the next one. */
function webBuildLines(log) {
  const lines = log.split('\n');
  const first = lines.findIndex((line) => /^> @josie\/web@[\d.]+ build$/.test(line));
  if (first < 0) return undefined;
  // The header's second line is the script's command.
  const rest = lines.slice(first + 2);
  const end = rest.findIndex((line) => /^> \S+@[\d.]+ \S+$/.test(line));
  return (end < 0 ? rest : rest.slice(0, end)).join('\n');
}

/** The web build's checks (1. above); answers its problems. */
function webBuildProblems() {
  const logFlag = process.argv.indexOf('--build-log');
  let output;
  if (logFlag >= 0) {
    output = webBuildLines(readFileSync(process.argv[logFlag + 1], 'utf8'));
    if (output === undefined) return [`no web build in ${process.argv[logFlag + 1]}`];
  } else {
    const build = spawnSync('npm', ['run', 'build', '--silent', '-w', 'apps/web'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: '1' },
    });
    if (build.status !== 0) return [`the web build failed:\n${build.stdout}${build.stderr}`];
    output = build.stdout + build.stderr;
  }
  const lines = unexpectedLines(output, BUILD_LINES);
  return lines.length > 0
    ? [`the web build printed ${lines.length} unexpected lines:\n${lines.join('\n')}`]
    : [];
}

/** The start's checks (2. and 3. above), on one `npm start`; answers its problems. */
async function startProblems() {
  const found = [];
  const script = JSON.parse(readFileSync(join(root, 'apps/server/package.json'), 'utf8')).scripts[
    'start:prod'
  ];
  if (!/^node (--[\w-]+ )*dist\/main\.js$/.test(script)) {
    found.push(`apps/server's start:prod must run the build with node, not "${script}"`);
  }
  // Node 22.6 and newer run TypeScript themselves: turned off, so that the build alone must run.
  const nodeOptions = process.allowedNodeEnvironmentFlags.has('--experimental-strip-types')
    ? `${process.env.NODE_OPTIONS ?? ''} --no-experimental-strip-types`.trim()
    : process.env.NODE_OPTIONS;
  try {
    const output = await serverOutput(
      ['start'],
      nodeOptions ? { NODE_OPTIONS: nodeOptions } : {},
      async (baseUrl) => {
        await expectOk(baseUrl, '/healthz', (body) => JSON.parse(body).status === 'ok');
        await expectOk(baseUrl, '/readyz', (body) => JSON.parse(body).status === 'ok');
        await expectOk(baseUrl, '/api/config/flags', (body) => typeof JSON.parse(body) === 'object');
        await expectOk(
          baseUrl,
          '/',
          (body, res) =>
            res.headers.get('content-type')?.startsWith('text/html') && body.includes('id="root"'),
        );
      },
    );
    if (!/Demo accounts/.test(output)) found.push(`npm start seeded no demo data:\n${output}`);
    const lines = unexpectedLines(output, START_LINES);
    if (lines.length > 0)
      found.push(`npm start printed ${lines.length} unexpected lines:\n${lines.join('\n')}`);
  } catch (err) {
    found.push(`npm start: ${err.message}`);
  }
  return found;
}

const problems = [...webBuildProblems(), ...(await startProblems())];

if (problems.length > 0) {
  console.error(`start check failed:\n${problems.join('\n\n')}`);
  process.exitCode = 1;
} else {
  console.log(
    'start check: the web build and npm start printed only the expected lines; the compiled server answered',
  );
}
