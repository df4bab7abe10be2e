import type { Executor } from '../../db/client.js';
import { media } from '../../db/schema.js';

/** Records a stored josie image (DESIGN §4 `media`), so its owner and size are known and it can be released. */
export async function insertJosieImage(
  db: Executor,
  values: { ownerId: string; storageKey: string; bytes: number; width: number; height: number },
): Promise<void> {
  await db.insert(media).values({ ...values, kind: 'josie-image' });
}
