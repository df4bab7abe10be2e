#!/usr/bin/env node
/**
 * `npm run backup -- <file.tar.gz>`: backs up an embedded installation
 * (docs/decisions/0005-security-and-reliability-checks.md) into one archive: the PGlite database (PGlite's
 * own `dumpDataDir()`), the uploaded media (`DATA_DIR/media`) and the secrets generated into `DATA_DIR`
 * (`jwt-secret`, `token-encryption-key`), without which sessions and stored provider tokens would not survive
 * a restore. The archive therefore holds secrets: it is written readable by its owner only; keep it like a
 * password. The mail outbox is left out (its messages carry one-time links).
 *
 * The server must be stopped: PGlite is a single-process database, and its data folder is only
 * consistent while no process has it open (an open one holds `pglite/postmaster.pid`).
 * With `DATABASE_URL` (a PostgreSQL server) use `pg_dump` instead; see the README's "Backups".
 *
 * Options: `DATA_DIR`, read as the server reads it (relative to `apps/server`, default `./data`).
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { create } from 'tar';

/** What an archive holds, and the marker a restore checks. */
export const BACKUP_FORMAT = 'josie-backup';
export const BACKUP_VERSION = 1;
/** Files of `DATA_DIR` (besides the database and media) that a restore needs. */
export const SECRET_FILES = ['jwt-secret', 'token-encryption-key'];
/** The database dump inside the archive. */
export const DATABASE_DUMP = 'pglite.tar.gz';

/** Where npm runs the server (`npm start` runs `npm run start -w apps/server`). */
const serverDir = join(dirname(fileURLToPath(import.meta.url)), '../apps/server');

/**
 * `DATA_DIR` as the server started by `npm start` reads it: npm runs it in `apps/server`, so a relative
 * path (the default `./data` included) is taken from there, whatever folder this script runs in.
 */
export function dataDirFromEnv(env = process.env) {
  return resolve(serverDir, env.DATA_DIR || './data');
}

/**
 * Writes a backup of `dataDir` to `file`.
 * @returns what was archived: the media file count and the secrets included.
 * @throws Error when `DATABASE_URL` is set, the data folder has no database, or the server is running.
 */
export async function backup({ dataDir, file, env = process.env }) {
  if (env.DATABASE_URL) {
    throw new Error(
      'DATABASE_URL is set: this installation uses a PostgreSQL server. Back it up with pg_dump (see the README, "Backups"), and DATA_DIR/media with any file copy.',
    );
  }
  const pgdata = join(dataDir, 'pglite');
  if (!existsSync(join(pgdata, 'PG_VERSION'))) throw new Error(`No embedded database in ${pgdata}`);
  if (existsSync(join(pgdata, 'postmaster.pid'))) {
    throw new Error(
      `The database in ${pgdata} is open (postmaster.pid): stop the server first. If it crashed, start and stop it once.`,
    );
  }

  const staging = mkdtempSync(join(tmpdir(), 'josie-backup-'));
  try {
    const db = new PGlite(pgdata);
    let dump;
    try {
      await db.waitReady;
      dump = await db.dumpDataDir('gzip');
    } finally {
      await db.close();
    }
    writeFileSync(join(staging, DATABASE_DUMP), new Uint8Array(await dump.arrayBuffer()));

    const entries = [DATABASE_DUMP];
    const media = join(dataDir, 'media');
    // Symbolic links to the originals, packed as their targets (`follow`): nothing is copied twice.
    if (existsSync(media)) {
      symlinkSync(media, join(staging, 'media'));
      entries.push('media');
    }
    const secrets = SECRET_FILES.filter((name) => existsSync(join(dataDir, name)));
    for (const name of secrets) symlinkSync(join(dataDir, name), join(staging, name));
    entries.push(...secrets);
    const manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      database: DATABASE_DUMP,
      mediaFiles: existsSync(media) ? countFiles(media) : 0,
      secrets,
    };
    writeFileSync(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    entries.unshift('manifest.json');

    mkdirSync(dirname(file), { recursive: true });
    const partial = `${file}.partial`;
    await create({ file: partial, cwd: staging, gzip: true, follow: true, portable: true }, entries);
    chmodSync(partial, 0o600);
    // Moved into place only when complete, so a failed run never leaves a truncated archive behind.
    renameSync(partial, file);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Regular files under `dir`, recursively. */
function countFiles(dir) {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    n += entry.isDirectory() ? countFiles(join(dir, entry.name)) : entry.isFile() ? 1 : 0;
  }
  return n;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2];
  if (!file) {
    console.error(
      'Usage: npm run backup -- <file.tar.gz>   (DATA_DIR as the server: default apps/server/data)',
    );
    process.exit(2);
  }
  const dataDir = dataDirFromEnv();
  // npm runs scripts at the root; INIT_CWD is where the command was typed, which the archive path names.
  const archive = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  backup({ dataDir, file: archive })
    .then((m) => {
      console.log(
        `Backed up ${dataDir} to ${archive}: database, ${m.mediaFiles} media files, secrets: ${m.secrets.join(', ') || 'none'}.`,
      );
    })
    .catch((err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
