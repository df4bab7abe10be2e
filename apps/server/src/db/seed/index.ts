import type { Storage } from '../../adapters/storage.js';
import type { Db } from '../client.js';
import { DEMO_ACCOUNTS, seedDemo } from './demo.js';
import { seedDemoJosies } from './josies.js';
import { seedReference } from './reference.js';

export { DEMO_ACCOUNTS } from './demo.js';
export { seedReference } from './reference.js';

/**
 * Start-up seeding: reference data always (idempotent); demo data only when asked
 * (docs/product/data-and-config.md#configuration).
 * @returns the demo accounts (when demo data is on) for start-up to print.
 */
export async function seed(
  db: Db,
  opts: { demo: boolean; storage: Storage; demoPassword: string },
): Promise<typeof DEMO_ACCOUNTS | null> {
  await seedReference(db);
  if (!opts.demo) return null;
  const ids = await seedDemo(db, opts.storage, opts.demoPassword);
  // Only right after the accounts were created, so a restart never duplicates the demo josies.
  if (ids) await seedDemoJosies(db, opts.storage, ids);
  return DEMO_ACCOUNTS;
}
