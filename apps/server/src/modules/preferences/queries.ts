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

/**
 * Adds a name to a live list; undefined when the name already exists case-insensitively (the unique
 * index on lower(name) refuses it).
 */
export async function insertEntry(db: Executor, list: 'genres' | 'interests', name: string) {
  const table = list === 'genres' ? genres : interests;
  const [row] = await db
    .insert(table)
    .values({ name })
    .onConflictDoNothing()
    .returning({ id: table.id, name: table.name });
  return row;
}

/** The stored spelling of a name of a live list, compared case-insensitively; undefined when absent. */
export async function findEntryName(db: Executor, list: 'genres' | 'interests', name: string) {
  const table = list === 'genres' ? genres : interests;
  const [row] = await db
    .select({ name: table.name })
    .from(table)
    .where(eq(sql`lower(${table.name})`, name.toLowerCase()));
  return row?.name;
}

/** Deletes an entry of a live list by id; answers its name, or undefined when the id is unknown. */
export async function deleteEntry(db: Executor, list: 'genres' | 'interests', id: string) {
  const table = list === 'genres' ? genres : interests;
  const [row] = await db.delete(table).where(eq(table.id, id)).returning({ name: table.name });
  return row?.name;
}
