import {
  CommentsResponse,
  ERROR_CODES,
  ModerationQueueResponse,
  type NotificationsResponse,
  REPORT_LIMITS,
  ReportResponse,
  SecurityEventsResponse,
} from '@josie/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { josies, reports, users } from '../../db/schema.js';
import {
  buildComment,
  buildJosie,
  buildUser,
  buildUserRow,
  setFlag,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

/**
 * Reports, the moderation queue and suspensions (docs/decisions/0047-reports-and-moderation.md): every
 * refusal, each action's effects, and the reporter told the outcome by the notification job.
 */
describe('reports and moderation (decision 0047)', () => {
  let ctx: TestContext;
  let curator: TestUser;
  let editor: TestUser;
  let admin: TestUser;
  let listener: TestUser;

  const report = (user: TestUser | null, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/reports', headers: user ? user.auth : {}, payload });
  const queue = (user: TestUser | null, query = '') =>
    ctx.app.inject({ url: `/api/moderation/reports${query}`, headers: user ? user.auth : {} });
  const act = (user: TestUser, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/moderation/actions', headers: user.auth, payload });
  const suspension = (method: 'POST' | 'DELETE', user: TestUser, id: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/admin/users/${id}/suspension`,
      headers: user.auth,
      ...(payload ? { payload } : {}),
    });
  const login = (user: TestUser) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.user.email, password: user.password },
    });
  const comments = (josieId: string) => ctx.app.inject({ url: `/api/josies/${josieId}/comments` });
  const targets = async (user: TestUser = editor) => {
    const res = await queue(user);
    expect(res.statusCode, res.body).toBe(200);
    return ModerationQueueResponse.parse(res.json()).data.targets;
  };
  const openReports = async (targetId: string) =>
    (await ctx.database.db.select().from(reports).where(eq(reports.targetId, targetId))).filter(
      (row) => row.resolvedAt === null,
    );
  const settle = () => ctx.app.jobs.idle();
  const notificationsOf = async (user: TestUser) => {
    const res = await ctx.app.inject({ url: '/api/notifications', headers: user.auth });
    return (res.json() as NotificationsResponse).data.notifications;
  };
  const securityEvents = async (userId: string) => {
    const res = await ctx.app.inject({
      url: `/api/admin/security-events?userId=${userId}`,
      headers: admin.auth,
    });
    return SecurityEventsResponse.parse(res.json()).data.events;
  };

  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_AUTH_MAX: '10000' });
    curator = await buildUser(ctx, { role: 'curator', name: 'Cora Curator' });
    editor = await buildUser(ctx, { role: 'editor' });
    admin = await buildUser(ctx, { role: 'admin' });
    await setFlag(ctx, 'comments', 'true');
  });
  // A new reporter each test: the rate limit and the one-open-report rule count per account.
  beforeEach(async () => {
    listener = await buildUser(ctx);
    // Each test starts from an empty queue.
    await ctx.database.db.execute(sql`update ${reports} set resolved_at = now() where resolved_at is null`);
  });
  afterAll(() => ctx.close());

  describe('filing a report', () => {
    it('files a report of a comment, a josie and an account, and answers it', async () => {
      const josie = await buildJosie(ctx, { creator: curator.user._id, title: 'Night drive' });
      const comment = await buildComment(ctx, { josie: josie.id, author: curator.user._id });
      const res = await report(listener, {
        targetType: 'comment',
        targetId: comment.id,
        reason: 'harassment',
        text: '  rude  ',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(ReportResponse.parse(res.json()).data.report).toMatchObject({
        targetType: 'comment',
        targetId: comment.id,
        reason: 'harassment',
        text: 'rude',
        resolvedAt: null,
      });
      expect(
        (await report(listener, { targetType: 'josie', targetId: josie.id, reason: 'spam' })).statusCode,
      ).toBe(201);
      expect(
        (
          await report(listener, {
            targetType: 'account',
            targetId: curator.user._id,
            reason: 'spam',
            text: '',
          })
        ).statusCode,
      ).toBe(201);
    });

    it('refuses a visitor, a bad reason, "other" without text and a text too long', async () => {
      const josie = await buildJosie(ctx, { creator: curator.user._id });
      const base = { targetType: 'josie', targetId: josie.id };
      expect((await report(null, { ...base, reason: 'spam' })).statusCode).toBe(401);
      const bad = await report(listener, { ...base, reason: 'boring' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe(ERROR_CODES.VALIDATION);
      expect((await report(listener, { ...base, reason: 'other' })).statusCode).toBe(400);
      expect((await report(listener, { ...base, reason: 'other', text: '   ' })).statusCode).toBe(400);
      const long = 'x'.repeat(REPORT_LIMITS.textMaxLength + 1);
      expect((await report(listener, { ...base, reason: 'spam', text: long })).statusCode).toBe(400);
      expect((await report(listener, { ...base, targetType: 'song', reason: 'spam' })).statusCode).toBe(400);
      expect(await openReports(josie.id)).toEqual([]);
      const ok = await report(listener, { ...base, reason: 'other', text: 'x'.repeat(1000) });
      expect(ok.statusCode).toBe(201);
    });

    it('refuses a second open report of the same target with 409 ALREADY_REPORTED, and allows one once resolved', async () => {
      const josie = await buildJosie(ctx, { creator: curator.user._id });
      const payload = { targetType: 'josie', targetId: josie.id, reason: 'spam' };
      expect((await report(listener, payload)).statusCode).toBe(201);
      const again = await report(listener, { ...payload, reason: 'hate' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe(ERROR_CODES.ALREADY_REPORTED);
      expect(await openReports(josie.id)).toHaveLength(1);
      expect(
        (await act(editor, { targetType: 'josie', targetId: josie.id, action: 'dismiss' })).statusCode,
      ).toBe(200);
      expect((await report(listener, payload)).statusCode).toBe(201);
    });

    it('refuses reporting yourself or your own comment or josie with 400 CANNOT_REPORT_SELF', async () => {
      const josie = await buildJosie(ctx, { creator: curator.user._id });
      const comment = await buildComment(ctx, { josie: josie.id, author: listener.user._id });
      for (const [who, payload] of [
        [listener, { targetType: 'comment', targetId: comment.id, reason: 'spam' }],
        [curator, { targetType: 'josie', targetId: josie.id, reason: 'spam' }],
        [listener, { targetType: 'account', targetId: listener.user._id, reason: 'spam' }],
      ] as const) {
        const res = await report(who, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().code).toBe(ERROR_CODES.CANNOT_REPORT_SELF);
      }
    });

    it('answers 404 for a missing or hidden target', async () => {
      const missing = crypto.randomUUID();
      for (const targetType of ['comment', 'josie', 'account']) {
        const res = await report(listener, { targetType, targetId: missing, reason: 'spam' });
        expect(res.statusCode, targetType).toBe(404);
        expect((await report(listener, { targetType, targetId: 'nope', reason: 'spam' })).statusCode).toBe(
          404,
        );
      }
      const pending = await buildJosie(ctx, { creator: curator.user._id, status: 'pending' });
      expect(
        (await report(listener, { targetType: 'josie', targetId: pending.id, reason: 'spam' })).statusCode,
      ).toBe(404);
    });

    it('refuses a comment report with 404 FEATURE_DISABLED while comments are off', async () => {
      const comment = await buildComment(ctx, { author: curator.user._id });
      await setFlag(ctx, 'comments', 'false');
      try {
        const res = await report(listener, { targetType: 'comment', targetId: comment.id, reason: 'spam' });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe(ERROR_CODES.FEATURE_DISABLED);
      } finally {
        await setFlag(ctx, 'comments', 'true');
      }
    });

    it('limits reports per account and minute', async () => {
      const josies = await Promise.all(
        Array.from({ length: REPORT_LIMITS.perMinute + 1 }, () =>
          buildJosie(ctx, { creator: curator.user._id }),
        ),
      );
      const codes = [];
      for (const josie of josies) {
        codes.push(
          (await report(listener, { targetType: 'josie', targetId: josie.id, reason: 'spam' })).statusCode,
        );
      }
      expect(codes.slice(0, -1).every((code) => code === 201)).toBe(true);
      expect(codes.at(-1)).toBe(429);
    });
  });

  describe('the queue', () => {
    it('is for editors and admins only', async () => {
      expect((await queue(null)).statusCode).toBe(401);
      expect((await queue(listener)).statusCode).toBe(403);
      expect((await queue(curator)).statusCode).toBe(403);
      expect((await queue(editor)).statusCode).toBe(200);
      expect((await queue(admin)).statusCode).toBe(200);
      const payload = { targetType: 'account', targetId: listener.user._id, action: 'dismiss' };
      expect((await act(listener, payload)).statusCode).toBe(403);
      expect((await act(curator, payload)).statusCode).toBe(403);
    });

    it('groups open reports by target with counts per reason, the latest texts and a preview, newest first', async () => {
      const josie = await buildJosie(ctx, { creator: curator.user._id, title: 'Night drive' });
      const comment = await buildComment(ctx, {
        josie: josie.id,
        author: curator.user._id,
        text: 'Buy my stuff',
      });
      const others = [listener, await buildUser(ctx), await buildUser(ctx), await buildUser(ctx)];
      const reasons = ['spam', 'spam', 'other', 'harassment'] as const;
      for (const [i, who] of others.entries()) {
        const text = reasons[i] === 'other' ? `text ${i}` : i === 0 ? 'first' : undefined;
        const res = await report(who, {
          targetType: 'comment',
          targetId: comment.id,
          reason: reasons[i],
          text,
        });
        expect(res.statusCode).toBe(201);
      }
      await report(listener, { targetType: 'account', targetId: curator.user._id, reason: 'hate' });
      const [account, reported] = await targets();
      expect(account).toMatchObject({
        targetType: 'account',
        targetId: curator.user._id,
        reportCount: 1,
        reasons: { hate: 1 },
        texts: [],
        preview: { exists: true, userName: 'Cora Curator', suspended: false },
      });
      expect(reported).toMatchObject({
        targetType: 'comment',
        targetId: comment.id,
        reportCount: 4,
        reasons: { spam: 2, other: 1, harassment: 1 },
        texts: [
          { text: 'text 2', reason: 'other' },
          { text: 'first', reason: 'spam' },
        ],
        preview: {
          exists: true,
          text: 'Buy my stuff',
          josieId: josie.id,
          josieTitle: 'Night drive',
          userId: curator.user._id,
          userName: 'Cora Curator',
        },
      });
    });

    it('pages by keyset: every target once, newest report first, and refuses a forged cursor', async () => {
      const total = REPORT_LIMITS.pageSize + 5;
      const rows = await Promise.all(Array.from({ length: total }, () => buildUserRow(ctx)));
      // Reported at distinct times, one second apart, the last one newest.
      await ctx.database.db.insert(reports).values(
        rows.map((row, i) => ({
          reporterId: listener.user._id,
          targetType: 'account' as const,
          targetId: row.id,
          reason: 'spam' as const,
          createdAt: new Date(Date.now() - (total - i) * 1000),
        })),
      );
      const first = ModerationQueueResponse.parse((await queue(editor)).json()).data;
      expect(first.targets).toHaveLength(REPORT_LIMITS.pageSize);
      expect(first.nextCursor).not.toBeNull();
      const second = ModerationQueueResponse.parse(
        (await queue(editor, `?cursor=${first.nextCursor}`)).json(),
      ).data;
      expect(second.nextCursor).toBeNull();
      const seen = [...first.targets, ...second.targets].map((t) => t.targetId);
      expect(seen).toEqual(rows.map((row) => row.id).reverse());
      expect((await queue(editor, '?cursor=bm9wZQ')).statusCode).toBe(400);
    });

    it('shows a target deleted since as gone, and dismissing it still resolves its reports', async () => {
      const josie = await buildJosie(ctx, { creator: curator.user._id });
      const comment = await buildComment(ctx, { josie: josie.id, author: curator.user._id });
      await report(listener, { targetType: 'comment', targetId: comment.id, reason: 'spam' });
      await ctx.database.db.delete(josies).where(eq(josies.id, josie.id));
      const [gone] = await targets();
      expect(gone).toMatchObject({ targetId: comment.id, preview: { exists: false, text: null } });
      const res = await act(editor, { targetType: 'comment', targetId: comment.id, action: 'dismiss' });
      expect(res.json()).toEqual({ data: { resolved: 1 } });
      expect(await targets()).toEqual([]);
    });
  });

  describe('actions', () => {
    it('dismiss resolves every open report of the target, logs who and why, and tells each reporter', async () => {
      const josie = await buildJosie(ctx, { creator: curator.user._id });
      const second = await buildUser(ctx);
      for (const who of [listener, second]) {
        await report(who, { targetType: 'josie', targetId: josie.id, reason: 'spam' });
      }
      const res = await act(editor, {
        targetType: 'josie',
        targetId: josie.id,
        action: 'dismiss',
        reason: 'Within the rules',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: { resolved: 2 } });
      expect(await openReports(josie.id)).toEqual([]);
      const [stored] = await ctx.database.db
        .select()
        .from(reports)
        .where(eq(reports.reporterId, second.user._id));
      expect(stored).toMatchObject({ resolution: 'dismissed', resolvedBy: editor.user._id });
      const [event] = await securityEvents(curator.user._id);
      expect(event).toMatchObject({
        kind: 'report-dismissed',
        actorId: editor.user._id,
        detail: 'Within the rules',
      });
      // The notification is the job's: none before it runs.
      await settle();
      for (const who of [listener, second]) {
        const [entry] = (await notificationsOf(who)).filter((n) => n.kind === 'report-resolved');
        expect(entry).toMatchObject({
          readAt: null,
          subject: { type: 'report', title: 'josie', reason: 'dismissed' },
          url: '/notifications',
        });
      }
      // A second action finds nothing open.
      const again = await act(editor, { targetType: 'josie', targetId: josie.id, action: 'dismiss' });
      expect(again.statusCode).toBe(404);
      expect(again.json().code).toBe(ERROR_CODES.NO_OPEN_REPORTS);
    });

    it('remove-comment removes the comment (a placeholder when it has replies) and lowers the count', async () => {
      const josie = await buildJosie(ctx, { creator: curator.user._id });
      const author = await buildUserRow(ctx);
      const top = await buildComment(ctx, { josie: josie.id, author: author.id, text: 'awful' });
      await buildComment(ctx, { josie: josie.id, parent: top.id, author: curator.user._id });
      await report(listener, { targetType: 'comment', targetId: top.id, reason: 'hate' });
      const res = await act(editor, { targetType: 'comment', targetId: top.id, action: 'remove-comment' });
      expect(res.statusCode, res.body).toBe(200);
      const page = CommentsResponse.parse((await comments(josie.id)).json()).data;
      expect(page.comments[0]).toMatchObject({ _id: top.id, removed: true, text: null, author: null });
      expect(page.commentCount).toBe(1);
      const [event] = await securityEvents(author.id);
      expect(event).toMatchObject({ kind: 'comment-removed', actorId: editor.user._id });
      await settle();
      const [entry] = (await notificationsOf(listener)).filter((n) => n.kind === 'report-resolved');
      expect(entry?.subject).toMatchObject({ title: 'comment', reason: 'comment-removed' });
    });

    it('send-back rejects the published josie with the reason, out of the feeds, and tells its creator', async () => {
      const josie = await buildJosie(ctx, { creator: curator.user._id, title: 'Loud' });
      await report(listener, { targetType: 'josie', targetId: josie.id, reason: 'sexual' });
      expect(
        (await act(editor, { targetType: 'josie', targetId: josie.id, action: 'send-back' })).statusCode,
      ).toBe(400);
      const res = await act(editor, {
        targetType: 'josie',
        targetId: josie.id,
        action: 'send-back',
        reason: 'The cover is explicit',
      });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await ctx.database.db.select().from(josies).where(eq(josies.id, josie.id));
      expect(row).toMatchObject({ status: 'rejected', rejectionReason: 'The cover is explicit' });
      const feed = await ctx.app.inject({ url: `/api/josies/curator/${curator.user._id}/feed` });
      expect(feed.json().data.posts.map((p: { _id: string }) => p._id)).not.toContain(josie.id);
      await settle();
      const [told] = (await notificationsOf(curator)).filter((n) => n.kind === 'josie-rejected');
      expect(told?.subject).toMatchObject({ _id: josie.id, reason: 'The cover is explicit' });
      const [event] = await securityEvents(curator.user._id);
      expect(event).toMatchObject({ kind: 'josie-sent-back', detail: 'The cover is explicit' });
    });

    it('refuses an action that does not fit the target with 400 ACTION_NOT_APPLICABLE', async () => {
      const josie = await buildJosie(ctx, { creator: curator.user._id });
      await report(listener, { targetType: 'josie', targetId: josie.id, reason: 'spam' });
      const res = await act(editor, { targetType: 'josie', targetId: josie.id, action: 'remove-comment' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ERROR_CODES.ACTION_NOT_APPLICABLE);
      const account = await act(editor, {
        targetType: 'account',
        targetId: curator.user._id,
        action: 'send-back',
        reason: 'x',
      });
      expect(account.json().code).toBe(ERROR_CODES.ACTION_NOT_APPLICABLE);
      expect(await openReports(josie.id)).toHaveLength(1);
    });
  });

  describe('suspension', () => {
    it('an editor cannot suspend: 403, and nothing is resolved', async () => {
      const author = await buildUser(ctx);
      await report(listener, { targetType: 'account', targetId: author.user._id, reason: 'spam' });
      const res = await act(editor, {
        targetType: 'account',
        targetId: author.user._id,
        action: 'suspend',
        reason: 'Spam',
      });
      expect(res.statusCode).toBe(403);
      expect(await openReports(author.user._id)).toHaveLength(1);
      expect((await suspension('POST', editor, author.user._id, { reason: 'x' })).statusCode).toBe(403);
      expect((await suspension('DELETE', editor, author.user._id)).statusCode).toBe(403);
    });

    it('suspending a comment author signs them out everywhere, refuses sign-in and hides their comments; lifting restores all', async () => {
      const author = await buildUser(ctx, { name: 'Spammy' });
      const josie = await buildJosie(ctx, { creator: curator.user._id });
      const top = await buildComment(ctx, { josie: josie.id, author: author.user._id, text: 'spam top' });
      const lone = await buildComment(ctx, { josie: josie.id, author: author.user._id, text: 'spam alone' });
      const reply = await buildComment(ctx, { josie: josie.id, parent: top.id, author: curator.user._id });
      await buildComment(ctx, {
        josie: josie.id,
        parent: top.id,
        author: author.user._id,
        text: 'spam reply',
      });
      await report(listener, { targetType: 'comment', targetId: lone.id, reason: 'spam' });
      expect((await ctx.app.inject({ url: '/api/users/me', headers: author.auth })).statusCode).toBe(200);

      const res = await act(admin, {
        targetType: 'comment',
        targetId: lone.id,
        action: 'suspend',
        reason: 'Spam account',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await ctx.app.inject({ url: '/api/users/me', headers: author.auth })).statusCode).toBe(401);
      const refused = await login(author);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(ERROR_CODES.ACCOUNT_SUSPENDED);
      const [stored] = await ctx.database.db.select().from(users).where(eq(users.id, author.user._id));
      expect(stored).toMatchObject({ suspensionReason: 'Spam account' });
      expect(stored!.suspendedAt).not.toBeNull();

      // Hidden from everyone: the lone comment and the reply go; the top comment with another's reply stays
      // as a placeholder. The stored count does not move.
      const hidden = CommentsResponse.parse((await comments(josie.id)).json()).data;
      expect(hidden.comments).toHaveLength(1);
      expect(hidden.comments[0]).toMatchObject({ _id: top.id, removed: true, text: null, author: null });
      expect(hidden.comments[0]!.replies.map((r) => r._id)).toEqual([reply.id]);
      expect(hidden.comments[0]!.replyCount).toBe(1);
      expect(hidden.commentCount).toBe(4);
      const replies = await ctx.app.inject({ url: `/api/comments/${top.id}/replies` });
      expect(replies.json().data.replies.map((r: { _id: string }) => r._id)).toEqual([reply.id]);
      const [event] = await securityEvents(author.user._id);
      expect(event).toMatchObject({
        kind: 'account-suspended',
        actorId: admin.user._id,
        detail: 'Spam account',
      });
      // The queue shows the author as suspended once another report comes in.
      await report(listener, { targetType: 'account', targetId: author.user._id, reason: 'spam' });
      expect((await targets())[0]?.preview).toMatchObject({ userId: author.user._id, suspended: true });

      const again = await suspension('POST', admin, author.user._id, { reason: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe(ERROR_CODES.SUSPENSION_STATE);
      const lifted = await suspension('DELETE', admin, author.user._id);
      expect(lifted.statusCode, lifted.body).toBe(200);
      expect(lifted.json()).toEqual({ data: { suspendedAt: null, suspensionReason: null } });
      expect((await login(author)).statusCode).toBe(200);
      const shown = CommentsResponse.parse((await comments(josie.id)).json()).data;
      expect(shown.comments.map((c) => c.text)).toEqual(['spam top', 'spam alone']);
      expect(shown.comments[0]!.replyCount).toBe(2);
      expect((await securityEvents(author.user._id))[0]).toMatchObject({ kind: 'suspension-lifted' });
      expect((await suspension('DELETE', admin, author.user._id)).json().code).toBe(
        ERROR_CODES.SUSPENSION_STATE,
      );
    });

    it('an admin suspends directly, but never themselves nor another admin; unknown accounts are 404', async () => {
      const target = await buildUser(ctx);
      const res = await suspension('POST', admin, target.user._id, { reason: 'Threats' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.suspensionReason).toBe('Threats');
      expect((await ctx.app.inject({ url: '/api/users/me', headers: target.auth })).statusCode).toBe(401);
      expect((await suspension('POST', admin, admin.user._id, { reason: 'x' })).statusCode).toBe(403);
      const other = await buildUser(ctx, { role: 'admin' });
      expect((await suspension('POST', admin, other.user._id, { reason: 'x' })).statusCode).toBe(403);
      expect((await suspension('POST', admin, crypto.randomUUID(), { reason: 'x' })).statusCode).toBe(404);
      expect((await suspension('POST', admin, target.user._id, {})).statusCode).toBe(400);
      expect((await suspension('POST', listener, target.user._id, { reason: 'x' })).statusCode).toBe(403);
    });
  });

  describe('data', () => {
    it("deleting an account removes its reports; others' reports of it stay for the queue", async () => {
      const leaving = await buildUser(ctx);
      const josie = await buildJosie(ctx, { creator: curator.user._id });
      await report(leaving, { targetType: 'josie', targetId: josie.id, reason: 'spam' });
      await report(listener, { targetType: 'account', targetId: leaving.user._id, reason: 'spam' });
      const del = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${leaving.user._id}`,
        headers: admin.auth,
      });
      expect(del.statusCode, del.body).toBe(200);
      expect(
        await ctx.database.db.select().from(reports).where(eq(reports.reporterId, leaving.user._id)),
      ).toEqual([]);
      const [gone] = await targets();
      expect(gone).toMatchObject({ targetId: leaving.user._id, preview: { exists: false } });
    });
  });
});
