import { validate as isUuid } from 'uuid';
import { errors } from '../../lib/errors.js';

/**
 * Keyset positions of the search lists (docs/decisions/0021-search-in-postgresql.md). A josie result is
 * placed by `(score, published_at, id)`, its score being its relevance tier; a curator by `(score, id)`,
 * its score the rank times a million, rounded. Integers, so that they compare exactly on the next page.
 */
export interface JosiePosition {
  /** The relevance tier (`TIERS` of queries.ts). */
  score: number;
  /** `published_at` as PostgreSQL prints it to the microsecond (`2026-01-02T03:04:05.123456Z`). */
  at: string;
  id: string;
}

export interface CuratorPosition {
  score: number;
  id: string;
}

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;
const SCORE = /^\d{1,10}$/;

const encode = (parts: (string | number)[]) => Buffer.from(parts.join(','), 'utf8').toString('base64url');
const decode = (cursor: string) => Buffer.from(cursor, 'base64url').toString('utf8').split(',');
const invalid = () => errors.badRequest('Invalid cursor');

function score(text: string | undefined): number {
  if (!text || !SCORE.test(text)) throw invalid();
  const value = Number(text);
  if (value > 2_147_483_647) throw invalid();
  return value;
}

/** The opaque `nextCursor` of a josie result page. */
export function encodeJosieCursor(position: JosiePosition): string {
  return encode([position.score, position.at, position.id]);
}

/**
 * Reads a josie search `cursor`.
 * @throws AppError 400 'Invalid cursor' when it is not one this server wrote.
 */
export function decodeJosieCursor(cursor: string): JosiePosition {
  const [s, at, id, ...rest] = decode(cursor);
  if (rest.length > 0 || !at || !id || !ISO_MICROS.test(at) || !isUuid(id)) throw invalid();
  const date = new Date(at);
  // Well-formed but impossible instants (February 31st) would make PostgreSQL fail.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 19) !== at.slice(0, 19)) throw invalid();
  return { score: score(s), at, id };
}

/** The opaque `nextCursor` of a curator result page. */
export function encodeCuratorCursor(position: CuratorPosition): string {
  return encode([position.score, position.id]);
}

/**
 * Reads a curator search `cursor`.
 * @throws AppError 400 'Invalid cursor' when it is not one this server wrote.
 */
export function decodeCuratorCursor(cursor: string): CuratorPosition {
  const [s, id, ...rest] = decode(cursor);
  if (rest.length > 0 || !id || !isUuid(id)) throw invalid();
  return { score: score(s), id };
}
