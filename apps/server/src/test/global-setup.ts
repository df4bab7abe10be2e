import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresTemplate } from './template-database.js';

/**
 * Vitest's global setup of the server project: on PostgreSQL (`TEST_DATABASE_URL`), makes the migrated,
 * seeded template database every test context copies, once, before the test files start (so they do not
 * all build it at once). Nothing to do on PGlite: its template is made by the first file that needs it.
 */
export default async function setup(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  const dataDir = mkdtempSync(join(tmpdir(), 'josie-test-template-'));
  try {
    await postgresTemplate(serverUrl, dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
