import { existsSync } from 'node:fs';
import pg from 'pg';

/** Where a PostgreSQL server on this machine listens locally (Debian's default socket directory). */
const LOCAL_SOCKET_DIR = '/var/run/postgresql';

/**
 * The benchmark database (a real PostgreSQL server; the large data set does not belong in PGlite). A server
 * on this machine is reached through its Unix socket, as a deployment with the database on the same host
 * is (decision 0028): over TCP loopback every query also pays both ends' TCP stack, which cost the feed
 * 40% of its requests per second (docs/performance.md). `BENCH_DATABASE_URL` chooses otherwise.
 */
export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ??
  (existsSync(`${LOCAL_SOCKET_DIR}/.s.PGSQL.5432`)
    ? `postgres://postgres@localhost/josie_bench?host=${LOCAL_SOCKET_DIR}`
    : 'postgres://postgres@127.0.0.1:5432/josie_bench');

/** Creates the benchmark database when it does not exist (connecting to the server's `postgres` db). */
export async function ensureDatabase(url = BENCH_DATABASE_URL): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
}
