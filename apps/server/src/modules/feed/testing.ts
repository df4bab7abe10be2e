/**
 * Test factories and probes for the social modules (feeds, likes, follows, realtime). Josies are inserted
 * straight into the table, as published rows, so these tests do not depend on the authoring routes.
 */
import type { Josie } from '@josie/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { josies } from '../../db/schema.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { TestUser } from '../../test/harness.js';

type JosieInsert = typeof josies.$inferInsert;

/**
 * Inserts one josie, published now unless told otherwise. `publishedAt` may be SQL (e.g. a literal with
 * microseconds, which a `Date` cannot carry).
 */
export async function insertJosie(
  db: Db,
  creatorId: string,
  overrides: Partial<Omit<JosieInsert, 'publishedAt'>> & { publishedAt?: Date | SQL | null } = {},
) {
  const { publishedAt, ...rest } = overrides;
  const status = rest.status ?? 'published';
  const [row] = await db
    .insert(josies)
    .values({
      creatorId,
      title: `Josie ${crypto.randomUUID().slice(0, 8)}`,
      paragraphs: [{ type: 'text', content: 'Songs for a slow morning.' }],
      status,
      ...rest,
      publishedAt: publishedAt === undefined ? (status === 'published' ? new Date() : null) : publishedAt,
    } as JosieInsert)
    .returning();
  return row!;
}

/**
 * Inserts `count` published josies one second apart, the newest at `newest`; answers them newest first.
 */
export async function insertJosies(db: Db, creatorId: string, count: number, newest = new Date()) {
  const rows = [];
  for (let i = 0; i < count; i++) {
    rows.push(
      await insertJosie(db, creatorId, {
        title: `Josie ${i}`,
        publishedAt: new Date(newest.getTime() - i * 1000),
      }),
    );
  }
  return rows;
}

/** The `AuthUser` a request of `user` would carry, for calling services directly. */
export function asActor(user: TestUser): AuthUser {
  return {
    id: user.user._id,
    role: user.user.role,
    sessionId: 'test-session',
    email: user.user.email,
    name: user.user.name,
  };
}

/** Titles of a page of posts, for readable assertions. */
export const titles = (posts: Josie[]) => posts.map((p) => p.title);

/** A microsecond-precise timestamp literal (PostgreSQL keeps microseconds; a `Date` keeps milliseconds). */
export const micros = (iso: string) => sql`${iso}::timestamptz`;
