import type { Notification, NotificationsResponse } from '@josie/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments } from '../../db/schema.js';
import {
  buildComment,
  buildJosie,
  buildUser,
  daysAgo,
  setFlag,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { jobRows } from '../../test/jobs.js';

/**
 * The `comment` and `reply` kinds (docs/decisions/0049-comment-notifications-and-live-visitors.md): written by
 * the `notify.caused` job a comment enqueues, grouped like likes (per josie and UTC day; per thread and UTC
 * day), never for one's own josie or comment, never for a comment gone before the job ran, by the
 * recipient's switches and role.
 */
describe('comment and reply notifications (decision 0049)', () => {
  let ctx: TestContext;
  let curator: TestUser;

  const settle = () => ctx.app.jobs.idle();

  async function list(user: TestUser): Promise<NotificationsResponse['data']> {
    const res = await ctx.app.inject({ url: '/api/notifications', headers: user.auth });
    expect(res.statusCode).toBe(200);
    return (res.json() as NotificationsResponse).data;
  }
  const ofKind = async (user: TestUser, kind: Notification['kind']) =>
    (await list(user)).notifications.filter((n) => n.kind === kind);

  /** Posts through the API, as a reader does; answers the new comment's id. */
  async function comment(user: TestUser, josieId: string, text: string, parentId?: string) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/josies/${josieId}/comments`,
      headers: user.auth,
      payload: parentId ? { text, parentId } : { text },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: { comment: { _id: string } } }).data.comment._id;
  }
  const settings = (user: TestUser, payload: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/notification-settings',
      headers: user.auth,
      payload,
    });

  /** A reader whose account is older than a day: the established comment rate limit. */
  const reader = (name: string, role: 'listener' | 'curator' = 'listener') =>
    buildUser(ctx, { name, role, createdAt: daysAgo(2) });

  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_AUTH_MAX: '10000' });
    curator = await reader('Cora Curator', 'curator');
    await setFlag(ctx, 'comments', 'true');
  });
  afterAll(() => ctx.close());

  it('groups comments on a josie per day like likes, newest named first, and the creator’s own is not news', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id, title: 'Night drive' });
    const [dana, eli, noa] = await Promise.all([reader('Dana'), reader('Eli'), reader('Noa')]);
    await comment(curator, josie.id, 'Welcome, everyone');
    await settle();
    expect(await ofKind(curator, 'comment')).toEqual([]);

    await comment(dana, josie.id, 'Lovely');
    await settle();
    const [first] = await ofKind(curator, 'comment');
    expect(first).toMatchObject({
      kind: 'comment',
      readAt: null,
      actors: { total: 1, items: [{ _id: dana.user._id, name: 'Dana' }] },
      subject: { type: 'josie', _id: josie.id, title: 'Night drive' },
      url: `/josie/${josie.id}#comments`,
    });

    await comment(eli, josie.id, 'Track three!');
    await comment(noa, josie.id, 'Saved it');
    // Dana again: already named, the entry does not count her twice.
    await comment(dana, josie.id, 'Still lovely');
    await settle();
    const entries = await ofKind(curator, 'comment');
    expect(entries).toHaveLength(1);
    expect(entries[0]!._id).toBe(first!._id);
    expect(entries[0]!.actors.total).toBe(3);
    expect(entries[0]!.actors.items.map((a) => a.name)).toEqual(['Noa', 'Eli', 'Dana']);
    // A reply in a thread on the josie is a comment on it too: its creator hears of it through `comment`.
    const [thread] = await ctx.database.db.select().from(comments).where(eq(comments.authorId, eli.user._id));
    const tal = await reader('Tal');
    await comment(tal, josie.id, 'Agreed', thread!.id);
    await settle();
    expect((await ofKind(curator, 'comment'))[0]!.actors.total).toBe(4);
    expect(await ofKind(curator, 'reply')).toEqual([]);
    // A reply to the creator's own comment tells them once, through `reply`.
    const [welcome] = await ctx.database.db
      .select()
      .from(comments)
      .where(eq(comments.authorId, curator.user._id));
    const uri = await reader('Uri');
    await comment(uri, josie.id, 'Thank you!', welcome!.id);
    await settle();
    expect((await ofKind(curator, 'comment'))[0]!.actors.total).toBe(4);
    expect((await ofKind(curator, 'reply')).map((n) => n.actors.items.map((a) => a.name))).toEqual([['Uri']]);
    // The commenters' own lists hold nothing of the curator's.
    expect(await ofKind(dana, 'comment')).toEqual([]);
  });

  it('writes one entry per josie and UTC day of the comment', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    const [dana, eli] = await Promise.all([reader('Dana'), reader('Eli')]);
    const early = await buildComment(ctx, { josie: josie.id, author: dana.user._id });
    const late = await buildComment(ctx, { josie: josie.id, author: eli.user._id });
    const cause = (commentId: string, at: string) =>
      ctx.app.jobs.enqueue('notify.caused', { kind: 'comment', commentId, repliedToId: null, at });
    await cause(early.id, '2026-12-01T23:59:00.000Z');
    await cause(late.id, '2026-12-02T00:01:00.000Z');
    await settle();
    const entries = (await ofKind(curator, 'comment')).filter((n) => n.subject?._id === josie.id);
    // Two entries (the jobs may run in either order), one commenter each.
    expect(entries.map((n) => n.actors.items.map((a) => a.name)).sort()).toEqual([['Dana'], ['Eli']]);
  });

  it('tells nobody of a comment deleted or removed before its job ran', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    const dana = await reader('Dana');
    const gone = await buildComment(ctx, { josie: josie.id, author: dana.user._id });
    const removed = await buildComment(ctx, { josie: josie.id, author: dana.user._id });
    await ctx.database.db.delete(comments).where(eq(comments.id, gone.id));
    await ctx.database.db
      .update(comments)
      .set({ removedAt: new Date(), body: null })
      .where(eq(comments.id, removed.id));
    const at = new Date().toISOString();
    await ctx.app.jobs.enqueue('notify.caused', {
      kind: 'comment',
      commentId: gone.id,
      repliedToId: null,
      at,
    });
    await ctx.app.jobs.enqueue('notify.caused', {
      kind: 'comment',
      commentId: removed.id,
      repliedToId: null,
      at,
    });
    await settle();
    expect((await ofKind(curator, 'comment')).filter((n) => n.subject?._id === josie.id)).toEqual([]);
    expect((await jobRows(ctx.database, 'notify.caused')).filter((j) => j.state === 'failed')).toEqual([]);
  });

  it('tells a comment’s author of replies, grouped per thread and day, never the replier themselves', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id, title: 'Rainy Sunday' });
    const [dana, eli, noa] = await Promise.all([reader('Dana'), reader('Eli'), reader('Noa')]);
    const top = await comment(dana, josie.id, 'Which version of track two?');
    // Dana answering in her own thread tells nobody.
    await comment(dana, josie.id, 'The live one, I mean', top);
    await settle();
    expect(await ofKind(dana, 'reply')).toEqual([]);

    await comment(eli, josie.id, 'The 1977 one, surely', top);
    await settle();
    const [entry] = await ofKind(dana, 'reply');
    expect(entry).toMatchObject({
      kind: 'reply',
      actors: { total: 1, items: [{ _id: eli.user._id, name: 'Eli' }] },
      subject: { type: 'josie', _id: josie.id, title: 'Rainy Sunday' },
      url: `/josie/${josie.id}#comments`,
    });

    // Noa answers Eli's reply: the thread's author (Dana) and the answered author (Eli) are both told.
    const [eliInThread] = await ctx.database.db
      .select()
      .from(comments)
      .where(eq(comments.parentId, top))
      .then((rows) => rows.filter((row) => row.authorId === eli.user._id));
    await comment(noa, josie.id, 'No, the studio one', eliInThread!.id);
    await settle();
    const danas = await ofKind(dana, 'reply');
    expect(danas).toHaveLength(1);
    expect(danas[0]!.actors.items.map((a) => a.name)).toEqual(['Noa', 'Eli']);
    const elis = await ofKind(eli, 'reply');
    expect(elis.map((n) => n.actors.items.map((a) => a.name))).toEqual([['Noa']]);
    // Replies reach every role, a listener included; the curator, whose comment none answered, hears of them
    // as comments on the josie only.
    const ofThisJosie = (kind: 'comment' | 'reply') =>
      ofKind(curator, kind).then((entries) => entries.filter((n) => n.subject?._id === josie.id));
    expect(await ofThisJosie('reply')).toEqual([]);
    expect((await ofThisJosie('comment')).map((n) => n.actors.total)).toEqual([3]);
  });

  it('respects the switches: in-app off writes nothing, the reply’s email goes only when turned on', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    const [dana, eli] = await Promise.all([reader('Dana'), reader('Eli')]);
    expect((await settings(curator, { kinds: { comment: { inApp: false } } })).statusCode).toBe(200);
    const top = await comment(dana, josie.id, 'Hello there');
    await settle();
    expect((await ofKind(curator, 'comment')).filter((n) => n.subject?._id === josie.id)).toEqual([]);
    // Comments cannot be mailed (grouped per day, like likes): the switch is refused.
    expect((await settings(curator, { kinds: { comment: { email: true } } })).statusCode).toBe(400);
    await settings(curator, { kinds: { comment: { inApp: true } } });

    // Reply email: off by default, so the first reply of the day sends nothing by mail.
    await comment(eli, josie.id, 'Hi Dana', top);
    await settle();
    expect(await jobRows(ctx.database, 'send.email', { field: 'userId', value: dana.user._id })).toEqual([]);
    // Turned on, the first reply of the next thread mails once; a second reply that day moves the entry only.
    expect((await settings(dana, { kinds: { reply: { email: true } } })).statusCode).toBe(200);
    const second = await comment(dana, josie.id, 'Another question');
    await comment(eli, josie.id, 'An answer', second);
    const noa = await reader('Noa');
    await comment(noa, josie.id, 'Another answer', second);
    await settle();
    const mails = await jobRows(ctx.database, 'send.email', { field: 'userId', value: dana.user._id });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.key).toMatch(
      new RegExp(`^reply:${second}:\\d{4}-\\d{2}-\\d{2}:${dana.user._id}:email$`),
    );
    expect(JSON.stringify(mails[0]!.payload)).toContain('Eli');
    // In-app off for replies: no entry, yet the mail switch still holds for a new thread.
    await settings(dana, { kinds: { reply: { inApp: false } } });
    const third = await comment(dana, josie.id, 'A third question');
    await comment(eli, josie.id, 'A third answer', third);
    await settle();
    // The two threads' entries from before; none for the third.
    expect(await ofKind(dana, 'reply')).toHaveLength(2);
    expect(await jobRows(ctx.database, 'send.email', { field: 'userId', value: dana.user._id })).toHaveLength(
      2,
    );
  });

  it('offers `comment` to curators only and `reply` to every role', async () => {
    const listener = await reader('Lee Listener');
    // A listener cannot receive `comment`: nothing of it is ever written for them, even with a josie row.
    const josie = await buildJosie(ctx, { creator: listener.user._id });
    const dana = await reader('Dana');
    await comment(dana, josie.id, 'Nice');
    await settle();
    expect(await ofKind(listener, 'comment')).toEqual([]);
    const curatorJosie = await buildJosie(ctx, { creator: curator.user._id });
    await comment(dana, curatorJosie.id, 'Nice too');
    await settle();
    expect((await ofKind(curator, 'comment')).some((n) => n.subject?._id === curatorJosie.id)).toBe(true);
  });
});
