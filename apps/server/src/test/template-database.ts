import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FLAG_DEFAULTS, GENRES, INTERESTS } from '@josie/contract';
import { sql } from 'drizzle-orm';
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
 * A hash of the current migrations and reference data (and of the seed's code and PGlite's version): the
 * templates' names carry it, so a change to any of them makes (and uses) a new template, never a stale one.
 */
function templateKey(): string {
  const hash = createHash('sha256');
  for (const file of [...filesUnder(MIGRATIONS_DIR), join(here, '../db/seed/reference.ts')]) {
    hash.update(file).update(readFileSync(file));
  }
  hash.update(JSON.stringify({ GENRES, INTERESTS, FLAG_DEFAULTS, AI_TEMPLATES, pglite: PGLITE_VERSION }));
  return hash.digest('hex').slice(0, 16);
}

/** The file of the PGlite template for the current migrations and reference data. */
function templatePath(): string {
  return join(tmpdir(), `josie-test-template-${templateKey()}.tar`);
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

/** Runs `statement` on the maintenance connection of `serverUrl` (its own database, one connection). */
export async function onServer(serverUrl: string, dataDir: string, statement: string): Promise<void> {
  const admin = await openDatabase({ url: serverUrl, dataDir, poolSize: 1 });
  try {
    await admin.db.execute(sql.raw(statement));
  } finally {
    await admin.close();
  }
}

/** The SQLSTATE of a database that already exists. */
const DUPLICATE_DATABASE = '42P04';
const codeOf = (error: unknown) =>
  (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code ??
  (error as { cause?: { code?: unknown } } | null)?.cause?.code;

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const pgTemplates = new Map<string, Promise<string>>();

/**
 * The name of a database on the PostgreSQL server of `serverUrl` that is migrated and holds the reference
 * data, for test contexts to copy (`create database x template t`: a file copy, about ten times quicker
 * than migrating a new database; docs/decisions/0039-test-tiers.md). Made once per server and set of
 * migrations (its name carries {@link templateKey}), by the test run's global setup before any test file
 * starts; built under another name and renamed, so that concurrent runs never copy half of one. Nothing
 * may stay connected to it: PostgreSQL copies only a template nobody uses.
 */
export function postgresTemplate(serverUrl: string, dataDir: string): Promise<string> {
  const name = `josie_template_${templateKey()}`;
  let made = pgTemplates.get(name);
  if (!made) {
    made = (async () => {
      const probe = await openDatabase({ url: serverUrl, dataDir, poolSize: 1 });
      try {
        const found = await probe.db.execute(sql`select 1 from pg_database where datname = ${name}`);
        if ((found as unknown as { rows: unknown[] }).rows.length > 0) return name;
      } finally {
        await probe.close();
      }
      const building = `${name}_${crypto.randomUUID().replaceAll('-', '').slice(0, 8)}`;
      await onServer(serverUrl, dataDir, `create database ${building}`);
      const database = await openDatabase({ url: databaseUrl(serverUrl, building), dataDir });
      try {
        await database.migrate();
        await seedReference(database.db);
      } finally {
        await database.close();
      }
      try {
        await onServer(serverUrl, dataDir, `alter database ${building} rename to ${name}`);
      } catch (error) {
        // Another run made it first: its copy is as good.
        await onServer(serverUrl, dataDir, `drop database if exists ${building} with (force)`);
        if (codeOf(error) !== DUPLICATE_DATABASE) throw error;
      }
      return name;
    })();
    pgTemplates.set(name, made);
  }
  return made;
}
