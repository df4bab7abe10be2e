import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { genres, interests, users } from '../../db/schema.js';

/** A user's role and stored preferences, or undefined. */
export async function storedPreferences(db: Executor, userId: string) {
  const [row] = await db
    .select({ role: users.role, preferences: users.preferences })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * The live names (as the admins spelled them) matching `names` case-insensitively, keyed by lower case.
 */
export async function liveNames(
  db: Executor,
  list: 'genres' | 'interests',
  names: readonly string[],
): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const table = list === 'genres' ? genres : interests;
  const lowered = [...new Set(names.map((n) => n.toLowerCase()))];
  const rows = await db
    .select({ name: table.name })
    .from(table)
    .where(sql`lower(${table.name}) = any(${sql.param(lowered)}::text[])`);
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.name]));
}

/** Every entry of a live list, sorted by name case-insensitively. */
export async function listEntries(db: Executor, list: 'genres' | 'interests') {
  const table = list === 'genres' ? genres : interests;
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .orderBy(sql`lower(${table.name})`);
  return rows.map((r) => ({ _id: r.id, name: r.name }));
}
