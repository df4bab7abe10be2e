import {
  AccountRelationResponse,
  AccountRelationsResponse,
  CommentsResponse,
  PublicProfile,
  RepliesResponse,
} from '@josie/contract';
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, follows, mutes, users } from '../../db/schema.js';
import type { DomainEvents } from '../../realtime/bus.js';
import {
  buildComment,
  buildFollow,
  buildJosie,
  buildUser,
  daysAgo,
  setFlag,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, createTestServices, type TestContext } from '../../test/harness.js';
import { RELATIONS_PAGE_SIZE } from './service.js';

describe('blocking and muting (decision 0048)', () => {
  let ctx: TestContext;
  const events: DomainEvents['follow.changed'][] = [];

  const call = async (method: string, url: string, user: TestUser | null, payload?: object) => {
    const res = await ctx.app.inject({
      method: method as 'GET',
      url,
      headers: user ? user.auth : {},
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const block = (who: TestUser | null, userId: string) => call('POST', '/api/blocks', who, { userId });
  const unblock = (who: TestUser | null, userId: string) => call('DELETE', `/api/blocks/${userId}`, who);
  const mute = (who: TestUser | null, userId: string) => call('POST', '/api/mutes', who, { userId });
  const unmute = (who: TestUser | null, userId: string) => call('DELETE', `/api/mutes/${userId}`, who);
  const follow = (who: TestUser, curatorId: string) => call('POST', `/api/users/follow/${curatorId}`, who);
  const comment = (who: TestUser, josieId: string, text: string, parentId?: string) =>
    call('POST', `/api/josies/${josieId}/comments`, who, { text, ...(parentId ? { parentId } : {}) });
  /** The texts of a josie's first page as `who` reads it: threads, and each thread's inline replies. */
  const seen = async (josieId: string, who: TestUser | null) => {
    const res = await call('GET', `/api/josies/${josieId}/comments`, who);
    expect(res.status).toBe(200);
    const { comments } = CommentsResponse.parse(res.body).data;
    return comments.map((c) => ({
      text: c.text,
      replies: c.replies.map((r) => r.text),
      replyCount: c.replyCount,
    }));
  };
  const profile = async (id: string, who: TestUser) =>
    PublicProfile.parse((await call('GET', `/api/users/${id}`, who)).body);
  const followRows = (a: string, b: string) =>
    ctx.database.db
      .select()
      .from(follows)
      .where(
        or(
          and(eq(follows.followerId, a), eq(follows.curatorId, b)),
          and(eq(follows.followerId, b), eq(follows.curatorId, a)),
        ),
      );
  /** An account older than a day, with a verified email: the established comment limit. */
  const person = (role: 'listener' | 'curator' = 'listener', name?: string) =>
    buildUser(ctx, { role, ...(name ? { name } : {}), createdAt: daysAgo(2) });
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  beforeAll(async () => {
    ctx = await createTestContext();
    ctx.app.bus.subscribe('follow.changed', (e) => void events.push(e));
    await setFlag(ctx, 'comments', 'true');
  });
  afterAll(() => ctx.close());

  it('refuses a visitor on every route (401)', async () => {
    const someone = await person();
    for (const res of [
      await block(null, someone.user._id),
      await unblock(null, someone.user._id),
      await mute(null, someone.user._id),
      await unmute(null, someone.user._id),
      await call('GET', '/api/blocks', null),
      await call('GET', '/api/mutes', null),
    ]) {
      expect(res.status).toBe(401);
    }
  });

  it('refuses oneself (400 SELF_BLOCK) and unknown, deleted or malformed accounts (404)', async () => {
    const me = await person();
    for (const act of [block, unblock, mute, unmute]) {
      const self = await act(me, me.user._id);
      expect(self.status).toBe(400);
      expect(self.body.code).toBe('SELF_BLOCK');
    }
    const gone = await person();
    await ctx.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.user._id));
    for (const id of [crypto.randomUUID(), gone.user._id, 'not-an-id']) {
      for (const act of [block, mute]) {
        const res = await act(me, id);
        expect(res.status, id).toBe(404);
        expect(res.body).toEqual({ message: 'Account not found', code: 'NOT_FOUND' });
      }
    }
    expect((await unblock(me, crypto.randomUUID())).status).toBe(404);
    // An empty or ill-formed body is the contract's 400.
    expect((await call('POST', '/api/blocks', me, {})).status).toBe(400);
    const rows = await ctx.database.db.select().from(blocks).where(eq(blocks.blockerId, me.user._id));
    expect(rows).toEqual([]);
  });

  it('blocks and unblocks idempotently', async () => {
    const me = await person();
    const other = await person();
    for (let i = 0; i < 2; i++) {
      const res = await block(me, other.user._id);
      expect(res.status).toBe(200);
      expect(AccountRelationResponse.parse(res.body)).toEqual({
        data: { userId: other.user._id, active: true },
      });
    }
    expect(await ctx.database.db.$count(blocks, eq(blocks.blockerId, me.user._id))).toBe(1);
    for (let i = 0; i < 2; i++) {
      const res = await unblock(me, other.user._id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { userId: other.user._id, active: false } });
    }
    expect(await ctx.database.db.$count(blocks, eq(blocks.blockerId, me.user._id))).toBe(0);
  });

  it('ends the follows both ways in the block, with right counts, and refuses new ones both ways', async () => {
    const curator = await person('curator');
    const otherCurator = await person('curator');
    const fan = await person();
    await buildFollow(ctx, { follower: otherCurator.user._id, curator: curator.user._id });
    await buildFollow(ctx, { follower: curator.user._id, curator: otherCurator.user._id });
    await buildFollow(ctx, { follower: fan.user._id, curator: curator.user._id });
    expect((await profile(curator.user._id, fan)).followersCount).toBe(2);

    events.length = 0;
    expect((await block(curator, otherCurator.user._id)).status).toBe(200);
    await settle();
    expect(await followRows(curator.user._id, otherCurator.user._id)).toEqual([]);
    expect(events).toEqual(
      expect.arrayContaining([
        { followerId: otherCurator.user._id, curatorId: curator.user._id, following: false },
        { followerId: curator.user._id, curatorId: otherCurator.user._id, following: false },
      ]),
    );
    expect(events).toHaveLength(2);
    // The other follower stays; the counts are read from the follows left.
    const seenByFan = await profile(curator.user._id, fan);
    expect(seenByFan.followersCount).toBe(1);
    expect(seenByFan.followingCount).toBe(0);
    expect((await profile(otherCurator.user._id, fan)).followersCount).toBe(0);
    const me = await profile(otherCurator.user._id, curator);
    expect(me).toMatchObject({ isBlocked: true, isFollowing: false });
    expect((await profile(curator.user._id, otherCurator)).isBlocked).toBe(false);

    // The blocked account cannot follow the blocker; the blocker must unblock before following.
    const refused = await follow(otherCurator, curator.user._id);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: "You can't follow this account", code: 'BLOCKED' });
    const own = await follow(curator, otherCurator.user._id);
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('YOU_BLOCKED');
    expect(await followRows(curator.user._id, otherCurator.user._id)).toEqual([]);
    // Onboarding's bulk follow skips the pair too, either way.
    const { follows: service } = createTestServices(ctx);
    const db = ctx.database.db;
    expect(await service.followCurators(db, otherCurator.user._id, [curator.user._id])).toEqual([]);
    expect(await service.followCurators(db, curator.user._id, [otherCurator.user._id])).toEqual([]);
    expect(await service.followCurators(db, fan.user._id, [otherCurator.user._id])).toEqual([
      otherCurator.user._id,
    ]);

    // Unblocking restores the right to follow, not the follows.
    expect((await unblock(curator, otherCurator.user._id)).status).toBe(200);
    expect((await profile(curator.user._id, fan)).followersCount).toBe(1);
    expect((await follow(otherCurator, curator.user._id)).status).toBe(200);
    expect((await profile(curator.user._id, fan)).followersCount).toBe(2);
  });

  it("refuses the blocked account's comments on the blocker's josies and replies to their comments", async () => {
    const curator = await person('curator');
    const listener = await person();
    const third = await person('curator');
    const mine = await buildJosie(ctx, { creator: curator.user._id });
    const theirs = await buildJosie(ctx, { creator: third.user._id });
    const curatorsComment = await buildComment(ctx, { josie: theirs.id, author: curator.user._id });
    const othersComment = await buildComment(ctx, { josie: theirs.id, author: third.user._id });
    const replyOfCurator = await buildComment(ctx, {
      josie: theirs.id,
      author: curator.user._id,
      parent: othersComment.id,
    });
    expect((await block(curator, listener.user._id)).status).toBe(200);

    const expectBlocked = (res: { status: number; body: unknown }) => {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: "You can't comment here", code: 'BLOCKED' });
    };
    expectBlocked(await comment(listener, mine.id, 'On your josie'));
    expectBlocked(await comment(listener, theirs.id, 'Answering you', curatorsComment.id));
    // A reply to the blocker's reply joins the thread of someone else, yet answers the blocker.
    expectBlocked(await comment(listener, theirs.id, 'Answering your reply', replyOfCurator.id));
    // Elsewhere the listener comments as before.
    expect((await comment(listener, theirs.id, 'A comment elsewhere')).status).toBe(201);
    expect((await comment(listener, theirs.id, 'A reply elsewhere', othersComment.id)).status).toBe(201);

    // The blocker may still comment on their own josie; unblocking opens it again.
    expect((await comment(curator, mine.id, 'My own')).status).toBe(201);
    expect((await unblock(curator, listener.user._id)).status).toBe(200);
    expect((await comment(listener, mine.id, 'Back again')).status).toBe(201);
  });

  it("hides the blocked account's comments and replies from the blocker only", async () => {
    const curator = await person('curator');
    const blocker = await person();
    const blocked = await person();
    const bystander = await person();
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    const at = (s: number) => new Date(Date.now() - 60_000 + s * 1000);
    const top = await buildComment(ctx, {
      josie: josie.id,
      author: bystander.user._id,
      text: 'Top',
      at: at(1),
    });
    await buildComment(ctx, {
      josie: josie.id,
      author: blocked.user._id,
      parent: top.id,
      text: 'Bad reply',
      at: at(2),
    });
    await buildComment(ctx, {
      josie: josie.id,
      author: curator.user._id,
      parent: top.id,
      text: 'Reply',
      at: at(3),
    });
    await buildComment(ctx, { josie: josie.id, author: blocked.user._id, text: 'Bad top', at: at(4) });

    const everything = [
      { text: 'Top', replies: ['Bad reply', 'Reply'], replyCount: 2 },
      { text: 'Bad top', replies: [], replyCount: 0 },
    ];
    expect(await seen(josie.id, blocker)).toEqual(everything);
    expect((await block(blocker, blocked.user._id)).status).toBe(200);
    expect(await seen(josie.id, blocker)).toEqual([{ text: 'Top', replies: ['Reply'], replyCount: 1 }]);
    const replies = await call('GET', `/api/comments/${top.id}/replies`, blocker);
    expect(RepliesResponse.parse(replies.body).data.replies.map((r) => r.text)).toEqual(['Reply']);
    // Everyone else, the blocked account and a visitor included, reads the same as before.
    expect(await seen(josie.id, bystander)).toEqual(everything);
    expect(await seen(josie.id, blocked)).toEqual(everything);
    expect(await seen(josie.id, null)).toEqual(everything);
    const all = await call('GET', `/api/comments/${top.id}/replies`, null);
    expect(all.body.data.replies).toHaveLength(2);

    expect((await unblock(blocker, blocked.user._id)).status).toBe(200);
    expect(await seen(josie.id, blocker)).toEqual(everything);
  });

  it('mutes for the muter alone: the muted account still follows and comments', async () => {
    const curator = await person('curator');
    const muter = await person();
    const muted = await person();
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    await buildFollow(ctx, { follower: muted.user._id, curator: curator.user._id });
    expect((await comment(muted, josie.id, 'Before the mute')).status).toBe(201);

    for (let i = 0; i < 2; i++) {
      const res = await mute(muter, muted.user._id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { userId: muted.user._id, active: true } });
    }
    // The curator muting a follower ends no follow.
    expect((await mute(curator, muted.user._id)).status).toBe(200);
    expect(await followRows(curator.user._id, muted.user._id)).toHaveLength(1);
    expect((await comment(muted, josie.id, 'After the mute')).status).toBe(201);
    expect((await follow(muted, curator.user._id)).status).toBe(200);

    expect(await seen(josie.id, muter)).toEqual([]);
    expect(await seen(josie.id, curator)).toEqual([]);
    expect((await seen(josie.id, null)).map((c) => c.text)).toEqual(['Before the mute', 'After the mute']);
    expect((await seen(josie.id, muted)).map((c) => c.text)).toEqual(['Before the mute', 'After the mute']);

    expect((await unmute(muter, muted.user._id)).body).toEqual({
      data: { userId: muted.user._id, active: false },
    });
    expect((await unmute(muter, muted.user._id)).status).toBe(200);
    expect(await seen(josie.id, muter)).toHaveLength(2);
    expect(await seen(josie.id, curator)).toEqual([]);
  });

  it('lists the blocked and muted accounts newest first, by keyset pages, each list its own', async () => {
    const me = await person();
    const others = [];
    for (let i = 0; i < RELATIONS_PAGE_SIZE + 2; i++) {
      const other = await person('listener', `Blocked ${i}`);
      others.push(other);
      expect((await block(me, other.user._id)).status).toBe(200);
    }
    const muted = await person('listener', 'Muted one');
    await mute(me, muted.user._id);
    // Another's block of me is not in my list.
    await block(others[0]!, me.user._id);

    const first = AccountRelationsResponse.parse((await call('GET', '/api/blocks', me)).body).data;
    expect(first.accounts).toHaveLength(RELATIONS_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = AccountRelationsResponse.parse(
      (await call('GET', `/api/blocks?cursor=${first.nextCursor}`, me)).body,
    ).data;
    expect(second.nextCursor).toBeNull();
    const names = [...first.accounts, ...second.accounts].map((a) => a.name);
    expect(names).toEqual(others.map((o) => o.user.name).reverse());
    expect(first.accounts[0]).toEqual({
      _id: others.at(-1)!.user._id,
      name: `Blocked ${RELATIONS_PAGE_SIZE + 1}`,
      avatar: null,
      since: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
    });
    const mutedList = (await call('GET', '/api/mutes', me)).body;
    expect(AccountRelationsResponse.parse(mutedList).data).toEqual({
      accounts: [{ _id: muted.user._id, name: 'Muted one', avatar: null, since: expect.any(String) }],
      nextCursor: null,
    });
    expect((await call('GET', '/api/blocks?cursor=nonsense', me)).status).toBe(400);

    // An unblocked account leaves the list.
    await unblock(me, others.at(-1)!.user._id);
    const after = AccountRelationsResponse.parse((await call('GET', '/api/blocks', me)).body).data;
    expect(after.accounts[0]!._id).toBe(others.at(-2)!.user._id);
  });

  it("removes an account's blocks and mutes both ways when it is deleted", async () => {
    const leaving = await person();
    const a = await person();
    const b = await person();
    await block(leaving, a.user._id);
    await block(b, leaving.user._id);
    await mute(leaving, b.user._id);
    await mute(a, leaving.user._id);
    const id = leaving.user._id;
    const res = await call('DELETE', '/api/users/me', leaving, { password: leaving.password });
    expect(res.status).toBe(200);
    const left = async () =>
      (
        await ctx.database.db
          .select()
          .from(blocks)
          .where(or(eq(blocks.blockerId, id), eq(blocks.blockedId, id)))
      ).length +
      (
        await ctx.database.db
          .select()
          .from(mutes)
          .where(or(eq(mutes.muterId, id), eq(mutes.mutedId, id)))
      ).length;
    expect(await left()).toBe(0);
  });
});
