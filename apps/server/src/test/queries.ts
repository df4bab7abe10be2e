/**
 * Query probes for tests (docs/performance.md, query discipline): how many SQL statements a request or a
 * service call sends, and which. One helper for every module, on PGlite and on PostgreSQL alike.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Database, Db } from '../db/client.js';
import * as schema from '../db/schema.js';
import type { TestContext } from './harness.js';

/** One statement a database was sent, with its parameters. */
export interface RecordedQuery {
  sql: string;
  params: unknown[];
}

/** Transaction control, which {@link countQueries} leaves out: it is not a query of the data. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/** Marks the async work `recordQueries` started, so that only its statements are recorded. */
const recording = new AsyncLocalStorage<symbol>();

/**
 * Records every statement `database` sends on behalf of `run`: the app's own database, so a whole request
 * through `app.inject` is seen, including prepared statements and statements inside `db.transaction`.
 * Statements of work that `run` did not start (the job queue's poller, a request still finishing) are left
 * out: a statement counts when it is sent from `run`'s asynchronous context (AsyncLocalStorage).
 */
export async function recordQueries<T>(
  database: Pick<Database, 'observeQueries'>,
  run: () => Promise<T>,
): Promise<{ result: T; queries: RecordedQuery[] }> {
  const queries: RecordedQuery[] = [];
  const mine = Symbol('recordQueries');
  const stop = database.observeQueries({
    logQuery: (sql, params) => {
      if (recording.getStore() === mine) queries.push({ sql, params });
    },
  });
  try {
    // Awaited inside the context: a query builder runs when its `then` is called, which must happen there.
    return { result: await recording.run(mine, async () => await run()), queries };
  } finally {
    stop();
  }
}

/**
 * How many data statements (not BEGIN/COMMIT/SAVEPOINT) the app of `ctx` sends while `run` runs, e.g. one
 * request through `ctx.app.inject`.
 */
export async function countQueries(
  ctx: Pick<TestContext, 'database'>,
  run: () => Promise<unknown>,
): Promise<number> {
  const { queries } = await recordQueries(ctx.database, run);
  return queries.filter((q) => !TRANSACTION_CONTROL.test(q.sql)).length;
}

/**
 * A second Drizzle instance over the same connection (PGlite instance or `pg` pool) whose logger records
 * every statement it sends: services built on it can be asked how many queries a call made, without the
 * rest of the app being recorded.
 */
export function countingDb(database: Database): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const { $client } = database.db as unknown as { $client: PGlite | pg.Pool };
  const db =
    database.driver === 'pg'
      ? drizzlePg($client as pg.Pool, { schema, logger })
      : drizzlePglite($client as PGlite, { schema, logger });
  return { db: db as unknown as Db, statements };
}
