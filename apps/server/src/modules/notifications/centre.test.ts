import type { Notification, NotificationsResponse } from '@josie/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { josies, notifications, users } from '../../db/schema.js';
import {
  approveJosie,
  buildInvite,
  buildJosieViaApi,
  buildUser,
  rejectJosie,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { recordQueries } from '../../test/queries.js';
import { type NotificationGroupWrite, writeNotifications } from './queries.js';

/**
 * The notifications centre (docs/decisions/0024-notifications-centre.md): every kind written by its job,
 * grouping, read state, settings, privacy, subject and actor deletion, retention.
 */
describe('notifications centre', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let editor: TestUser;
  let curator: TestUser;

  const settle = () => ctx.app.jobs.idle();

  async function list(user: TestUser, query = ''): Promise<NotificationsResponse['data']> {
    const res = await ctx.app.inject({ url: `/api/notifications${query}`, headers: user.auth });
    expect(res.statusCode).toBe(200);
    return (res.json() as NotificationsResponse).data;
  }
  const ofKind = async (user: TestUser, kind: Notification['kind']) =>
    (await list(user)).notifications.filter((n) => n.kind === kind);

  const follow = (user: TestUser, target: TestUser) =>
    ctx.app.inject({ method: 'POST', url: `/api/users/follow/${target.user._id}`, headers: user.auth });
  const like = (user: TestUser, josieId: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/josies/${josieId}/like`, headers: user.auth });
  const settings = (user: TestUser, payload: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/notification-settings',
      headers: user.auth,
      payload,
    });

  async function published(author = curator, title = 'Night drive') {
    const josie = await buildJosieViaApi(ctx, author, { title });
    await approveJosie(ctx, editor, josie._id);
    await settle();
    return josie;
  }

  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_AUTH_MAX: '10000' });
    admin = await buildUser(ctx, { role: 'admin', name: 'Ada Admin' });
    editor = await buildUser(ctx, { role: 'editor', name: 'Eddie Editor' });
    curator = await buildUser(ctx, { role: 'curator', name: 'Cora Curator' });
  });
  afterAll(() => ctx.close());

  it('tells a curator of a new follower, and nobody else', async () => {
    const fan = await buildUser(ctx, { name: 'Noa Fan' });
    expect((await follow(fan, curator)).statusCode).toBe(200);
    await settle();
    const [entry] = await ofKind(curator, 'follower');
    expect(entry).toMatchObject({
      kind: 'follower',
      readAt: null,
      actors: { total: 1, items: [{ _id: fan.user._id, name: 'Noa Fan', avatar: null }] },
      subject: null,
      url: `/profile/${fan.user._id}`,
    });
    // Privacy: the follower's own list does not show the curator's entry.
    expect((await list(fan)).notifications).toEqual([]);
    // Following again (after an unfollow) moves the same entry up rather than adding one.
    await ctx.app.inject({
      method: 'POST',
      url: `/api/users/unfollow/${curator.user._id}`,
      headers: fan.auth,
    });
    await follow(fan, curator);
    await settle();
    expect(await ofKind(curator, 'follower')).toHaveLength(1);
  });

  it('groups likes per josie and day, newest three named, and the creator’s own like is not news', async () => {
    const josie = await published(curator, 'Grouped');
    const likers: TestUser[] = [];
    for (const name of ['L1', 'L2', 'L3', 'L4']) {
      const liker = await buildUser(ctx, { name });
      likers.push(liker);
      expect((await like(liker, josie._id)).statusCode).toBe(200);
      await settle();
    }
    await like(curator, josie._id);
    // Unlike and like again: the same actor, nothing new.
    await like(likers[0]!, josie._id);
    await like(likers[0]!, josie._id);
    await settle();
    const entries = (await ofKind(curator, 'likes')).filter((n) => n.subject?._id === josie._id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actors: { total: 4, items: [{ name: 'L4' }, { name: 'L3' }, { name: 'L2' }] },
      subject: { type: 'josie', _id: josie._id, title: 'Grouped', reason: null },
      url: `/josie/${josie._id}`,
    });
  });

  it('writes a like storm in batches: one entry per josie, every new actor in one statement', async () => {
    const liked = [
      await published(curator, 'Storm A'),
      await published(curator, 'Storm B'),
      await published(curator, 'Storm C'),
    ];
    const fans: TestUser[] = [];
    for (let i = 0; i < 10; i += 1) fans.push(await buildUser(ctx, { name: `Storm fan ${i}` }));
    // 30 likes' jobs waiting at once, as a storm leaves them: committed together, then the workers woken.
    const at = new Date().toISOString();
    await ctx.database.db.transaction(async (tx) => {
      await ctx.app.jobs.enqueueMany(
        liked.flatMap((josie) =>
          fans.map((fan) => ({
            name: 'notify.likes' as const,
            payload: { kind: 'like' as const, likerId: fan.user._id, josieId: josie._id, at },
          })),
        ),
        tx,
      );
    });
    const statements: string[] = [];
    const stop = ctx.database.observeQueries({ logQuery: (text) => statements.push(text) });
    try {
      ctx.app.jobs.wake('notify.likes');
      await settle();
    } finally {
      stop();
    }
    const entries = await ofKind(curator, 'likes');
    for (const josie of liked) {
      const entry = entries.find((n) => n.subject?._id === josie._id);
      expect(entry?.actors.total).toBe(10);
    }
    // One batch: the 30 actors in one insert, not one per like.
    expect(statements.filter((text) => /^\s*insert into "notification_actors"/i.test(text))).toHaveLength(1);
  });

  it('finds and moves existing entries in statements of one shape, whatever their number', async () => {
    // A statement that grows with the batch is planned afresh each time (docs/performance.md, tenth round).
    const fans: TestUser[] = [];
    for (let i = 0; i < 3; i += 1) fans.push(await buildUser(ctx, { name: `Shape fan ${i}` }));
    const writesOf = (of: TestUser[]): NotificationGroupWrite[] =>
      of.map((fan) => ({
        userId: curator.user._id,
        kind: 'follower',
        groupKey: `shape:${fan.user._id}`,
        subjectType: null,
        subjectId: null,
        actorIds: [],
      }));
    const { db } = ctx.database;
    await db.transaction((tx) => writeNotifications(tx, writesOf(fans)));
    const statements: string[] = [];
    const stop = ctx.database.observeQueries({ logQuery: (text) => statements.push(text) });
    try {
      const once = await db.transaction((tx) => writeNotifications(tx, writesOf(fans.slice(0, 1))));
      const thrice = await db.transaction((tx) => writeNotifications(tx, writesOf(fans)));
      expect(once.map((o) => o.created)).toEqual([false]);
      expect(thrice.map((o) => o.changed)).toEqual([true, true, true]);
    } finally {
      stop();
    }
    const lookups = statements.filter((text) => /^\s*select .* from "notifications" where/is.test(text));
    const moves = statements.filter((text) => /^\s*update "notifications" set updated_at/i.test(text));
    expect(lookups).toHaveLength(2);
    expect(lookups[1]).toBe(lookups[0]);
    expect(moves).toHaveLength(2);
    expect(moves[1]).toBe(moves[0]);
  });

  it('creates entries and names their actors in statements of one shape, whatever their number', async () => {
    const fans: TestUser[] = [];
    for (let i = 0; i < 4; i += 1) fans.push(await buildUser(ctx, { name: `Insert fan ${i}` }));
    const writesOf = (tag: string, groups: number, actors: TestUser[]): NotificationGroupWrite[] =>
      Array.from({ length: groups }, (_, i) => ({
        userId: curator.user._id,
        kind: 'likes',
        groupKey: `insert-shape:${tag}:${i}`,
        subjectType: null,
        subjectId: null,
        actorIds: actors.map((fan) => fan.user._id),
      }));
    const { db } = ctx.database;
    const statements: string[] = [];
    const stop = ctx.database.observeQueries({ logQuery: (text) => statements.push(text) });
    let once: Awaited<ReturnType<typeof writeNotifications>>;
    let thrice: Awaited<ReturnType<typeof writeNotifications>>;
    try {
      once = await db.transaction((tx) => writeNotifications(tx, writesOf('a', 1, fans.slice(0, 1))));
      thrice = await db.transaction((tx) => writeNotifications(tx, writesOf('b', 3, fans.slice(1))));
    } finally {
      stop();
    }
    expect(once.map((o) => o.created)).toEqual([true]);
    expect(thrice.map((o) => o.created)).toEqual([true, true, true]);
    // Time-ordered ids, as the schema's default makes them: the list's tiebreak.
    for (const { id } of [...once, ...thrice]) expect(id[14], id).toBe('7');
    const named = await db.execute(sql`
      select count(*)::int as n from notification_actors
       where notification_id = any(${sql.param(thrice.map((o) => o.id))}::uuid[])`);
    expect((named as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(9);
    for (const table of ['notifications', 'notification_actors']) {
      const inserts = statements.filter((text) => new RegExp(`^\\s*insert into "${table}" `, 'i').test(text));
      expect(inserts, table).toHaveLength(2);
      expect(inserts[1], table).toBe(inserts[0]);
    }
  });

  it('a deleted actor leaves the grouping, and an entry with no actor left disappears', async () => {
    const josie = await published(curator, 'Fleeting');
    const [a, b, c] = [await buildUser(ctx), await buildUser(ctx), await buildUser(ctx)];
    await like(a, josie._id);
    await like(b, josie._id);
    await like(c, josie._id);
    await settle();
    const entry = async () => (await ofKind(curator, 'likes')).find((n) => n.subject?._id === josie._id);
    expect((await entry())?.actors.total).toBe(3);
    // Removed row: the cascade on notification_actors.
    await ctx.database.db.delete(users).where(eq(users.id, a.user._id));
    expect((await entry())?.actors.total).toBe(2);
    // A soft-deleted account is neither named nor counted either.
    const softDelete = (user: TestUser) =>
      ctx.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.user._id));
    await softDelete(b);
    expect((await entry())?.actors).toMatchObject({ total: 1, items: [{ _id: c.user._id }] });
    expect((await entry())?.actors.items).toHaveLength(1);
    await softDelete(c);
    expect(await entry()).toBeUndefined();
  });

  it('a deleted josie makes its notifications disappear, from the list and the unread count', async () => {
    const reader = await buildUser(ctx, { role: 'curator' });
    const josie = await published(reader, 'Doomed');
    const fan = await buildUser(ctx);
    await like(fan, josie._id);
    await settle();
    const before = await list(reader);
    expect(before.notifications.some((n) => n.subject?._id === josie._id)).toBe(true);
    await ctx.database.db.delete(josies).where(eq(josies.id, josie._id));
    const after = await list(reader);
    expect(after.notifications.some((n) => n.subject?._id === josie._id)).toBe(false);
    expect(after.unreadCount).toBe(
      before.unreadCount -
        before.notifications.filter((n) => n.subject?._id === josie._id && !n.readAt).length,
    );
  });

  it('tells the creator of an approval and of a rejection with its reason and the editor link', async () => {
    const author = await buildUser(ctx, { role: 'curator' });
    const ok = await buildJosieViaApi(ctx, author, { title: 'Yes' });
    await approveJosie(ctx, editor, ok._id);
    const no = await buildJosieViaApi(ctx, author, { title: 'No' });
    await rejectJosie(ctx, editor, no._id, 'Add a video');
    await settle();
    expect(await ofKind(author, 'josie-approved')).toMatchObject([
      { subject: { _id: ok._id, title: 'Yes' }, url: `/josie/${ok._id}`, actors: { total: 0, items: [] } },
    ]);
    expect(await ofKind(author, 'josie-rejected')).toMatchObject([
      { subject: { _id: no._id, title: 'No', reason: 'Add a video' }, url: `/josie/edit/${no._id}` },
    ]);
  });

  it('tells editors and admins of josies waiting for review, grouped per day, and not listeners', async () => {
    const author = await buildUser(ctx, { role: 'curator', name: 'Waiting Curator' });
    const listener = await buildUser(ctx);
    const before = (await ofKind(editor, 'review-waiting'))[0]?.actors.total ?? 0;
    await buildJosieViaApi(ctx, author, { title: 'Queue 1' });
    await buildJosieViaApi(ctx, author, { title: 'Queue 2' });
    await settle();
    const entries = await ofKind(editor, 'review-waiting');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ subject: null, url: '/editor/dashboard' });
    expect(entries[0]!.actors.total).toBe(before + 1);
    expect(entries[0]!.actors.items[0]).toMatchObject({ _id: author.user._id });
    expect(await ofKind(admin, 'review-waiting')).toHaveLength(1);
    expect(await ofKind(listener, 'review-waiting')).toEqual([]);
  });

  it('tells admins of a contact message, and not editors', async () => {
    const sender = await buildUser(ctx, { name: 'Sam Sender' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: sender.auth,
      payload: { name: 'Sam Sender', email: 'sam@example.test', message: 'Hello there, Josie team' },
    });
    expect(res.statusCode).toBeLessThan(300);
    await settle();
    expect(await ofKind(admin, 'contact-message')).toMatchObject([
      {
        subject: { type: 'message', title: 'Sam Sender' },
        actors: { total: 1, items: [{ _id: sender.user._id }] },
        url: '/admin/dashboard',
      },
    ]);
    expect(await ofKind(editor, 'contact-message')).toEqual([]);
  });

  it('tells a curator someone joined through their invite', async () => {
    const inviter = await buildUser(ctx, { role: 'curator' });
    const invite = await buildInvite(ctx, { creator: inviter.user._id });
    const joiner = await buildUser(ctx, { name: 'Jo Joiner' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/invites/code/${invite.code}/register`,
      headers: joiner.auth,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    await settle();
    expect(await ofKind(inviter, 'invite-joined')).toMatchObject([
      {
        subject: { type: 'invite', _id: invite.id, title: invite.code },
        actors: { items: [{ name: 'Jo Joiner' }] },
        url: '/invites',
      },
    ]);
  });

  it('writes new-josie entries only for followers who turned them on (off by default)', async () => {
    const author = await buildUser(ctx, { role: 'curator', name: 'Paged Curator' });
    const [keen, quiet] = [await buildUser(ctx), await buildUser(ctx)];
    await follow(keen, author);
    await follow(quiet, author);
    expect((await settings(keen, { kinds: { 'new-josie': { inApp: true } } })).statusCode).toBe(200);
    const josie = await published(author, 'Fresh');
    expect(await ofKind(keen, 'new-josie')).toMatchObject([
      {
        subject: { _id: josie._id },
        actors: { items: [{ _id: author.user._id }] },
        url: `/josie/${josie._id}`,
      },
    ]);
    expect(await ofKind(quiet, 'new-josie')).toEqual([]);
  });

  it('approving costs the request the same statements whatever the curator’s followers', async () => {
    const statementsOfApprove = async (author: TestUser) => {
      const josie = await buildJosieViaApi(ctx, author);
      await settle();
      // With the listeners it set off (they run in the request's context, before or after it answered).
      const { queries } = await recordQueries(ctx.database, async () => {
        await approveJosie(ctx, editor, josie._id);
        await ctx.app.bus.idle();
      });
      await settle();
      // The job queue's own polling (schema pgboss) runs on its timer, whatever the request.
      return queries.filter((q) => !q.sql.includes('pgboss')).length;
    };
    const lonely = await buildUser(ctx, { role: 'curator' });
    const popular = await buildUser(ctx, { role: 'curator' });
    for (let i = 0; i < 25; i += 1) {
      const fan = await buildUser(ctx);
      await settings(fan, { kinds: { 'new-josie': { inApp: true } } });
      await follow(fan, popular);
    }
    // Warm once (prepared statements, caches), then compare.
    await statementsOfApprove(lonely);
    const alone = await statementsOfApprove(lonely);
    const followed = await statementsOfApprove(popular);
    expect(followed).toBe(alone);
    const entries = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(
        sql`kind = 'new-josie' and subject_id in (select id from josies where creator_id = ${popular.user._id})`,
      );
    expect(entries[0]!.n).toBe(25);
  });

  it('settings: kinds merge deeply, channels a kind cannot use are refused, and off means no entry', async () => {
    const user = await buildUser(ctx, { role: 'curator' });
    let res = await settings(user, { kinds: { follower: { email: true } } });
    expect(res.statusCode).toBe(200);
    res = await settings(user, { kinds: { follower: { push: true } }, digest: 'weekly' });
    expect(res.json().data).toMatchObject({
      allowEmails: true,
      allowPushNotifications: true,
      digest: 'weekly',
      kinds: { follower: { inApp: true, email: true, push: true }, likes: { inApp: true, email: false } },
    });
    res = await settings(user, { kinds: { likes: { email: true } } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await settings(user, { kinds: { follower: { inApp: false } } })).statusCode).toBe(200);
    const fan = await buildUser(ctx);
    await follow(fan, user);
    await settle();
    expect(await ofKind(user, 'follower')).toEqual([]);
    // The global switches keep their meaning.
    res = await settings(user, { allowEmails: false });
    expect(res.json().data.kinds.follower).toMatchObject({ email: true, push: true, inApp: false });
  });

  it('read state: marks given ids or all read, ignores other users’ ids, and counts unread', async () => {
    const owner = await buildUser(ctx, { role: 'curator' });
    const stranger = await buildUser(ctx, { role: 'curator' });
    for (let i = 0; i < 3; i += 1) await follow(await buildUser(ctx), owner);
    await follow(await buildUser(ctx), stranger);
    await settle();
    const mine = await list(owner);
    expect(mine.unreadCount).toBe(3);
    const theirs = await list(stranger);
    let res = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: owner.auth,
      payload: { ids: [mine.notifications[0]!._id, theirs.notifications[0]!._id] },
    });
    expect(res.json()).toEqual({ unreadCount: 2 });
    expect((await list(stranger)).unreadCount).toBe(1);
    const after = await list(owner);
    expect(after.notifications[0]!.readAt).not.toBeNull();
    res = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: owner.auth,
      payload: {},
    });
    expect(res.json()).toEqual({ unreadCount: 0 });
    res = await ctx.app.inject({ url: '/api/notifications/unread-count', headers: owner.auth });
    expect(res.json()).toEqual({ unreadCount: 0 });
    // A new follower makes it unread again.
    await follow(await buildUser(ctx), owner);
    await settle();
    res = await ctx.app.inject({ url: '/api/notifications/unread-count', headers: owner.auth });
    expect(res.json()).toEqual({ unreadCount: 1 });
  });

  it('refuses the anonymous, a malformed id list and a forged cursor', async () => {
    expect((await ctx.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/notifications/unread-count' })).statusCode).toBe(401);
    const user = await buildUser(ctx);
    let res = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: user.auth,
      payload: { ids: ['not-a-uuid'] },
    });
    expect(res.statusCode).toBe(400);
    res = await ctx.app.inject({ url: '/api/notifications?cursor=forged', headers: user.auth });
    expect(res.statusCode).toBe(400);
  });

  it('pages newest first with a cursor, in two statements whatever the page holds', async () => {
    const owner = await buildUser(ctx, { role: 'curator' });
    for (let i = 0; i < 5; i += 1) await follow(await buildUser(ctx), owner);
    await settle();
    const first = await list(owner, '?limit=2');
    expect(first.notifications).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    const second = await list(owner, `?limit=2&cursor=${first.nextCursor}`);
    const third = await list(owner, `?limit=2&cursor=${second.nextCursor}`);
    expect(third.hasMore).toBe(false);
    expect(third.nextCursor).toBeNull();
    const all = [...first.notifications, ...second.notifications, ...third.notifications];
    expect(new Set(all.map((n) => n._id)).size).toBe(5);
    const times = all.map((n) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const { queries } = await recordQueries(ctx.database, () =>
      ctx.app.inject({ url: '/api/notifications', headers: owner.auth }),
    );
    const data = queries.filter((q) => /notifications/.test(q.sql));
    expect(data).toHaveLength(2);
  });

  it('caps the unread count above 99', async () => {
    const owner = await buildUser(ctx, { role: 'curator' });
    await ctx.database.db.insert(notifications).values(
      Array.from({ length: 120 }, (_, i) => ({
        userId: owner.user._id,
        kind: 'josie-approved' as const,
        groupKey: `bulk-${i}`,
      })),
    );
    expect((await list(owner)).unreadCount).toBe(100);
  });

  it('purges read notifications older than the retention period, and keeps unread ones', async () => {
    const owner = await buildUser(ctx, { role: 'curator' });
    const old = new Date(Date.now() - 100 * 86_400_000);
    const rows = await ctx.database.db
      .insert(notifications)
      .values([
        { userId: owner.user._id, kind: 'josie-approved', groupKey: 'old-read', readAt: old },
        { userId: owner.user._id, kind: 'josie-approved', groupKey: 'old-unread', updatedAt: old },
        { userId: owner.user._id, kind: 'josie-approved', groupKey: 'new-read', readAt: new Date() },
      ])
      .returning({ groupKey: notifications.groupKey });
    expect(rows).toHaveLength(3);
    await ctx.app.jobs.enqueue('notifications.purge', { run: 'daily' }, { key: `purge-${Date.now()}` });
    await settle();
    const left = await ctx.database.db
      .select({ groupKey: notifications.groupKey })
      .from(notifications)
      .where(eq(notifications.userId, owner.user._id))
      .orderBy(sql`group_key`);
    expect(left.map((r) => r.groupKey)).toEqual(['new-read', 'old-unread']);
  });
});
