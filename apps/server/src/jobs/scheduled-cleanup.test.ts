import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../adapters/storage.js';
import { buildConfig } from '../config.js';
import {
  accountExports,
  invites,
  inviteUses,
  inviteVisits,
  josies,
  media,
  passwordResets,
  sessions,
  users,
} from '../db/schema.js';
import { EXPORTS_PURGE_CRON } from '../modules/account/export.service.js';
import { PASSWORD_RESETS_PURGE_CRON } from '../modules/account/reset.retention.js';
import { SESSIONS_PURGE_CRON } from '../modules/auth/retention.js';
import { purgeUnusedUploads, UPLOADS_PURGE_CRON } from '../modules/images/retention.js';
import { INVITES_PURGE_CRON } from '../modules/invites/retention.js';
import { DIGEST_CRON, NOTIFICATIONS_PURGE_CRON } from '../modules/notifications/index.js';
import { buildInvite, buildJosie, buildUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { jobRows } from '../test/jobs.js';
import { deleteInBatches } from './batches.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const ago = (ms: number) => new Date(Date.now() - ms);

describe('scheduled clean-up jobs (decision 0018, "Scheduled work")', () => {
  let ctx: TestContext;
  /** Runs a job as its daily cron tick would, and waits for it to finish. */
  const runDaily = async (
    name:
      | 'sessions.purge'
      | 'password-resets.purge'
      | 'uploads.purge'
      | 'invites.purge'
      | 'account-exports.purge',
  ) => {
    await ctx.app.jobs.enqueue(name, { run: 'daily' });
    await ctx.app.jobs.idle();
  };

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('reads the grace periods: 30, 30 days, 24 hours, 90, 90 days by default, whole positive numbers', () => {
    expect(buildConfig({}).retention).toEqual({
      sessionDays: 30,
      passwordResetDays: 30,
      unusedUploadHours: 24,
      inviteDays: 90,
      notificationDays: 90,
    });
    const names = [
      'SESSION_RETENTION_DAYS',
      'PASSWORD_RESET_RETENTION_DAYS',
      'UNUSED_UPLOAD_RETENTION_HOURS',
      'INVITE_RETENTION_DAYS',
      'NOTIFICATION_RETENTION_DAYS',
    ];
    for (const name of names) {
      for (const bad of ['0', '-1', '1.5', 'never']) {
        expect(() => buildConfig({ [name]: bad }), `${name}=${bad}`).toThrow(new RegExp(name));
      }
    }
    expect(buildConfig({ SESSION_RETENTION_DAYS: '7' }).retention.sessionDays).toBe(7);
  });

  it('registers each job on a daily UTC cron schedule', async () => {
    const { rows } = await ctx.database.sql.executeSql(
      `select name, cron, timezone, data from pgboss.schedule where name = any($1::text[]) order by cron`,
      [
        [
          'sessions.purge',
          'password-resets.purge',
          'uploads.purge',
          'invites.purge',
          'account-exports.purge',
          'notifications.purge',
        ],
      ],
    );
    expect(rows).toEqual([
      { name: 'sessions.purge', cron: SESSIONS_PURGE_CRON, timezone: 'UTC', data: { run: 'daily' } },
      {
        name: 'password-resets.purge',
        cron: PASSWORD_RESETS_PURGE_CRON,
        timezone: 'UTC',
        data: { run: 'daily' },
      },
      { name: 'uploads.purge', cron: UPLOADS_PURGE_CRON, timezone: 'UTC', data: { run: 'daily' } },
      { name: 'account-exports.purge', cron: EXPORTS_PURGE_CRON, timezone: 'UTC', data: { run: 'daily' } },
      { name: 'invites.purge', cron: INVITES_PURGE_CRON, timezone: 'UTC', data: { run: 'daily' } },
      {
        name: 'notifications.purge',
        cron: NOTIFICATIONS_PURGE_CRON,
        timezone: 'UTC',
        data: { run: 'daily' },
      },
    ]);
    expect(NOTIFICATIONS_PURGE_CRON).toBe('50 0 * * *');
    // The notifications digest (decision 0024): every day at 07:00 UTC, the weekly one with Monday's run.
    const digest = await ctx.database.sql.executeSql(
      `select name, cron, timezone, data from pgboss.schedule where name = 'notify.digest'`,
      [],
    );
    expect(digest.rows).toEqual([
      { name: 'notify.digest', cron: DIGEST_CRON, timezone: 'UTC', data: { run: 'daily' } },
    ]);
    expect(DIGEST_CRON).toBe('0 7 * * *');
    expect([SESSIONS_PURGE_CRON, PASSWORD_RESETS_PURGE_CRON, UPLOADS_PURGE_CRON, INVITES_PURGE_CRON]).toEqual(
      ['10 0 * * *', '20 0 * * *', '30 0 * * *', '40 0 * * *'],
    );
  });

  it('deletes in bounded batches until a batch comes back short, or the batch cap is reached', async () => {
    let left = 7;
    const limits: number[] = [];
    const deleteBatch = async (limit: number) => {
      limits.push(limit);
      const n = Math.min(limit, left);
      left -= n;
      return n;
    };
    expect(await deleteInBatches(deleteBatch, { batchSize: 3 })).toBe(7);
    expect(limits).toEqual([3, 3, 3]);
    left = 10;
    expect(await deleteInBatches(deleteBatch, { batchSize: 2, maxBatches: 2 })).toBe(4);
    expect(left).toBe(6);
  });

  it('sessions.purge deletes sessions ended more than 30 days ago; their token answers 401 like a revoked one', async () => {
    const live = await buildUser(ctx);
    const oldRevoked = await buildUser(ctx);
    const recentRevoked = await buildUser(ctx);
    for (const u of [oldRevoked, recentRevoked]) {
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: u.auth })).statusCode,
      ).toBe(200);
    }
    const sessionOf = async (userId: string) =>
      (await ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId)))[0]!;
    const oldRevokedId = (await sessionOf(oldRevoked.user._id)).id;
    const recentRevokedId = (await sessionOf(recentRevoked.user._id)).id;
    await ctx.database.db
      .update(sessions)
      .set({ revokedAt: ago(31 * DAY_MS) })
      .where(eq(sessions.id, oldRevokedId));
    await ctx.database.db
      .update(sessions)
      .set({ revokedAt: ago(29 * DAY_MS) })
      .where(eq(sessions.id, recentRevokedId));
    const [oldExpired, recentExpired] = await ctx.database.db
      .insert(sessions)
      .values([
        { userId: live.user._id, expiresAt: ago(31 * DAY_MS) },
        { userId: live.user._id, expiresAt: ago(29 * DAY_MS) },
      ])
      .returning();

    await runDaily('sessions.purge');
    const ids = (await ctx.database.db.select({ id: sessions.id }).from(sessions)).map((r) => r.id);
    expect(ids).not.toContain(oldRevokedId);
    expect(ids).not.toContain(oldExpired!.id);
    expect(ids).toContain(recentRevokedId);
    expect(ids).toContain(recentExpired!.id);
    expect(ids).toContain((await sessionOf(live.user._id)).id);
    expect((await jobRows(ctx.database, 'sessions.purge')).map((j) => j.state)).toEqual(['completed']);

    // The deleted session's token is refused as the revoked one was; the live one still works.
    expect((await ctx.app.inject({ url: '/api/users/me', headers: oldRevoked.auth })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/users/me', headers: live.auth })).statusCode).toBe(200);

    // A second run finds nothing more.
    const before = ids.length;
    await runDaily('sessions.purge');
    expect(await ctx.database.db.$count(sessions)).toBe(before);
  });

  it('password-resets.purge deletes tokens used or expired more than 30 days ago', async () => {
    const u = await buildUser(ctx);
    const token = () => crypto.randomUUID();
    const rows = await ctx.database.db
      .insert(passwordResets)
      .values([
        { userId: u.user._id, tokenHash: token(), expiresAt: ago(31 * DAY_MS) },
        { userId: u.user._id, tokenHash: token(), expiresAt: ago(-HOUR_MS), usedAt: ago(31 * DAY_MS) },
        { userId: u.user._id, tokenHash: token(), expiresAt: ago(29 * DAY_MS) },
        { userId: u.user._id, tokenHash: token(), expiresAt: ago(-HOUR_MS), usedAt: ago(DAY_MS) },
        { userId: u.user._id, tokenHash: token(), expiresAt: ago(-HOUR_MS) },
      ])
      .returning({ id: passwordResets.id });
    const left = async () =>
      (
        await ctx.database.db
          .select({ id: passwordResets.id })
          .from(passwordResets)
          .where(
            inArray(
              passwordResets.id,
              rows.map((r) => r.id),
            ),
          )
      )
        .map((r) => r.id)
        .sort();

    await runDaily('password-resets.purge');
    expect(await left()).toEqual(
      rows
        .slice(2)
        .map((r) => r.id)
        .sort(),
    );
    await runDaily('password-resets.purge');
    expect(await left()).toEqual(
      rows
        .slice(2)
        .map((r) => r.id)
        .sort(),
    );
  });

  it('uploads.purge deletes the rows and files of uploads nothing shows after 24 hours; shown ones stay', async () => {
    const owner = await buildUser(ctx);
    const storage = createLocalStorage(join(ctx.dataDir, 'media'));
    const fileExists = (key: string) => existsSync(join(ctx.dataDir, 'media', key));
    const upload = async (
      name: string,
      ageMs: number,
      kind: 'avatar' | 'header' | 'josie-image' = 'josie-image',
    ) => {
      const key = `${kind === 'josie-image' ? 'josies' : `${kind}s`}/${name}-${crypto.randomUUID()}.webp`;
      await storage.put(key, Buffer.from('webp'), 'image/webp');
      await ctx.database.db.insert(media).values({
        ownerId: owner.user._id,
        kind,
        storageKey: key,
        bytes: 4,
        width: 1,
        height: 1,
        createdAt: ago(ageMs),
      });
      return key;
    };
    const unused = await upload('unused', 25 * HOUR_MS);
    const unusedToo = await upload('unused-too', 30 * DAY_MS);
    const fresh = await upload('fresh', HOUR_MS);
    const inJosie = await upload('in-josie', 25 * HOUR_MS);
    const asAvatar = await upload('as-avatar', 25 * HOUR_MS, 'avatar');
    // Another user's header shows a file this owner uploaded: it stays too.
    const asOthersHeader = await upload('as-header', 25 * HOUR_MS, 'header');
    const other = await buildUser(ctx);
    const josie = await buildJosie(ctx, { creator: owner });
    await ctx.database.db
      .update(josies)
      .set({ paragraphs: [{ type: 'image', content: storage.publicUrl(inJosie) }] })
      .where(eq(josies.id, josie.id));
    await ctx.database.db
      .update(users)
      .set({ avatarUrl: storage.publicUrl(asAvatar) })
      .where(eq(users.id, owner.user._id));
    await ctx.database.db
      .update(users)
      .set({ headerImageUrl: storage.publicUrl(asOthersHeader) })
      .where(eq(users.id, other.user._id));
    const keys = async () =>
      (await ctx.database.db.select({ key: media.storageKey }).from(media)).map((r) => r.key).sort();

    await runDaily('uploads.purge');
    const kept = [fresh, inJosie, asAvatar, asOthersHeader];
    expect(await keys()).toEqual([...kept].sort());
    for (const key of kept) expect(fileExists(key), key).toBe(true);
    for (const key of [unused, unusedToo]) expect(fileExists(key), key).toBe(false);

    // Paging one row at a time past the shown ones still reaches every unused upload; then nothing is left.
    const late = [await upload('late-a', 2 * DAY_MS), await upload('late-b', 2 * DAY_MS)];
    const purge = { db: ctx.database.db, storage, log: { warn: () => {} }, olderThanHours: 24, batchSize: 1 };
    expect((await purgeUnusedUploads(purge)).sort()).toEqual([...late].sort());
    expect(await keys()).toEqual([...kept].sort());
    expect(await purgeUnusedUploads(purge)).toEqual([]);
  });

  it('invites.purge deletes invites expired more than 90 days ago never visited nor used; the rest stay', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const joiner = await buildUser(ctx);
    const make = async (expiredDaysAgo: number, stats: { visits?: number; usedBy?: string[] } = {}) => {
      const invite = await buildInvite(ctx, { creator: curator, ...stats });
      await ctx.database.db
        .update(invites)
        .set({ expiresAt: ago(expiredDaysAgo * DAY_MS) })
        .where(eq(invites.id, invite.id));
      return invite.id;
    };
    const unused = await make(91);
    const visited = await make(91, { visits: 1 });
    const used = await make(200, { usedBy: [joiner.user._id] });
    const recent = await make(89);
    const live = await make(-10);
    const left = async () =>
      (
        await ctx.database.db
          .select({ id: invites.id })
          .from(invites)
          .where(eq(invites.creatorId, curator.user._id))
      )
        .map((r) => r.id)
        .sort();

    await runDaily('invites.purge');
    expect(await left()).not.toContain(unused);
    expect(await left()).toEqual([visited, used, recent, live].sort());
    expect(await ctx.database.db.$count(inviteVisits, eq(inviteVisits.inviteId, visited))).toBe(1);
    expect(await ctx.database.db.$count(inviteUses, eq(inviteUses.inviteId, used))).toBe(1);
    await runDaily('invites.purge');
    expect(await left()).toEqual([visited, used, recent, live].sort());
  });

  it('account-exports.purge removes expired export files, then their rows, and failed ones after 7 days', async () => {
    const user = await buildUser(ctx);
    const id = user.user._id;
    const files = createLocalStorage(join(ctx.dataDir, 'private'));
    const make = async (values: Partial<typeof accountExports.$inferInsert>, key?: string) => {
      if (key) await files.put(key, Buffer.from('zip'), 'application/zip');
      const [row] = await ctx.database.db
        .insert(accountExports)
        .values({ userId: id, ...values, ...(key ? { storageKey: key } : {}) })
        .returning();
      return row!.id;
    };
    const expired = await make({ status: 'ready', expiresAt: ago(HOUR_MS) }, `exports/${id}/old.zip`);
    const ready = await make(
      { status: 'ready', expiresAt: new Date(Date.now() + DAY_MS) },
      `exports/${id}/new.zip`,
    );
    const oldFailure = await make({ status: 'failed', createdAt: ago(8 * DAY_MS) });
    const recentFailure = await make({ status: 'failed', createdAt: ago(DAY_MS) });
    const pending = await make({ status: 'pending' });

    await runDaily('account-exports.purge');
    const left = (
      await ctx.database.db
        .select({ id: accountExports.id })
        .from(accountExports)
        .where(eq(accountExports.userId, id))
    )
      .map((r) => r.id)
      .sort();
    expect(left).toEqual([ready, recentFailure, pending].sort());
    expect(left).not.toContain(expired);
    expect(left).not.toContain(oldFailure);
    expect(existsSync(join(ctx.dataDir, 'private', 'exports', id, 'old.zip'))).toBe(false);
    expect(existsSync(join(ctx.dataDir, 'private', 'exports', id, 'new.zip'))).toBe(true);
  });
});
