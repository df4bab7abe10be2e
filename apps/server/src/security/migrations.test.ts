/**
 * Migrations from the previous release's schema with data
 * (docs/decisions/0005-security-and-reliability-checks.md). Every other test file migrates an empty database;
 * this one applies all migrations but the newest, fills every table of that schema with a row (generated from
 * the catalogue, so the test needs no edit when the schema changes), applies the newest and checks that every
 * row survived.
 */
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';

/** Days back of the last sampled date ({@link sampleValue}). */
let sampleDays = 0;

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../db/migrations');
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

/** A copy of the migrations folder whose journal stops after the first `count` migrations. */
function migrationsUpTo(count: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'josie-migrations-'));
  mkdirSync(join(dir, 'meta'));
  for (const name of readdirSync(migrationsFolder)) {
    if (name.endsWith('.sql')) copyFileSync(join(migrationsFolder, name), join(dir, name));
  }
  writeFileSync(
    join(dir, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }),
  );
  return dir;
}

/** A fresh, empty database: in-memory PGlite, or a new database on `TEST_DATABASE_URL`'s server. */
async function emptyDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const name = `josie_m_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: tmpdir(), poolSize: 2 });
  return {
    database,
    async drop() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Applies the migrations of `folder` with the driver's own migrator (what `Database.migrate` does). */
async function migrateWith(database: Database, folder: string) {
  if (database.driver === 'pg') await migratePg(database.db as never, { migrationsFolder: folder });
  else await migratePglite(database.db as never, { migrationsFolder: folder });
}

type Row = Record<string, unknown>;
const rowsOf = async (database: Database, query: SQL) =>
  ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
}

/** A literal for a column type, cast by the caller; throws for a type this generator does not know yet. */
function sampleValue(column: Column, enumLabels: Map<string, string>): string {
  const label = enumLabels.get(column.udt_name);
  if (label !== undefined) return label;
  switch (column.udt_name) {
    case 'text':
    case 'varchar':
    case 'bpchar':
    case 'citext':
      return `migration-${column.table_name}-${column.column_name}-${crypto.randomUUID().slice(0, 8)}`;
    case 'uuid':
      return crypto.randomUUID();
    case 'int2':
    case 'int4':
    case 'int8':
    case 'xid8':
    case 'numeric':
    case 'float4':
    case 'float8':
      return '1';
    case 'bool':
      return 'true';
    case 'timestamptz':
    case 'timestamp':
      return new Date().toISOString();
    case 'date':
      // A day of its own for each sample, as for text: a day can be a whole key (`studio_salts`), and the
      // current schema is filled after the previous release's rows.
      return new Date(Date.now() - ++sampleDays * 86_400_000).toISOString().slice(0, 10);
    case 'json':
    case 'jsonb':
      return '{}';
    case 'bytea':
      return '\\x00';
    default:
      if (column.udt_name.startsWith('_')) return '{}';
      throw new Error(`No sample value for ${column.table_name}.${column.column_name} (${column.udt_name})`);
  }
}

/**
 * Inserts one row into every table of the public schema, parents before children (foreign keys point at
 * the parent's row), filling the columns that have no default. Answers the inserted rows by table.
 */
async function fillEveryTable(database: Database): Promise<Map<string, Row>> {
  const columns = (await rowsOf(
    database,
    sql`select c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable, c.column_default
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`,
  )) as unknown as Column[];
  const foreignKeys = (await rowsOf(
    database,
    sql`select cl.relname as table_name, a.attname as column_name, rcl.relname as ref_table, ra.attname as ref_column
        from pg_constraint k
        join pg_class cl on cl.oid = k.conrelid
        join pg_class rcl on rcl.oid = k.confrelid
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
        join pg_attribute ra on ra.attrelid = k.confrelid
          and ra.attnum = k.confkey[array_position(k.conkey, a.attnum)]
        where k.contype = 'f' and k.connamespace = 'public'::regnamespace`,
  )) as { table_name: string; column_name: string; ref_table: string; ref_column: string }[];
  const enumLabels = new Map(
    (
      (await rowsOf(
        database,
        sql`select t.typname, min(e.enumlabel) as label from pg_type t join pg_enum e on e.enumtypid = t.oid group by t.typname`,
      )) as { typname: string; label: string }[]
    ).map((r) => [r.typname, r.label]),
  );

  const tables = [...new Set(columns.map((c) => c.table_name))];
  const inserted = new Map<string, Row>();
  const pending = new Set(tables);
  while (pending.size) {
    const ready = [...pending].filter((t) =>
      foreignKeys
        .filter((fk) => fk.table_name === t && fk.ref_table !== t)
        .every((fk) => inserted.has(fk.ref_table)),
    );
    if (!ready.length) throw new Error(`Foreign keys form a cycle among ${[...pending].join(', ')}`);
    for (const table of ready) {
      const names: SQL[] = [];
      const values: SQL[] = [];
      for (const column of columns.filter((c) => c.table_name === table)) {
        const fk = foreignKeys.find((k) => k.table_name === table && k.column_name === column.column_name);
        let value: unknown;
        if (fk && fk.ref_table !== table) value = inserted.get(fk.ref_table)![fk.ref_column];
        else if (column.is_nullable === 'NO' && column.column_default === null)
          value = sampleValue(column, enumLabels);
        else continue;
        const literal =
          value instanceof Date
            ? value.toISOString()
            : typeof value === 'object'
              ? JSON.stringify(value)
              : String(value);
        names.push(sql`${sql.identifier(column.column_name)}`);
        values.push(sql`${literal}::${sql.identifier(column.udt_name)}`);
      }
      const statement = names.length
        ? sql`insert into ${sql.identifier(table)} (${sql.join(names, sql`, `)}) values (${sql.join(values, sql`, `)}) returning *`
        : sql`insert into ${sql.identifier(table)} default values returning *`;
      const [row] = await rowsOf(database, statement);
      inserted.set(table, row!);
      pending.delete(table);
    }
  }
  return inserted;
}

/** Comparable form of a row: its columns that still exist in `now`, as JSON text. */
const comparable = (row: Row, now: Row) =>
  JSON.stringify(
    Object.keys(row)
      .filter((k) => k in now)
      .sort()
      .map((k) => [k, row[k] instanceof Date ? (row[k] as Date).toISOString() : row[k]]),
  );

describe('migrations', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  it(`upgrades the previous release's schema (${journal.entries.length - 1} of ${journal.entries.length} migrations) with its data`, async () => {
    expect(journal.entries.length).toBeGreaterThan(0);
    const { database, drop } = await emptyDatabase();
    const previous = migrationsUpTo(journal.entries.length - 1);
    cleanups.push(drop, async () => rmSync(previous, { recursive: true, force: true }));

    await migrateWith(database, previous);
    const inserted = await fillEveryTable(database);
    await database.migrate();

    // A table the newest migration drops on purpose (`DROP TABLE`) goes with its rows; every other keeps
    // them.
    const newest = journal.entries.at(-1)!.tag;
    const dropped = new Set(
      [
        ...readFileSync(join(migrationsFolder, `${newest}.sql`), 'utf8').matchAll(/DROP TABLE "([^"]+)"/g),
      ].map((m) => m[1]!),
    );
    const remaining = (await rowsOf(
      database,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as { table_name: string }[];
    const gone = [...inserted.keys()].filter((t) => !remaining.some((r) => r.table_name === t));
    expect(gone.sort()).toEqual([...dropped].sort());
    for (const [table, row] of inserted) {
      if (dropped.has(table)) continue;
      // Besides rows a migration wrote itself (the likes' outbox cursor of migration 0009).
      const now = await rowsOf(database, sql`select * from ${sql.identifier(table)}`);
      expect(now.length, `${table} lost its rows`).toBeGreaterThanOrEqual(1);
      expect(
        now.map((kept) => comparable(kept, row)),
        `${table} changed its row`,
      ).toContain(comparable(row, now[0]!));
    }
    const applied = await rowsOf(database, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(Number(applied[0]!.n)).toBe(journal.entries.length);

    // The generator covers the whole current schema too, so the next release's upgrade is tested as well.
    const current = await fillEveryTable(database);
    const tables = (await rowsOf(
      database,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as { table_name: string }[];
    expect([...current.keys()].sort()).toEqual(tables.map((t) => t.table_name).sort());
    expect(current.size).toBeGreaterThan(20);
  });
});
