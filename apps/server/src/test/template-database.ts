import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FLAG_DEFAULTS, GENRES, INTERESTS } from '@josie/contract';
import { openDatabase } from '../db/client.js';
import { seedReference } from '../db/seed/index.js';
import { AI_TEMPLATES } from '../db/seed/reference.js';
import { MIGRATIONS_DIR } from '../paths.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The data directory's format is PGlite's: another version makes another template. */
const PGLITE_VERSION = (
  JSON.parse(
    readFileSync(
      join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '../package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;

/** Every file under `dir` (recursively), sorted, so the hash does not depend on the listing order. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The file of the template for the current migrations and reference data: its name carries a hash of them
 * (and of the seed's code and PGlite's version), so a change to any of them makes (and uses) a new template, never a stale one.
 */
function templatePath(): string {
  const hash = createHash('sha256');
  for (const file of [...filesUnder(MIGRATIONS_DIR), join(here, '../db/seed/reference.ts')]) {
    hash.update(file).update(readFileSync(file));
  }
  hash.update(JSON.stringify({ GENRES, INTERESTS, FLAG_DEFAULTS, AI_TEMPLATES, pglite: PGLITE_VERSION }));
  return join(tmpdir(), `josie-test-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

let cached: Promise<Blob> | undefined;

/**
 * A PGlite data directory that is already migrated and holds the reference data, for in-memory test
 * databases to start from (`openDatabase({from})`): PGlite's initdb and the migrations cost about 1.5 s of
 * CPU per test context, and the suite opens one per test file or more. Made once per machine (a file in the
 * temporary folder, written under another name and renamed, so parallel test files never read half of
 * one), then read by every test process.
 */
export function templateDatabase(): Promise<Blob> {
  cached ??= (async () => {
    const path = templatePath();
    try {
      return new Blob([await readFile(path)]);
    } catch {
      const database = await openDatabase({ dataDir: 'memory://' });
      try {
        await database.migrate();
        await seedReference(database.db);
        const snapshot = await database.snapshot!();
        const partial = `${path}.${process.pid}.${Date.now()}`;
        writeFileSync(partial, new Uint8Array(await snapshot.arrayBuffer()));
        renameSync(partial, path);
        return snapshot;
      } finally {
        await database.close();
      }
    }
  })();
  return cached;
}
