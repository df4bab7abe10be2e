import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { blocks, mutes, users } from '../../db/schema.js';

/** Which relation: a block or a mute (docs/decisions/0048-blocking-and-muting.md). */
export type RelationKind = 'block' | 'mute';

/** A keyset position in a list of accounts: when the relation was made (to the microsecond) and the account. */
export interface RelationKeyset {
  at: string;
  id: string;
}

/** An account of a blocked or muted list, with the time of the relation as PostgreSQL prints it (UTC). */
export interface RelatedRow {
  id: string;
  name: string;
  avatarUrl: string | null;
  since: string;
}

/** The table and its two columns, for one kind. */
const tableOf = (kind: RelationKind) =>
  kind === 'block'
    ? { table: blocks, owner: blocks.blockerId, other: blocks.blockedId, at: blocks.createdAt }
    : { table: mutes, owner: mutes.muterId, other: mutes.mutedId, at: mutes.createdAt };

/** Whether a live account `id` exists (a deleted one cannot be blocked or muted). */
export async function liveAccountExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row !== undefined;
}

/** Adds `ownerId`'s block or mute of `otherId`; whether it is new (false when it already existed). */
export async function insertRelation(
  db: Executor,
  kind: RelationKind,
  ownerId: string,
  otherId: string,
): Promise<boolean> {
  const rows =
    kind === 'block'
      ? await db
          .insert(blocks)
          .values({ blockerId: ownerId, blockedId: otherId })
          .onConflictDoNothing()
          .returning({ id: blocks.blockedId })
      : await db
          .insert(mutes)
          .values({ muterId: ownerId, mutedId: otherId })
          .onConflictDoNothing()
          .returning({ id: mutes.mutedId });
  return rows.length > 0;
}

/** Removes `ownerId`'s block or mute of `otherId`; whether there was one. */
export async function deleteRelation(
  db: Executor,
  kind: RelationKind,
  ownerId: string,
  otherId: string,
): Promise<boolean> {
  const { table, owner, other } = tableOf(kind);
  const rows = await db
    .delete(table)
    .where(and(eq(owner, ownerId), eq(other, otherId)))
    .returning({ id: other });
  return rows.length > 0;
}

/**
 * A page of the accounts `ownerId` blocked or muted, newest relation first, after `after`: one keyset read
 * on `blocks_blocker_created_idx` (or the mutes' twin) joined to the live accounts. Reads `limit` rows.
 */
export async function pageOfRelations(
  db: Executor,
  kind: RelationKind,
  ownerId: string,
  after: RelationKeyset | null,
  limit: number,
): Promise<RelatedRow[]> {
  const { table, owner, other, at } = tableOf(kind);
  const keyset = after ? sql`and (${at}, ${other}) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
  const result = (await db.execute(sql`
    select ${users.id} as id, ${users.name} as name, ${users.avatarUrl} as "avatarUrl",
           to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as since
      from ${table} join ${users} on ${users.id} = ${other} and ${users.deletedAt} is null
     where ${owner} = ${ownerId} ${keyset}
     order by ${at} desc, ${other} desc
     limit ${limit}`)) as unknown as { rows: RelatedRow[] };
  return result.rows;
}
