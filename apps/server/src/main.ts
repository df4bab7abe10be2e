// First: the umask must be in place before any other module runs (lib/private-umask.ts).
import './lib/private-umask.js';
import { join } from 'node:path';
import { createStorage } from './adapters/storage.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seed } from './db/seed/index.js';
import { keepDataPrivate, narrowModes } from './lib/data-dir.js';
import { ensureAdmin } from './modules/auth/index.js';

/**
 * Start-up: config -> database -> migrations -> seed -> app -> listen; closes cleanly on SIGTERM/SIGINT.
 * docs/ARCHITECTURE.md.
 */
async function main() {
  const config = loadConfig();
  keepDataPrivate(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const storage = createStorage(config);
  const demo = await seed(database.db, { demo: config.demoData, storage, demoPassword: config.demoPassword });
  if (config.initialAdmin) await ensureAdmin(database.db, config.initialAdmin);
  narrowModes(config.dataDir);

  const app = await buildApp({ config, database, storage });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.embedded ? `embedded PostgreSQL in ${join(config.dataDir, 'pglite')}` : 'PostgreSQL';
  console.log(`\nJosie is running at ${config.publicUrl} (${where})`);
  if (demo) {
    console.log(`Demo accounts (password: ${config.demoPassword}):`);
    for (const account of demo) console.log(`  ${account.role.padEnd(8)} ${account.email}`);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
