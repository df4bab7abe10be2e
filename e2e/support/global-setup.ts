import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

import { startSmtpSink } from '../../apps/server/src/adapters/smtp-sink.testing.js';
import { freePort } from '../../apps/server/src/test/ports.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** The production server: the build `npm run start:prod` runs, with `node` (decision 0019). */
const serverArgs = ['--enable-source-maps', join(root, 'apps/server/dist/main.js')];
/** Where setup leaves what teardown stops; per runner process, so concurrent runs do not stop each other's servers. */
export const stateFile = join(tmpdir(), `josie-e2e-server-${process.pid}.json`);

async function waitReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready within ${timeoutMs} ms`);
}

/**
 * Starts the integration stand-ins (apps/server/src/test/standins/cli.ts) and answers their process and the
 * environment that points a Josie server at them (the first line the CLI prints).
 */
async function startStandins(): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/src/test/standins/cli.ts')],
    {
      cwd: join(root, 'apps/server'),
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('stand-ins did not start within 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`stand-ins exited with ${code}`)));
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
  });
  return { child, env: JSON.parse(first) as Record<string, string> };
}

/** Starts one production server with `extraEnv` on a free port; answers its process, URL and data folder. */
async function startServer(
  extraEnv: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'josie-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverArgs, {
    cwd: join(root, 'apps/server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_MAX: '10000',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: false,
  });
  await waitReady(url, child, 60_000);
  return { child, url, dataDir };
}

/**
 * Starts the production server (built web app, fresh embedded database with demo data) on a free port and
 * exposes its URL to the tests as `E2E_BASE_URL`. The web app and the server must be built first (`npm run
 * test:e2e` does).
 * Also starts the integration stand-ins and a second server configured with them (sign-in, search, images,
 * AI, the link resolver), exposed as `E2E_INTEGRATIONS_URL`; tests without it keep `E2E_BASE_URL`, which is
 * unconfigured but for the link resolver: both servers resolve the demo josies' items against the Odesli
 * stand-in (docs/decisions/0022-listen-on-your-own-service.md), so their counterparts show in both.
 */
export default async function globalSetup(): Promise<void> {
  const standins = await startStandins();
  const resolver = {
    ODESLI_API_URL: standins.env.ODESLI_API_URL ?? 'off',
    ODESLI_REQUESTS_PER_MINUTE: standins.env.ODESLI_REQUESTS_PER_MINUTE ?? '10',
  };
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'josie-e2e-'));
  // A local SMTP server receives the app's mail; tests read each message from E2E_MAIL_DIR.
  const mailDir = join(dataDir, 'received-mail');
  mkdirSync(mailDir, { recursive: true });
  const smtp = await startSmtpSink();
  let received = 0;
  setInterval(() => {
    while (received < smtp.messages.length) {
      const mail = smtp.messages[received]!;
      received += 1;
      writeFileSync(
        join(mailDir, `${String(received).padStart(4, '0')}.json`),
        JSON.stringify({
          to: mail.recipients,
          subject: mail.email.subject,
          text: mail.email.text,
          html: mail.email.html,
        }),
      );
    }
  }, 100).unref();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverArgs, {
    cwd: join(root, 'apps/server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_MAX: '10000',
      SMTP_URL: smtp.url,
      ...resolver,
      ...JSON.parse(process.env.E2E_SERVER_ENV ?? '{}'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: false,
  });
  await waitReady(url, child, 60_000).catch((err: unknown) => {
    standins.child.kill();
    throw err;
  });
  process.env.E2E_BASE_URL = url;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_MAIL_DIR = mailDir;
  writeFileSync(stateFile, JSON.stringify({ pid: child.pid, dataDir, url }));

  const integrations = await startServer(standins.env);
  process.env.E2E_INTEGRATIONS_URL = integrations.url;
  writeFileSync(
    stateFile,
    JSON.stringify({
      pid: child.pid,
      dataDir,
      url,
      integrations: {
        pid: integrations.child.pid,
        dataDir: integrations.dataDir,
        url: integrations.url,
        standinsPid: standins.child.pid,
      },
    }),
  );
}
