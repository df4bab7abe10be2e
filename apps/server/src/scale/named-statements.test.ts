/**
 * The statements of a like, and the notifications list's, are named prepared statements on PostgreSQL
 * (docs/performance.md): planned once
 * per connection, where unnamed ones were planned on every like, which cost PostgreSQL more than running
 * them. Checked in one transaction, whose statements all run on one connection, against the connection's
 * own list (`pg_prepared_statements`), when `TEST_DATABASE_URL` is set: PGlite has no such list. The hot ones
 * are printed once (`namedStatement`), each run filling in its own values: checked on either database.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeNamedText, namedStatement } from '../db/client.js';
import { transactionExecutor } from '../jobs/queue.js';
import { toggleLike } from '../modules/likes/queries.js';
import { notificationsOf, unreadCount } from '../modules/notifications/queries.js';
import { buildJosie, buildUserRow } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';

describe('named statements printed once (PGlite or PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('fills each run of a statement printed once with that run’s values, on the database and in a transaction', async () => {
    const sum = namedStatement<{ n: number; word: string }, { a: number; b: number; word: string }>(
      'test_printed_once',
      sql`select ${sql.placeholder('a')}::int + ${sql.placeholder('b')}::int as n, ${sql.placeholder('word')}::text as word`,
    );
    expect(await sum(ctx.database.db, { a: 1, b: 2, word: 'one' })).toEqual([{ n: 3, word: 'one' }]);
    expect(await sum(ctx.database.db, { a: 40, b: 2, word: 'שתיים' })).toEqual([{ n: 42, word: 'שתיים' }]);
    const inside = await ctx.database.db.transaction(async (tx) => [
      await sum(tx, { a: 5, b: 5, word: 'three' }),
      await executeNamedText<{ n: number }>(tx, 'test_text', 'select $1::int * $2::int as n', [6, 7]),
    ]);
    expect(inside).toEqual([[{ n: 10, word: 'three' }], [{ n: 42 }]]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('named statements of a like (PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("prepares the like's statement and pg-boss's texts on the transaction's connection", async () => {
    const liker = await buildUserRow(ctx, { role: 'listener' });
    const josie = await buildJosie(ctx, { status: 'published' });
    const names = await ctx.database.db.transaction(async (tx) => {
      expect(await toggleLike(tx, josie.id, liker.id)).toEqual({ change: 'added', likeCount: 1 });
      expect(await toggleLike(tx, josie.id, liker.id)).toEqual({ change: 'removed', likeCount: 0 });
      const pgBossText = 'select $1::int + 1 as "next"';
      expect((await transactionExecutor(tx).executeSql(pgBossText, [1])).rows).toEqual([{ next: 2 }]);
      // Again: the driver finds the name parsed on this connection and sends no second parse.
      expect((await transactionExecutor(tx).executeSql(pgBossText, [2])).rows).toEqual([{ next: 3 }]);
      const rows = (await tx.execute(sql`select name from pg_prepared_statements`)) as unknown as {
        rows: { name: string }[];
      };
      return rows.rows.map((row) => row.name);
    });
    expect(names).toEqual(expect.arrayContaining(['like_toggle']));
    expect(names.filter((name) => name.startsWith('pgboss_'))).toHaveLength(1);
  });

  it("prepares the notifications list's page and unread count, which planning cost more than running", async () => {
    const reader = await buildUserRow(ctx, { role: 'listener' });
    const names = await ctx.database.db.transaction(async (tx) => {
      expect(await notificationsOf(tx, reader.id, { limit: 21 })).toEqual([]);
      expect(
        await notificationsOf(tx, reader.id, {
          limit: 21,
          before: { at: new Date().toISOString(), id: reader.id },
        }),
      ).toEqual([]);
      expect(await unreadCount(tx, reader.id)).toBe(0);
      const rows = (await tx.execute(sql`select name from pg_prepared_statements`)) as unknown as {
        rows: { name: string }[];
      };
      return rows.rows.map((row) => row.name);
    });
    expect(names).toEqual(
      expect.arrayContaining([
        'notifications_page',
        'notifications_page_after',
        'notifications_unread_count',
      ]),
    );
  });
});
