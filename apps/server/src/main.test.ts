import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/ports.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Every file and folder under `dir` whose mode lets its group or others in, with that mode (octal). */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    const mode = statSync(path).mode & 0o777;
    if (mode & 0o077) found.push(`${path} ${mode.toString(8)}`);
  }
  return found;
}

describe('main: start-up and graceful shutdown', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'josie-main-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    // A failed assertion must not leave the server running.
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates, seeds the demo accounts, serves, keeps DATA_DIR private, and exits 0 on SIGTERM', async () => {
    // An installation made before DATA_DIR was private: readable by everyone.
    chmodSync(dataDir, 0o755);
    const port = await freePort();
    // Started with the usual umask 022, under which files are made 0644 unless the server narrows it.
    const server = spawn(
      '/bin/sh',
      ['-c', 'umask 022 && exec "$0" "$@"', process.execPath, '--import', 'tsx', join(here, 'main.ts')],
      {
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = server;
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
    });
    server.stderr.on('data', (d) => {
      out += d;
    });
    const deadline = Date.now() + 45_000;
    let ready = false;
    while (!ready && Date.now() < deadline) {
      ready = await fetch(`http://127.0.0.1:${port}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (!ready) await new Promise((r) => setTimeout(r, 200));
    }
    expect(ready, out).toBe(true);
    expect(out).toContain('admin@demo.josie');
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'curator1@demo.josie', password: 'demo-password' }),
    });
    expect(login.status).toBe(200);

    // The database, the demo media, the generated secrets and a mail in the outbox: the owner's only
    // (decision 0009), whatever the umask the server was started with.
    const reset = await fetch(`http://127.0.0.1:${port}/api/users/reset-password/initiate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'curator1@demo.josie' }),
    });
    expect(reset.status).toBe(200);
    const outbox = join(dataDir, 'outbox');
    for (let i = 0; i < 100; i++) {
      const mails = (() => {
        try {
          return readdirSync(outbox).filter((f) => f.endsWith('.eml'));
        } catch {
          return [];
        }
      })();
      if (mails.length > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(readdirSync(outbox).some((f) => f.endsWith('.eml'))).toBe(true);
    expect(readdirSync(join(dataDir, 'media')).length).toBeGreaterThan(0);
    expect(readdirSync(join(dataDir, 'pglite')).length).toBeGreaterThan(0);
    expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
    expect(openToOthers(dataDir)).toEqual([]);
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
