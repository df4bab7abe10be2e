import { createHash, randomBytes } from 'node:crypto';
import { isbot } from 'isbot';
import type { Executor } from '../../db/client.js';
import { saltOf } from './queries.js';

/**
 * Who read, as the studio counts readers (docs/decisions/0050-curator-studio-counts.md, the Plausible
 * method): a SHA-256 of the UTC day's random salt and the reader's identity, the account id when signed in,
 * else the address and user agent. The identity is never stored; the salt is kept only for its day
 * (`studio_salts`, deleted by the rollup after it), so one day's hashes match each other and nothing else,
 * and no hash can be recomputed once the day is over. Known bots (`isbot`) have no reader: never counted.
 */
export interface ReaderOrigin {
  /** The signed-in account, or null for a visitor. */
  userId: string | null;
  ip: string;
  userAgent: string | undefined;
}

/** The reader of an event recorded at `at`: its hash, or null for a bot; and whether it is a bot. */
export interface Reader {
  reader: string | null;
  bot: boolean;
}

/** The UTC date `YYYY-MM-DD` of `at`. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * Builds the reader hasher over `db`. The day's salt is read once per instance and day (the first caller
 * of the day on any instance makes it); only the current day's is kept in memory.
 */
export function createReaders(deps: { db: Executor }) {
  let cached: { day: string; salt: string } | null = null;

  async function salt(day: string): Promise<string> {
    if (cached?.day === day) return cached.salt;
    const value = await saltOf(deps.db, day, randomBytes(32).toString('base64url'));
    cached = { day, salt: value };
    return value;
  }

  return {
    /** The reader of an event of `origin` recorded at `at` (the event's `at`, so its day is the salt's). */
    async readerOf(origin: ReaderOrigin, at: Date): Promise<Reader> {
      const agent = origin.userAgent ?? '';
      if (isbot(agent)) return { reader: null, bot: true };
      const identity = origin.userId ? `u\n${origin.userId}` : `v\n${origin.ip}\n${agent}`;
      const hash = createHash('sha256')
        .update(await salt(utcDay(at)))
        .update('\n')
        .update(identity)
        .digest('base64url');
      // 128 bits: no two readers of a day collide in practice, and a shorter key is a smaller index.
      return { reader: hash.slice(0, 22), bot: false };
    },
  };
}

/** The reader hasher, as {@link createReaders} builds it. */
export type Readers = ReturnType<typeof createReaders>;
