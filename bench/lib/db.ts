import pg from 'pg';

/** The benchmark database (a real PostgreSQL server; the large data set does not belong in PGlite). */
export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/josie_bench';

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
