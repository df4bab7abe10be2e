import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { validate as isUuid } from 'uuid';
import { errors } from '../../lib/errors.js';

/**
 * A keyset position in a list ordered by `(time desc, id desc)` (docs/product/routes-and-roles.md#api): the
 * time is kept as PostgreSQL prints it to the microsecond, because a JavaScript `Date` keeps only
 * milliseconds and a cursor rounded down would repeat the rows that share its millisecond.
 */
export interface Keyset {
  /** ISO 8601 UTC with up to six fractional digits, e.g. `2026-01-02T03:04:05.123456Z`. */
  at: string;
  id: string;
}

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;

/** `time` printed as {@link Keyset.at}, selected beside each row so the last one can become the cursor. */
export function keysetTime(column: PgColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The opaque `nextCursor`: base64url of `at,id`. */
export function encodeCursor(position: Keyset): string {
  return Buffer.from(`${position.at},${position.id}`, 'utf8').toString('base64url');
}

/**
 * Reads a `cursor` query value.
 * @throws AppError 400 'Invalid cursor' when it is not one this server wrote.
 */
export function decodeCursor(cursor: string): Keyset {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split(',');
  if (rest.length > 0 || !at || !id || !ISO_MICROS.test(at) || !isRealInstant(at) || !isUuid(id)) {
    throw errors.badRequest('Invalid cursor');
  }
  return { at, id };
}

/** Rejects well-formed but impossible instants such as February 31st, which PostgreSQL would refuse. */
function isRealInstant(at: string): boolean {
  const date = new Date(at);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === at.slice(0, 19);
}

/**
 * `(time, id) < (cursor)`: the rows after the cursor in `(time desc, id desc)` order, as one index condition.
 * The position may be placeholders of a prepared statement.
 */
export function afterCursor(
  time: PgColumn | SQL,
  id: PgColumn | SQL,
  position: { at: string | Placeholder; id: string | Placeholder },
): SQL {
  return sql`(${time}, ${id}) < (${position.at}::timestamptz, ${position.id}::uuid)`;
}

/**
 * `order by time desc nulls last, id desc nulls last`: the direction and null order of `josies_feed_idx`,
 * so that PostgreSQL reads that index in order instead of sorting.
 */
export function newestFirst(time: PgColumn | SQL, id: PgColumn | SQL): SQL[] {
  return [sql`${time} desc nulls last`, sql`${id} desc nulls last`];
}
