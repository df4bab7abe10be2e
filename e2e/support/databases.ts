import { randomBytes } from 'node:crypto';
import pg from 'pg';
import webpush from 'web-push';

/**
 * Where the end-to-end servers keep their data (docs/decisions/0039-test-tiers.md, "Journeys on the real
 * database in CI"). With `TEST_DATABASE_URL` set (`.ci/run` sets it), each server gets a database of its own
 * on that PostgreSQL server: the first start migrates and seeds one, and every other server starts on a
 * copy (`create database … template`). Unset, each server runs on embedded PGlite in its data folder, as
 * a newcomer's does.
 */
const serverUrl = process.env.TEST_DATABASE_URL || null;

/** Whether the servers run on PostgreSQL (`TEST_DATABASE_URL`) rather than embedded PGlite. */
const onPostgres = serverUrl !== null;

/** The URL of database `name` on the `TEST_DATABASE_URL` server. */
function databaseUrl(name: string): string {
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `statement` on the server's maintenance database (the one `TEST_DATABASE_URL` names). */
async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl! });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A database name of this run: the runner's process id keeps concurrent runs apart. */
export function databaseName(role: string, runnerPid: number): string {
  return `josie_e2e_${runnerPid}_${role}`.replace(/[^a-z0-9_]/g, '_');
}

/**
 * Creates database `name` (a copy of `template` when given, else empty; dropped first if a crashed run
 * left it) and answers the environment that points a server at it: `DATABASE_URL`, and the secrets a server
 * generates into its data folder only on PGlite ({@link secretsEnv}). Empty on PGlite.
 */
export async function createDatabase(name: string, template?: string): Promise<Record<string, string>> {
  if (!onPostgres) return {};
  await onServer(`drop database if exists ${name} with (force)`);
  await onServer(`create database ${name}${template ? ` template ${template}` : ''}`);
  return { DATABASE_URL: databaseUrl(name), ...secretsEnv() };
}

/** Drops database `name` if it exists (nothing on PGlite). */
export async function dropDatabase(name: string): Promise<void> {
  if (!onPostgres) return;
  await onServer(`drop database if exists ${name} with (force)`);
}

/**
 * The token secret and the VAPID key pair, one of each for every server of the run, kept in `E2E_SECRETS`
 * so the workers (other processes) use what global setup made. A server on PostgreSQL requires
 * `JWT_SECRET`; a browser's push subscription names the server's public key.
 */
function secretsEnv(): Record<string, string> {
  if (!process.env.E2E_SECRETS) {
    const vapid = webpush.generateVAPIDKeys();
    process.env.E2E_SECRETS = JSON.stringify({
      JWT_SECRET: randomBytes(32).toString('hex'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    });
  }
  return JSON.parse(process.env.E2E_SECRETS) as Record<string, string>;
}
