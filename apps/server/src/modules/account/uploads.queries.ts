import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { media } from '../../db/schema.js';

/** The two kinds of profile image, as the `media` table names them (docs/product/data-and-config.md#data). */
export type ProfileMediaKind = 'avatar' | 'header';

/**
 * The user's other media rows of `kind`: the images the new one replaces. Only rows recorded for this
 * owner are candidates, so files the user never uploaded (the demo seed's avatars, another user's images)
 * are never deleted; of these, only the ones nothing shows go (the images module's `releaseUnreferenced`, decision 0010).
 */
export async function replacedProfileMedia(
  tx: Executor,
  ownerId: string,
  kind: ProfileMediaKind,
  keepId: string,
): Promise<{ id: string; storageKey: string }[]> {
  return tx
    .select({ id: media.id, storageKey: media.storageKey })
    .from(media)
    .where(and(eq(media.ownerId, ownerId), eq(media.kind, kind), ne(media.id, keepId)));
}
