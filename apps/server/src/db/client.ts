import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type Logger, type Query, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR as migrationsFolder } from '../paths.js';
import * as schema from './schema.js';

/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; services accept `Db | Tx` through {@link Executor}. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** Prints SQL for {@link executeNamed}: the drivers' own dialects are not public. */
const printer = new PgDialect();

/**
 * Runs `query` on `executor` (the database, or a transaction's own connection) as the named prepared
 * statement `name`, and answers its rows as the driver reads them, by column name. PostgreSQL parses a
 * named statement once per connection and, after a few runs, keeps one plan for it; a statement sent
 * without a name is parsed and planned on every run. Drizzle names only the statements of its query
 * builders' `prepare()`, which cannot take an SQL of our own. For the statements of hot transactions: a
 * like's planning cost PostgreSQL more than its execution (docs/performance.md). `name` must always go with
 * the same SQL text (values are parameters), or the driver refuses it.
 */
export async function executeNamed<R>(executor: Executor, name: string, query: SQL): Promise<R[]> {
  return runNamed<R>(executor, name, printer.sqlToQuery(query));
}

/** Runs the printed `query` as the named statement `name`, its placeholders filled from `values`. */
async function runNamed<R>(
  executor: Executor,
  name: string,
  query: Query,
  values?: Record<string, unknown>,
): Promise<R[]> {
  const prepared = executor._.session.prepareQuery(query, undefined, name, false);
  const result = (await prepared.execute(values)) as { rows: R[] };
  return result.rows;
}

/**
 * {@link executeNamed} for a statement of a hot path whose text is printed once, not on every run: `query`
 * holds `sql.placeholder(key)` where each run's values go, and the answered function runs it on an executor
 * with those values (`{ key: value }`). Printing a template of a dozen parts on every run was most of
 * Drizzle's share of a like's server CPU (docs/performance.md, "seventh round").
 */
export function namedStatement<R, V extends Record<string, unknown>>(
  name: string,
  query: SQL,
): (executor: Executor, values: V) => Promise<R[]> {
  let printed: Query | undefined;
  return (executor, values) => {
    printed ??= printer.sqlToQuery(query);
    return runNamed<R>(executor, name, printed, values);
  };
}

/**
 * {@link executeNamed} for SQL text that is already the driver's (`$1`, `$2`, ... for `values`, in order):
 * a library's own statements (pg-boss), sent as written.
 */
export function executeNamedText<R>(
  executor: Executor,
  name: string,
  text: string,
  values: unknown[],
): Promise<R[]> {
  return runNamed<R>(executor, name, { sql: text, params: values });
}

/**
 * Runs a library's own SQL (positional `$1` parameters) outside Drizzle and its query observers: pg-boss's
 * job queue (decision 0018). Without values the text may hold several statements (PGlite's `exec`, the
 * simple query protocol on a server); the result is the last statement's.
 */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The after-commit callbacks of the transaction the caller runs in (see {@link afterCommit}). */
const commitCallbacks = new AsyncLocalStorage<(() => void)[]>();

/**
 * Runs `callback` once the transaction the caller runs in (a `db.transaction` of a database opened by
 * {@link openDatabase}) has committed, and never when it rolls back; at once outside a transaction. For
 * what must not happen before others can see the writes: waking the job workers of a job enqueued in the
 * transaction (decision 0018), which would otherwise fetch before the commit and find nothing.
 */
export function afterCommit(callback: () => void): void {
  const callbacks = commitCallbacks.getStore();
  if (callbacks) callbacks.push(callback);
  else callback();
}

/** `db` whose `transaction` runs the {@link afterCommit} callbacks registered inside it once it commits. */
function withAfterCommit(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (
    run: Parameters<Db['transaction']>[0],
    config?: Parameters<Db['transaction']>[1],
  ) => {
    const callbacks: (() => void)[] = [];
    const result = await commitCallbacks.run(callbacks, () => transaction(run, config));
    for (const callback of callbacks) callback();
    return result;
  }) as Db['transaction'];
  return db;
}

/** An open database with its lifecycle. */
export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /**
   * Calls `observer` with every statement sent from now on, prepared statements and transactions included,
   * until the answered function is called (tests count the queries of a request with it).
   */
  observeQueries(observer: Logger): () => void;
  /** The same database for SQL that does not go through Drizzle (see {@link SqlExecutor}). */
  sql: SqlExecutor;
  /**
   * PGlite only: its whole data directory as an uncompressed tarball, to open copies of it with
   * `openDatabase({from})` (the test harness starts every in-memory context from a migrated, seeded one).
   */
  snapshot?: () => Promise<Blob>;
  close(): Promise<void>;
}

/**
 * Opens PostgreSQL: node-postgres when `url` is given, otherwise embedded PGlite stored in `dataDir/pglite`
 * (or in memory when `dataDir` is `memory://`). docs/product/data-and-config.md#stack,
 * docs/product/data-and-config.md#configuration.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir: string;
  poolSize?: number;
  /**
   * In memory (`dataDir` `memory://`) only: start from this {@link Database.snapshot} instead of an empty
   * cluster, which skips PGlite's initdb (about 1 s of CPU).
   */
  from?: Blob;
}): Promise<Database> {
  // Drizzle hands its logger to every prepared statement when it is prepared, so observers are attached
  // behind this one fixed logger rather than by swapping the logger later.
  const observers = new Set<Logger>();
  const logger: Logger = {
    logQuery(query, params) {
      for (const observer of observers) observer.logQuery(query, params);
    },
  };
  const observeQueries = (observer: Logger) => {
    observers.add(observer);
    return () => void observers.delete(observer);
  };
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // A dropped idle connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = withAfterCommit(drizzlePg(pool, { schema, logger }) as unknown as Db);
    return {
      db,
      driver: 'pg',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      observeQueries,
      sql: {
        async executeSql(text, values) {
          const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
          return { rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [] };
        },
      },
      close: () => pool.end(),
    };
  }
  // The contrib extensions the migrations create (search, docs/decisions/0021-search-in-postgresql.md):
  // PGlite bundles them but loads only those named here.
  const extensions = { pg_trgm, unaccent };
  let client: PGlite;
  if (opts.dataDir === 'memory://') {
    client = new PGlite(opts.from ? { loadDataDir: opts.from, extensions } : { extensions });
  } else {
    const dir = join(opts.dataDir, 'pglite');
    // PGlite creates only the last folder of its path.
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions });
  }
  await client.waitReady;
  const db = withAfterCommit(drizzlePglite(client, { schema, logger }) as unknown as Db);
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    observeQueries,
    sql: {
      async executeSql(text, values) {
        if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
        return { rows: (await client.exec(text)).at(-1)?.rows ?? [] };
      },
    },
    snapshot: async () => (await client.dumpDataDir('none')) as Blob,
    close: () => client.close(),
  };
}
