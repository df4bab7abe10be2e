import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLinks, users } from '../../db/schema.js';
import { buildUserRow } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { consumeEmailLink, createEmailLink } from './email-links.js';
import { EMAIL_LINKS_PURGE_CRON } from './email-links.retention.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

describe('mailed single-use links (docs/decisions/0025-account-and-data.md)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('stores only the hash with purpose, address and expiry, and is spent once, for its purpose only', async () => {
    const db = ctx.database.db;
    const user = await buildUserRow(ctx);
    const token = await createEmailLink(db, {
      userId: user.id,
      purpose: 'change-email',
      newEmail: 'next@example.test',
      ttlHours: 2,
    });
    const [row] = await db.select().from(emailLinks).where(eq(emailLinks.userId, user.id));
    expect(row).toMatchObject({
      purpose: 'change-email',
      newEmail: 'next@example.test',
      tokenHash: createHash('sha256').update(token).digest('hex'),
      usedAt: null,
    });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(Math.abs(row!.expiresAt.getTime() - Date.now() - 2 * 3_600_000)).toBeLessThan(60_000);

    expect(await consumeEmailLink(db, { token, purpose: 'delete-account' })).toBeNull();
    expect(await consumeEmailLink(db, { token, purpose: 'change-email' })).toEqual({
      userId: user.id,
      newEmail: 'next@example.test',
    });
    expect(await consumeEmailLink(db, { token, purpose: 'change-email' })).toBeNull();
  });

  it('refuses an expired link, one superseded by a newer link, and one of a deleted account', async () => {
    const db = ctx.database.db;
    const user = await buildUserRow(ctx);
    const expired = await createEmailLink(db, { userId: user.id, purpose: 'delete-account', ttlHours: -1 });
    expect(await consumeEmailLink(db, { token: expired, purpose: 'delete-account' })).toBeNull();

    const older = await createEmailLink(db, { userId: user.id, purpose: 'verify-email', ttlHours: 24 });
    const newer = await createEmailLink(db, { userId: user.id, purpose: 'verify-email', ttlHours: 24 });
    expect(await consumeEmailLink(db, { token: older, purpose: 'verify-email' })).toBeNull();

    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect(await consumeEmailLink(db, { token: newer, purpose: 'verify-email' })).toBeNull();
  });

  it('gives a rolled-back spend back: the link works again', async () => {
    const db = ctx.database.db;
    const user = await buildUserRow(ctx);
    const token = await createEmailLink(db, { userId: user.id, purpose: 'verify-email', ttlHours: 24 });
    await expect(
      db.transaction(async (tx) => {
        expect(await consumeEmailLink(tx, { token, purpose: 'verify-email' })).not.toBeNull();
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await consumeEmailLink(db, { token, purpose: 'verify-email' })).not.toBeNull();
  });

  it('email-links.purge runs daily and deletes links used or expired more than 30 days ago', async () => {
    const db = ctx.database.db;
    const { rows: schedule } = await ctx.database.sql.executeSql(
      `select cron, timezone, data from pgboss.schedule where name = 'email-links.purge'`,
      [],
    );
    expect(schedule).toEqual([{ cron: EMAIL_LINKS_PURGE_CRON, timezone: 'UTC', data: { run: 'daily' } }]);
    expect(EMAIL_LINKS_PURGE_CRON).toBe('25 0 * * *');

    const user = await buildUserRow(ctx);
    const hash = () => crypto.randomUUID();
    const base = { userId: user.id, purpose: 'verify-email' as const };
    const rows = await db
      .insert(emailLinks)
      .values([
        { ...base, tokenHash: hash(), expiresAt: ago(31 * DAY_MS) },
        { ...base, tokenHash: hash(), expiresAt: ago(-DAY_MS), usedAt: ago(31 * DAY_MS) },
        { ...base, tokenHash: hash(), expiresAt: ago(29 * DAY_MS) },
        { ...base, tokenHash: hash(), expiresAt: ago(-DAY_MS), usedAt: ago(DAY_MS) },
        { ...base, tokenHash: hash(), expiresAt: ago(-DAY_MS) },
      ])
      .returning({ id: emailLinks.id });
    const left = async () =>
      (
        await db
          .select({ id: emailLinks.id })
          .from(emailLinks)
          .where(
            inArray(
              emailLinks.id,
              rows.map((r) => r.id),
            ),
          )
      )
        .map((r) => r.id)
        .sort();
    const kept = rows
      .slice(2)
      .map((r) => r.id)
      .sort();
    for (let run = 0; run < 2; run++) {
      await ctx.app.jobs.enqueue('email-links.purge', { run: 'daily' });
      await ctx.app.jobs.idle();
      expect(await left()).toEqual(kept);
    }
  });
});
