import { inArray } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { sessions } from '../../apps/server/src/db/schema.js';
import { createTokenSigner } from '../../apps/server/src/modules/auth/tokens.js';
import { BENCH_JWT_SECRET } from './server.js';

/** Signed-in readers minted by {@link mintSessions}: `tokens[i]` is the bearer JWT of `userIds[i]`. */
export interface MintedSessions {
  tokens: string[];
  userIds: string[];
  sessionIds: string[];
  /** Deletes the session rows again, so the data set stays as the next run expects it. */
  revoke(): Promise<void>;
}

/** Rows per insert statement: 10,000 readers in ten statements, well under PostgreSQL's parameter limit. */
const CHUNK = 1000;

/**
 * Real session rows for `userIds` (one each, valid for a day) and bearer tokens for them signed as
 * the server signs its own (`modules/auth/tokens.ts`) with {@link BENCH_JWT_SECRET}, the key `startJosie`
 * gives the server. Signing in through the API would measure argon2 (about 50 ms of CPU per sign-in, minutes
 * for 10,000 readers), not the endpoint under test. Rows are inserted in batches of {@link CHUNK}.
 *
 * @param databaseUrl - the database the server under test uses (its `sessions` table).
 * @throws when a user id does not exist (the sessions' foreign key) or is repeated.
 */
export async function mintSessions(databaseUrl: string, userIds: readonly string[]): Promise<MintedSessions> {
  if (new Set(userIds).size !== userIds.length) throw new Error('mintSessions: a user id is repeated');
  if (userIds.length === 0) return { tokens: [], userIds: [], sessionIds: [], revoke: async () => {} };
  const database = await openDatabase({ url: databaseUrl, dataDir: '/tmp', poolSize: 2 });
  const signer = createTokenSigner(BENCH_JWT_SECRET);
  const expiresAt = new Date(Date.now() + 24 * 3600 * 1000);
  const sessionIds: string[] = [];
  const owners: string[] = [];
  try {
    for (let i = 0; i < userIds.length; i += CHUNK) {
      const rows = await database.db
        .insert(sessions)
        .values(userIds.slice(i, i + CHUNK).map((userId) => ({ userId, expiresAt })))
        .returning({ id: sessions.id, userId: sessions.userId });
      for (const row of rows) {
        sessionIds.push(row.id);
        owners.push(row.userId);
      }
    }
  } finally {
    await database.close();
  }
  const tokens = await Promise.all(sessionIds.map((sid, i) => signer.sign(sid, owners[i]!, expiresAt)));
  // In the order asked for (one session per user), whatever order the inserts answered their rows in.
  const tokenOf = new Map(owners.map((userId, i) => [userId, tokens[i]!]));
  return {
    tokens: userIds.map((userId) => tokenOf.get(userId)!),
    userIds: [...userIds],
    sessionIds,
    async revoke() {
      const db = await openDatabase({ url: databaseUrl, dataDir: '/tmp', poolSize: 1 });
      try {
        for (let i = 0; i < sessionIds.length; i += CHUNK)
          await db.db.delete(sessions).where(inArray(sessions.id, sessionIds.slice(i, i + CHUNK)));
      } finally {
        await db.close();
      }
    },
  };
}

/**
 * A round robin over precomputed header objects, one per token (`authorization: Bearer <token>`, or the
 * `scheme` given, e.g. `Token` for a RealWorld API): each call answers the next reader's headers, so
 * consecutive requests of a load run come from distinct readers and per-reader caches answer only what a
 * reader asked for before. The objects are built once; a call costs an index increment.
 */
export function rotateReaders(tokens: readonly string[], scheme = 'Bearer'): () => Record<string, string> {
  if (tokens.length === 0) throw new Error('rotateReaders: no tokens');
  const headers = tokens.map((t) => Object.freeze({ authorization: `${scheme} ${t}` }));
  let turn = 0;
  return () => {
    const next = headers[turn]!;
    turn = turn + 1 === headers.length ? 0 : turn + 1;
    return next;
  };
}
