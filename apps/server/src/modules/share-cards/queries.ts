import { and, eq, exists, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { josies, users } from '../../db/schema.js';

/** What a curator's card shows of them. */
export interface CardCurator {
  id: string;
  name: string;
  avatarUrl: string | null;
  myColor: string;
  myFont: string;
}

/**
 * A user who has a public card: not deleted, with at least one published josie. Their name, avatar, colour
 * and font are public already (every published josie shows them), so the card tells nothing new; a user
 * who never published has nothing public, and no card (docs/decisions/0044-share-cards.md). Reads the users
 * and josies tables in one statement and writes nothing (the module owns no table).
 */
export async function findCardCurator(db: Executor, id: string): Promise<CardCurator | undefined> {
  const published = db
    .select({ id: josies.id })
    .from(josies)
    .where(and(eq(josies.creatorId, users.id), eq(josies.status, 'published')));
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      avatarUrl: users.avatarUrl,
      preferences: users.preferences,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt), exists(published)))
    .limit(1);
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    avatarUrl: row.avatarUrl,
    myColor: row.preferences.myColor ?? '',
    myFont: row.preferences.myFont ?? '',
  };
}
