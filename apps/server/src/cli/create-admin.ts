/**
 * `npm run create-admin -- <email> <password> [name]`: creates or promotes the first admin on the
 * configured database (the same DATABASE_URL / DATA_DIR the server uses). Never seeds demo data. A
 * guessable password is refused (exit code 2; decision 0011).
 */
// First: the umask must be in place before any other module runs (lib/private-umask.ts).
import '../lib/private-umask.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { seedReference } from '../db/seed/index.js';
import { keepDataPrivate } from '../lib/data-dir.js';
import { AppError } from '../lib/errors.js';
import { ensureAdmin } from '../modules/auth/index.js';

const [email, password, name] = process.argv.slice(2);
if (!email || !password || password.length < 8) {
  console.error('Usage: npm run create-admin -- <email> <password (8+ characters)> [name]');
  process.exit(2);
}
const config = loadConfig();
keepDataPrivate(config.dataDir);
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await seedReference(database.db);
try {
  const created = await ensureAdmin(database.db, { email, password, name });
  console.log(created ? `Created admin ${email}` : `Promoted ${email} to admin`);
} catch (err) {
  // A guessable password (decision 0011): said plainly, without a stack trace.
  if (!(err instanceof AppError)) throw err;
  console.error(err.message);
  process.exitCode = 2;
} finally {
  await database.close();
}
