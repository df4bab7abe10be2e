import type { Storage } from '../../adapters/storage.js';
import { rollUp } from '../../modules/studio/index.js';
import type { Db } from '../client.js';
import { DEMO_ACCOUNTS, seedDemo } from './demo.js';
import { seedDemoJosies } from './josies.js';
import { seedReference } from './reference.js';
import { seedDemoStudio } from './studio.js';

export { DEMO_ACCOUNTS } from './demo.js';
export { seedReference } from './reference.js';

/**
 * Start-up seeding: reference data always (idempotent); demo data only when asked
 * (docs/product/data-and-config.md#configuration): accounts, josies with their likes, saves and comments,
 * and three months of the studio's events, counted before the app starts.
 * @returns the demo accounts (when demo data is on) for start-up to print.
 */
export async function seed(
  db: Db,
  opts: { demo: boolean; storage: Storage; demoPassword: string },
): Promise<typeof DEMO_ACCOUNTS | null> {
  await seedReference(db);
  if (!opts.demo) return null;
  const ids = await seedDemo(db, opts.storage, opts.demoPassword);
  // Only right after the accounts were created, so a restart never duplicates the demo josies or history.
  if (ids) {
    const josies = await seedDemoJosies(db, opts.storage, ids);
    await seedDemoStudio(db, ids, josies);
    // Counted now rather than by the job's first run a minute later, so the demo studios open with their
    // charts (docs/decisions/0050-curator-studio-counts.md); the job reads on from the mark it leaves.
    await rollUp(db);
  }
  return DEMO_ACCOUNTS;
}
