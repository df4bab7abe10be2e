import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** Sets a live user's bio and, when given, name; false when the user does not exist or was deleted. */
export async function updateProfileFields(
  db: Executor,
  userId: string,
  fields: { bio: string; name?: string | undefined },
): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set(fields.name === undefined ? { bio: fields.bio } : { bio: fields.bio, name: fields.name })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return row !== undefined;
}
