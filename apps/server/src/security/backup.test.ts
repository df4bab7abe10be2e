/**
 * Backups of the embedded installation (docs/decisions/0005-security-and-reliability-checks.md): `npm run
 * backup` and `npm run restore` round trip a database, its media and its secrets into a new, empty
 * `DATA_DIR`, through the scripts' real command lines.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import { buildConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { seedReference } from '../db/seed/index.js';
import { josieForm, pngImage } from '../modules/josies/testing.js';

const run = promisify(execFile);
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Runs `scripts/<name>.mjs <file>` with `env`; resolves with its exit code and output. */
async function script(name: 'backup' | 'restore', file: string, env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(repoRoot, 'scripts', `${name}.mjs`), file], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** Every file under `dir` with its bytes, keyed by relative path. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, prefix: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path, `${prefix}${name}/`);
      else out[`${prefix}${name}`] = readFileSync(path).toString('base64');
    }
  };
  if (existsSync(dir)) walk(dir, '');
  return out;
}

/** The rows a round trip must keep, in a stable order. */
async function rows(database: Database) {
  const query = async (text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: unknown[] }).rows;
  return {
    users: await query('select id, email, password_hash, role from users order by id'),
    josies: await query('select id, creator_id, title, paragraphs, status from josies order by id'),
    media: await query('select id, storage_key, bytes from media order by id'),
    sessions: await query('select id, user_id, expires_at from sessions order by id'),
    genres: await query('select name from genres order by name'),
  };
}

describe('backup and restore (embedded database)', () => {
  const base = mkdtempSync(join(tmpdir(), 'josie-backup-test-'));
  const source = join(base, 'source');
  const target = join(base, 'target');
  const archive = join(base, 'out', 'josie.tar.gz');
  let database: Database;
  let app: App;
  let token: string;
  let before: Awaited<ReturnType<typeof rows>>;

  const configFor = (dataDir: string) =>
    buildConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_AUTH_MAX: '1000' });

  beforeAll(async () => {
    mkdirSync(source, { recursive: true });
    database = await openDatabase({ dataDir: source });
    await database.migrate();
    await seedReference(database.db);
    // No JWT_SECRET: the server generates one into DATA_DIR, which the backup must carry.
    app = await buildApp({ config: configFor(source), database, logger: false });
    await app.ready();
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Archivist', email: 'archivist@example.test', password: 'keep-it-safe-1' },
    });
    expect(signup.statusCode).toBe(201);
    // A sign-up answers no session (decision 0037): the archivist signs in.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'archivist@example.test', password: 'keep-it-safe-1' },
    });
    token = login.json().token;
    const userId = login.json().user._id as string;
    // A curator with a verified address may publish (docs/decisions/0025-account-and-data.md).
    await database.db.execute(
      sql`update users set role = 'curator', email_verified_at = now() where id = ${userId}`,
    );
    const josie = await app.inject({
      method: 'POST',
      url: '/api/josies',
      headers: { authorization: `Bearer ${token}` },
      payload: josieForm(
        { title: 'Kept', paragraphs: [{ type: 'text', content: 'Safe' }] },
        { bytes: await pngImage() },
      ),
    });
    expect(josie.statusCode).toBe(201);
    before = await rows(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => {});
    rmSync(base, { recursive: true, force: true });
  });

  it('refuses to back up a database that is open', async () => {
    const res = await script('backup', archive, { DATA_DIR: source });
    expect(res.code).toBe(1);
    expect(res.out).toContain('stop the server first');
    expect(existsSync(archive)).toBe(false);
  });

  it('points a PostgreSQL installation to pg_dump', async () => {
    const res = await script('backup', archive, {
      DATA_DIR: source,
      DATABASE_URL: 'postgres://db.example/josie',
    });
    expect(res.code).toBe(1);
    expect(res.out).toContain('pg_dump');
  });

  it('round-trips the database, the media and the secrets into an empty DATA_DIR', async () => {
    await app.close();
    await database.close();
    const mediaBefore = snapshot(join(source, 'media'));
    expect(Object.keys(mediaBefore)).toHaveLength(1);

    const backup = await script('backup', archive, { DATA_DIR: source });
    expect(backup.code, backup.out).toBe(0);
    expect(statSync(archive).mode & 0o777).toBe(0o600);

    const restored = await script('restore', archive, { DATA_DIR: target });
    expect(restored.code, restored.out).toBe(0);
    expect(snapshot(join(target, 'media'))).toEqual(mediaBefore);
    expect(readFileSync(join(target, 'jwt-secret'), 'utf8')).toBe(
      readFileSync(join(source, 'jwt-secret'), 'utf8'),
    );
    expect(readdirSync(target).filter((n) => n.startsWith('.restore-'))).toEqual([]);

    database = await openDatabase({ dataDir: target });
    expect(await rows(database)).toEqual(before);
    // The restored installation serves the same session, josie and image.
    app = await buildApp({ config: configFor(target), database, logger: false });
    await app.ready();
    const me = await app.inject({
      url: '/api/josies/my-josies',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    const [josie] = me.json().data.posts;
    const image = josie.paragraphs.find((p: { type: string }) => p.type === 'image').content;
    expect((await app.inject({ url: image })).statusCode).toBe(200);
  });

  it('refuses to restore over an installation', async () => {
    const res = await script('restore', archive, { DATA_DIR: target });
    expect(res.code).toBe(1);
    expect(res.out).toContain('restore into an empty DATA_DIR');
  });
});
