import {
  COMMENT_LIMITS,
  CommentResponse,
  CommentsResponse,
  type CommentThread,
  RepliesResponse,
} from '@josie/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { comments, josies } from '../../db/schema.js';
import {
  buildComment,
  buildFollow,
  buildJosie,
  buildUser,
  daysAgo,
  setFlag,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('comments (decision 0046)', () => {
  let ctx: TestContext;
  let curator: TestUser;
  let listener: TestUser;
  let editor: TestUser;

  const post = (josieId: string, user: TestUser | null, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/josies/${josieId}/comments`,
      headers: user ? user.auth : {},
      payload,
    });
  const page = (josieId: string, query = '', user: TestUser | null = null) =>
    ctx.app.inject({ url: `/api/josies/${josieId}/comments${query}`, headers: user ? user.auth : {} });
  const patch = (id: string, user: TestUser, text: string) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/comments/${id}`, headers: user.auth, payload: { text } });
  const remove = (id: string, user: TestUser) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: user.auth });
  const storedCount = async (josieId: string) => {
    const [row] = await ctx.database.db
      .select({ n: josies.commentCount })
      .from(josies)
      .where(eq(josies.id, josieId));
    return row!.n;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    curator = await buildUser(ctx, { role: 'curator' });
    editor = await buildUser(ctx, { role: 'editor' });
    await setFlag(ctx, 'comments', 'true');
  });
  // A new listener for each test: the rate limit counts per account.
  beforeEach(async () => {
    listener = await buildUser(ctx, { createdAt: daysAgo(2) });
  });
  afterAll(() => ctx.close());

  it('posts a comment that a visitor reads, with the line breaks kept, and counts it everywhere', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    const res = await post(josie.id, listener, { text: '  First line\r\nsecond line  ' });
    expect(res.statusCode, res.body).toBe(201);
    const { comment, commentCount } = CommentResponse.parse(res.json()).data;
    expect(comment).toMatchObject({
      text: 'First line\nsecond line',
      author: { _id: listener.user._id, name: listener.user.name },
      parentId: null,
      removed: false,
      editedAt: null,
      canEdit: true,
      canDelete: true,
    });
    expect(commentCount).toBe(1);

    const read = CommentsResponse.parse((await page(josie.id)).json()).data;
    expect(read.commentCount).toBe(1);
    expect(read.comments.map((c) => c.text)).toEqual(['First line\nsecond line']);
    // A visitor may do nothing with it.
    expect(read.comments[0]).toMatchObject({ canEdit: false, canDelete: false });

    // The josie page and the curator's feed carry the count (the shared read cache was told).
    const one = await ctx.app.inject({ url: `/api/josies/${josie.id}`, headers: listener.auth });
    expect(one.json()).toMatchObject({ commentCount: 1, commentPolicy: 'everyone' });
    const feed = await ctx.app.inject({
      url: `/api/josies/curator/${curator.user._id}/feed`,
      headers: listener.auth,
    });
    const card = feed.json().data.posts.find((p: { _id: string }) => p._id === josie.id);
    expect(card.commentCount).toBe(1);

    expect((await remove(comment._id, listener)).json()).toEqual({ data: { commentCount: 0 } });
    const after = await ctx.app.inject({ url: `/api/josies/curator/${curator.user._id}/feed` });
    expect(after.json().data.posts.find((p: { _id: string }) => p._id === josie.id).commentCount).toBe(0);
    expect((await ctx.app.inject({ url: `/api/josies/${josie.id}` })).json().commentCount).toBe(0);
  });

  it('refuses a visitor (401) and an unverified account (403 EMAIL_NOT_VERIFIED)', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    expect((await post(josie.id, null, { text: 'Hello' })).statusCode).toBe(401);
    const unverified = await buildUser(ctx, { verified: false });
    const res = await post(josie.id, unverified, { text: 'Hello' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('EMAIL_NOT_VERIFIED');
    expect(await storedCount(josie.id)).toBe(0);
  });

  it('refuses ill-formed text: empty, too long, a control character, a lone surrogate', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    for (const text of ['   ', 'x'.repeat(COMMENT_LIMITS.textMaxLength + 1), 'bell\u0007', 'half \ud800']) {
      const res = await post(josie.id, listener, { text });
      expect(res.statusCode, JSON.stringify(text)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect(
      (await post(josie.id, listener, { text: 'x'.repeat(COMMENT_LIMITS.textMaxLength) })).statusCode,
    ).toBe(201);
  });

  it("follows the creator's policy: off refuses everyone, followers-only a non-follower", async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    const setPolicy = (user: TestUser, policy: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/josies/${josie.id}/comment-policy`,
        headers: user.auth,
        payload: { policy },
      });
    // Only the creator chooses.
    const other = await buildUser(ctx, { role: 'curator' });
    expect((await setPolicy(other, 'off')).statusCode).toBe(403);
    expect((await setPolicy(curator, 'off')).json()).toEqual({ data: { policy: 'off' } });
    const closed = await post(josie.id, listener, { text: 'Anyone there?' });
    expect(closed.statusCode).toBe(403);
    expect(closed.json().code).toBe('COMMENTS_CLOSED');
    expect((await ctx.app.inject({ url: `/api/josies/${josie.id}` })).json().commentPolicy).toBe('off');

    await setPolicy(curator, 'followers');
    const stranger = await post(josie.id, listener, { text: 'Let me in' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ code: 'COMMENTS_FOLLOWERS_ONLY' });
    expect(stranger.json().message).toMatch(/followers/);
    // The creator comments on their own josie; a follower does too.
    expect((await post(josie.id, curator, { text: 'Welcome, followers' })).statusCode).toBe(201);
    await buildFollow(ctx, { follower: listener.user._id, curator: curator.user._id });
    expect((await post(josie.id, listener, { text: 'Following now' })).statusCode).toBe(201);
    expect(CommentsResponse.parse((await page(josie.id)).json()).data.policy).toBe('followers');
  });

  it('makes a reply to a reply join the same thread, and shows three replies inline', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    const top = await buildComment(ctx, { josie: josie.id, author: curator.user._id });
    const first = await buildComment(ctx, { josie: josie.id, parent: top.id });
    const res = await post(josie.id, listener, { text: 'Replying to a reply', parentId: first.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.comment.parentId).toBe(top.id);
    for (let i = 0; i < 3; i++) await buildComment(ctx, { josie: josie.id, parent: top.id });

    const [thread] = CommentsResponse.parse((await page(josie.id)).json()).data.comments as CommentThread[];
    expect(thread!.replyCount).toBe(5);
    expect(thread!.replies).toHaveLength(COMMENT_LIMITS.inlineReplies);
    expect(thread!.replies[1]!.text).toBe('Replying to a reply');
    // "More replies" goes on after the last inline one.
    const more = await ctx.app.inject({ url: `/api/comments/${top.id}/replies` });
    const all = RepliesResponse.parse(more.json()).data;
    expect(all.replies).toHaveLength(5);
    expect(all.replies.slice(0, 3).map((r) => r._id)).toEqual(thread!.replies.map((r) => r._id));
    expect(all.nextCursor).toBeNull();
    // A parent on another josie is refused.
    const elsewhere = await buildJosie(ctx, { creator: curator.user._id });
    expect((await post(elsewhere.id, listener, { text: 'Lost', parentId: top.id })).statusCode).toBe(404);
  });

  it('lets only the author edit, within 15 minutes, and marks the comment edited', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    const mine = await buildComment(ctx, { josie: josie.id, author: listener.user._id });
    expect((await patch(mine.id, curator, 'Not yours')).statusCode).toBe(403);
    const edited = await patch(mine.id, listener, 'Better words');
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.comment).toMatchObject({ text: 'Better words' });
    expect(edited.json().data.comment.editedAt).toEqual(expect.any(String));

    const old = await buildComment(ctx, {
      josie: josie.id,
      author: listener.user._id,
      at: new Date(Date.now() - COMMENT_LIMITS.editWindowMs - 1000),
    });
    const late = await patch(old.id, listener, 'Too late');
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe('EDIT_WINDOW_CLOSED');
    const read = CommentsResponse.parse((await page(josie.id, '', listener)).json()).data.comments;
    expect(read.find((c) => c._id === old.id)?.canEdit).toBe(false);
  });

  it('lets the author, the josie creator, an editor or an admin delete; nobody else', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    const stranger = await buildUser(ctx);
    const admin = await buildUser(ctx, { role: 'admin' });
    const a = await buildComment(ctx, { josie: josie.id, author: listener.user._id });
    expect((await remove(a.id, stranger)).statusCode).toBe(403);
    expect((await remove(a.id, listener)).statusCode).toBe(200);
    for (const who of [curator, editor, admin]) {
      const c = await buildComment(ctx, { josie: josie.id, author: listener.user._id });
      expect((await remove(c.id, who)).statusCode).toBe(200);
    }
    expect(await storedCount(josie.id)).toBe(0);
    expect(await ctx.database.db.select().from(comments).where(eq(comments.josieId, josie.id))).toEqual([]);
  });

  it('keeps a removed comment with replies as a placeholder, gone with its last reply', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    const top = await buildComment(ctx, { josie: josie.id, author: listener.user._id, text: 'Secret' });
    const reply = await buildComment(ctx, { josie: josie.id, parent: top.id, author: curator.user._id });
    expect((await remove(top.id, listener)).json()).toEqual({ data: { commentCount: 1 } });
    const [thread] = CommentsResponse.parse((await page(josie.id)).json()).data.comments;
    expect(thread).toMatchObject({ _id: top.id, removed: true, author: null, text: null, replyCount: 1 });
    expect(JSON.stringify(thread)).not.toContain('Secret');
    // Not removed twice, nor edited.
    expect((await remove(top.id, listener)).statusCode).toBe(404);
    expect((await patch(top.id, listener, 'Back')).statusCode).toBe(404);

    expect((await remove(reply.id, curator)).json()).toEqual({ data: { commentCount: 0 } });
    expect(CommentsResponse.parse((await page(josie.id)).json()).data.comments).toEqual([]);
  });

  it('pages threads by keyset in both orders with no gap and no duplicate', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    const total = COMMENT_LIMITS.pageSize * 2 + 3;
    // Several share one instant: the keyset's id breaks the tie.
    const base = Date.now() - 3_600_000;
    const made = [];
    for (let i = 0; i < total; i++) {
      made.push(await buildComment(ctx, { josie: josie.id, at: new Date(base + Math.floor(i / 3) * 1000) }));
    }
    for (const order of ['oldest', 'newest'] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const q: string = `?order=${order}${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await page(josie.id, q);
        expect(res.statusCode, res.body).toBe(200);
        const data = CommentsResponse.parse(res.json()).data;
        seen.push(...data.comments.map((c) => c._id));
        cursor = data.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(3);
      expect(new Set(seen).size).toBe(total);
      const times = made.map((m) => m.id);
      expect(seen.sort()).toEqual([...times].sort());
    }
    const first = CommentsResponse.parse((await page(josie.id, '?order=newest')).json()).data.comments;
    expect(first[0]!.createdAt >= first[1]!.createdAt).toBe(true);
    expect((await page(josie.id, '?cursor=not-a-cursor')).statusCode).toBe(400);
  });

  it('refuses the same text twice in a row on the same josie', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    expect((await post(josie.id, listener, { text: 'Lovely' })).statusCode).toBe(201);
    const again = await post(josie.id, listener, { text: ' Lovely ' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('DUPLICATE_COMMENT');
    expect((await post(josie.id, listener, { text: 'Lovely indeed' })).statusCode).toBe(201);
    expect((await post(josie.id, listener, { text: 'Lovely' })).statusCode).toBe(201);
    // Another josie is another conversation.
    const other = await buildJosie(ctx, { creator: curator.user._id });
    expect((await post(other.id, listener, { text: 'Lovely' })).statusCode).toBe(201);
  });

  it('limits a new account to fewer comments per minute than an established one', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    const newcomer = await buildUser(ctx);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post(josie.id, newcomer, { text: `New ${i}` })).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const limited = await post(josie.id, newcomer, { text: 'Once more' });
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();

    const regular = await buildUser(ctx, { createdAt: daysAgo(2) });
    const more = [];
    for (let i = 0; i < 5; i++) more.push((await post(josie.id, regular, { text: `Old ${i}` })).statusCode);
    expect(more).toEqual([201, 201, 201, 201, 201]);
  });

  it('answers 404 for an unpublished josie and unknown ids, never a 500', async () => {
    const pending = await buildJosie(ctx, { creator: curator.user._id, status: 'pending' });
    expect((await page(pending.id)).statusCode).toBe(404);
    expect((await post(pending.id, listener, { text: 'Early' })).statusCode).toBe(404);
    expect((await page('not-a-uuid')).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/comments/not-a-uuid/replies' })).statusCode).toBe(404);
    expect((await remove(crypto.randomUUID(), listener)).statusCode).toBe(404);
  });

  it("lowers the counts by an account's comments and the replies under them when it is deleted", async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    const leaving = await buildUser(ctx);
    const stays = await buildComment(ctx, { josie: josie.id, author: curator.user._id });
    await buildComment(ctx, { josie: josie.id, parent: stays.id, author: leaving.user._id });
    const theirs = await buildComment(ctx, { josie: josie.id, author: leaving.user._id });
    await buildComment(ctx, { josie: josie.id, parent: theirs.id, author: curator.user._id });
    // A placeholder whose only reply is the leaving account's goes with it.
    const removed = await buildComment(ctx, { josie: josie.id, author: curator.user._id });
    await buildComment(ctx, { josie: josie.id, parent: removed.id, author: leaving.user._id });
    expect((await remove(removed.id, curator)).json()).toEqual({ data: { commentCount: 5 } });

    const admin = await buildUser(ctx, { role: 'admin' });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${leaving.user._id}`,
      headers: admin.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedCount(josie.id)).toBe(1);
    const left = await ctx.database.db.select().from(comments).where(eq(comments.josieId, josie.id));
    expect(left.map((c) => c.id)).toEqual([stays.id]);
    expect((await ctx.app.inject({ url: `/api/josies/${josie.id}` })).json().commentCount).toBe(1);
  });

  it('refuses every comment route with 404 FEATURE_DISABLED while the flag is off', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    const c = await buildComment(ctx, { josie: josie.id, author: listener.user._id });
    await setFlag(ctx, 'comments', 'false');
    try {
      const answers = [
        await page(josie.id),
        await post(josie.id, listener, { text: 'Hello?' }),
        await ctx.app.inject({ url: `/api/comments/${c.id}/replies` }),
        await patch(c.id, listener, 'Edit'),
        await remove(c.id, listener),
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/josies/${josie.id}/comment-policy`,
          headers: curator.auth,
          payload: { policy: 'off' },
        }),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Comments are not available', code: 'FEATURE_DISABLED' });
      }
    } finally {
      await setFlag(ctx, 'comments', 'true');
    }
  });
});
