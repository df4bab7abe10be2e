import type { FlagKey } from '@josie/contract';
import type { Executor } from '../../db/client.js';
import { featureFlags } from '../../db/schema.js';

/** Every stored flag row (key and string value); keys without a row are absent. */
export async function storedFlags(db: Executor) {
  return db.select({ key: featureFlags.key, value: featureFlags.value }).from(featureFlags);
}

/** Stores one flag's string, creating its row or replacing the value (and its `updated_at`). */
export async function upsertFlag(db: Executor, key: FlagKey, value: string) {
  await db
    .insert(featureFlags)
    .values({ key, value })
    .onConflictDoUpdate({ target: featureFlags.key, set: { value, updatedAt: new Date() } });
}
