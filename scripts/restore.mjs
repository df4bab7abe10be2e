#!/usr/bin/env node
/**
 * `npm run restore -- <file.tar.gz>`: restores an archive of `npm run backup` into an empty `DATA_DIR`
 * (docs/decisions/0005-security-and-reliability-checks.md): the PGlite database (loaded with PGlite's
 * `loadDataDir`, then opened once to prove it works), the media and the secrets. It refuses a `DATA_DIR` that
 * already holds a database or media, so it can never overwrite a live installation; restore into a new folder
 * and point `DATA_DIR` at it.
 *
 * Only the entries a backup writes are extracted (the manifest, the dump, `media/`, the secret files);
 * `tar` refuses absolute paths and `..`, so an archive cannot write outside its folder.
 *
 * Options: `DATA_DIR`, read as the server reads it (relative to `apps/server`, default `./data`).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { extract } from 'tar';
import { BACKUP_FORMAT, BACKUP_VERSION, DATABASE_DUMP, dataDirFromEnv, SECRET_FILES } from './backup.mjs';

/** Whether `path` is missing or an empty folder. */
const isEmpty = (path) => !existsSync(path) || readdirSync(path).length === 0;

/**
 * Restores `file` into `dataDir`.
 * @returns the archive's manifest.
 * @throws Error when `dataDir` already has a database or media, or the archive is not a Josie backup.
 */
export async function restore({ dataDir, file }) {
  if (!existsSync(file)) throw new Error(`No such archive: ${file}`);
  const pgdata = join(dataDir, 'pglite');
  if (!isEmpty(pgdata) || !isEmpty(join(dataDir, 'media'))) {
    throw new Error(`${dataDir} already holds a database or media: restore into an empty DATA_DIR`);
  }
  mkdirSync(dataDir, { recursive: true });
  // Unpacked beside its destination, so that moving the media into place is a rename on one file system.
  const staging = mkdtempSync(join(dataDir, '.restore-'));
  try {
    const allowed = new Set(['manifest.json', DATABASE_DUMP, ...SECRET_FILES]);
    await extract({
      file,
      cwd: staging,
      strict: true,
      filter: (path) => {
        const name = path.replace(/^\.\//, '');
        return allowed.has(name) || name === 'media' || name.startsWith('media/');
      },
    });
    const manifestPath = join(staging, 'manifest.json');
    if (!existsSync(manifestPath)) throw new Error(`${file} is not a Josie backup (no manifest.json)`);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
      throw new Error(`${file} is not a Josie backup of version ${BACKUP_VERSION}`);
    }

    const dump = readFileSync(join(staging, DATABASE_DUMP));
    mkdirSync(pgdata, { recursive: true });
    try {
      const db = new PGlite(pgdata, {
        loadDataDir: new File([new Uint8Array(dump)], DATABASE_DUMP, { type: 'application/x-gzip' }),
      });
      try {
        await db.waitReady;
        await db.query('select 1');
      } finally {
        await db.close();
      }
    } catch (err) {
      // A half-loaded database must not be mistaken for a restored one.
      rmSync(pgdata, { recursive: true, force: true });
      throw err;
    }

    if (existsSync(join(staging, 'media'))) {
      rmSync(join(dataDir, 'media'), { recursive: true, force: true });
      renameSync(join(staging, 'media'), join(dataDir, 'media'));
    }
    for (const name of SECRET_FILES) {
      if (existsSync(join(staging, name))) renameSync(join(staging, name), join(dataDir, name));
    }
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2];
  if (!file) {
    console.error(
      'Usage: npm run restore -- <file.tar.gz>   (into an empty DATA_DIR, read as the server: default apps/server/data)',
    );
    process.exit(2);
  }
  const dataDir = dataDirFromEnv();
  // npm runs scripts at the root; INIT_CWD is where the command was typed, which the archive path names.
  const archive = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  restore({ dataDir, file: archive })
    .then((m) => {
      console.log(`Restored the backup of ${m.createdAt} into ${dataDir} (${m.mediaFiles} media files).`);
    })
    .catch((err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
