import {
  type ClientToServerEvents,
  type CommentsChanged,
  type JoinFeedAck,
  type Josie,
  MAX_VISITOR_SOCKETS_PER_ADDRESS,
  type NotificationEvent,
  type PostRemoved,
  type ServerToClientEvents,
} from '@josie/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { passwordResets } from '../db/schema.js';
import { hashResetToken } from '../modules/account/reset.service.js';
import {
  buildFollow,
  buildJosie,
  buildReview,
  buildUser,
  setFlag,
  type TestUser,
} from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { MAX_WATCHED_JOSIES } from './rooms.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A client of `url` that records what arrives. */
function client(
  url: string,
  token: string | undefined | Record<string, unknown>,
  transports: string[] = ['websocket'],
) {
  const socket: Client = connect(url, {
    path: '/socket.io',
    auth: token === undefined ? {} : typeof token === 'string' ? { token } : token,
    transports,
    reconnection: false,
    forceNew: true,
  });
  const posts: Josie[] = [];
  const removed: PostRemoved[] = [];
  const waiters: Array<{ id: string; resolve: (post: Josie) => void }> = [];
  socket.on('new-post', (post) => {
    posts.push(post);
    for (const w of waiters.filter((x) => x.id === post._id)) w.resolve(post);
  });
  socket.on('post-removed', (post) => void removed.push(post));
  return {
    socket,
    posts,
    removed,
    connected: () =>
      new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      }),
    refused: () =>
      new Promise<Error & { data?: { code?: string } }>((resolve, reject) => {
        socket.once('connect', () => reject(new Error('connected without a valid token')));
        socket.once('connect_error', resolve);
      }),
    /** Asks to watch a josie's page; answers the server's acknowledgement. */
    watch: (josieId: string) =>
      new Promise<boolean>((resolve) => socket.emit('watch-josie', josieId, (watching) => resolve(watching))),
    joinFeed: (userId?: string) =>
      new Promise<JoinFeedAck>((resolve) => socket.emit('join-feed', userId, (joined) => resolve(joined))),
    /** Resolves when the post with `id` arrives (or has arrived). */
    received: (id: string, timeoutMs = 5000) =>
      new Promise<Josie>((resolve, reject) => {
        const done = posts.find((p) => p._id === id);
        if (done) return resolve(done);
        const timer = setTimeout(() => reject(new Error(`new-post ${id} never arrived`)), timeoutMs);
        waiters.push({
          id,
          resolve: (post) => {
            clearTimeout(timer);
            resolve(post);
          },
        });
      }),
  };
}

describe('realtime feed', () => {
  let ctx: TestContext;
  let url: string;
  let listener: TestUser;
  let followed: TestUser;
  let other: TestUser;
  const open: Client[] = [];

  const track = <T extends { socket: Client }>(c: T) => {
    open.push(c.socket);
    return c;
  };
  /** Publishes a new josie of `creator` as the review flow would after approving it. */
  const publish = async (creator: TestUser, title = 'Fresh') => {
    const row = await buildJosie(ctx, { creator, title });
    await buildReview(ctx, { josie: row, action: 'approved' });
    ctx.app.bus.publish('josie.published', { josieId: row.id, creatorId: creator.user._id });
    return row;
  };
  const api = (method: 'GET' | 'POST', path: string, user: TestUser, payload?: object) =>
    ctx.app.inject({ method, url: path, headers: user.auth, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    ctx = await createTestContext();
    url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    listener = await buildUser(ctx);
    followed = await buildUser(ctx, { role: 'curator', name: 'Followed' });
    other = await buildUser(ctx, { role: 'curator', name: 'Other' });
    await buildFollow(ctx, { follower: listener, curator: followed });
  });
  afterAll(async () => {
    for (const socket of open) socket.disconnect();
    await ctx.close();
  });

  it("tells the readers watching a josie's page that its comments changed (decision 0046)", async () => {
    await setFlag(ctx, 'comments', 'true');
    const josie = await buildJosie(ctx, { creator: followed });
    const watching = track(client(url, listener.token));
    const elsewhere = track(client(url, other.token));
    await Promise.all([watching.connected(), elsewhere.connected()]);
    const heard: CommentsChanged[] = [];
    const strays: CommentsChanged[] = [];
    watching.socket.on('comments-changed', (event) => void heard.push(event));
    elsewhere.socket.on('comments-changed', (event) => void strays.push(event));
    watching.socket.emit('watch-josie', josie.id);
    // Not a josie id: no room, and the socket stays connected.
    elsewhere.socket.emit('watch-josie', 'josie:everything');
    // A round trip after the watch: the server handled it before the comment below.
    await watching.joinFeed();
    const posted = await api('POST', `/api/josies/${josie.id}/comments`, other, { text: 'Live!' });
    expect(posted.statusCode, posted.body).toBe(201);
    await expect.poll(() => heard).toEqual([{ josieId: josie.id, commentCount: 1 }]);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/comments/${posted.json().data.comment._id}`,
      headers: other.auth,
    });
    expect(removed.statusCode).toBe(200);
    // Within a second of the first: sent at the end of that second (decision 0049).
    await expect.poll(() => heard.at(-1), { timeout: 5000 }).toEqual({ josieId: josie.id, commentCount: 0 });
    // After unwatching, nothing more arrives; the other socket never heard any.
    watching.socket.emit('unwatch-josie', josie.id);
    await watching.joinFeed();
    await api('POST', `/api/josies/${josie.id}/comments`, other, { text: 'Again' });
    const sentinel = await publish(followed, 'sentinel after comments');
    await watching.received(sentinel.id);
    expect(heard).toHaveLength(2);
    expect(strays).toEqual([]);
    expect(elsewhere.socket.connected).toBe(true);
  });

  it("lets a visitor's socket hear a josie page's new comments, and nothing else (decision 0049)", async () => {
    await setFlag(ctx, 'comments', 'true');
    const josie = await buildJosie(ctx, { creator: followed });
    const visitor = track(client(url, { visitor: true }));
    await visitor.connected();
    const heard: CommentsChanged[] = [];
    const notified: unknown[] = [];
    visitor.socket.on('comments-changed', (event) => void heard.push(event));
    visitor.socket.on('notification', (event) => void notified.push(event));
    visitor.socket.on('notifications-read', (event) => void notified.push(event));
    expect(await visitor.watch(josie.id)).toBe(true);
    expect(await visitor.watch('josie:everything')).toBe(false);
    const posted = await api('POST', `/api/josies/${josie.id}/comments`, other, { text: 'For everyone' });
    expect(posted.statusCode, posted.body).toBe(201);
    await expect.poll(() => heard).toEqual([{ josieId: josie.id, commentCount: 1 }]);

    // join-feed is not a visitor's: never answered, no room joined, so a new post never arrives, while a
    // signed-in reader of the same curator hears it.
    let answered = false;
    visitor.socket.emit('join-feed', followed.user._id, () => {
      answered = true;
    });
    const reader = track(client(url, listener.token));
    await reader.connected();
    await reader.joinFeed();
    const post = await publish(followed, 'not for visitors');
    await reader.received(post.id);
    // A round trip on the visitor's socket after the post: anything sent to it before has arrived.
    expect(await visitor.watch(josie.id)).toBe(true);
    expect(answered).toBe(false);
    expect(visitor.posts).toEqual([]);
    expect(notified).toEqual([]);
    // A few josies at most, as for a signed-in socket.
    const more = await Promise.all(
      Array.from({ length: MAX_WATCHED_JOSIES }, async () => visitor.watch((await buildJosie(ctx)).id)),
    );
    expect(more.filter(Boolean)).toHaveLength(MAX_WATCHED_JOSIES - 1);
    expect(visitor.socket.connected).toBe(true);
    // Gone before the next test counts this address's visitors.
    visitor.socket.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 200));
  });

  it('sends a storm of comments to the watching page once a second with the latest count (decision 0049)', async () => {
    await setFlag(ctx, 'comments', 'true');
    const josie = await buildJosie(ctx, { creator: followed });
    const reader = track(client(url, { visitor: true }));
    await reader.connected();
    const heard: number[] = [];
    reader.socket.on('comments-changed', (event) => void heard.push(event.commentCount));
    expect(await reader.watch(josie.id)).toBe(true);
    const writers = await Promise.all(Array.from({ length: 6 }, () => buildUser(ctx)));
    const started = Date.now();
    const posted = await Promise.all(
      writers.map((writer, i) =>
        api('POST', `/api/josies/${josie.id}/comments`, writer, { text: `Storm ${i}` }),
      ),
    );
    expect(posted.map((res) => res.statusCode)).toEqual(writers.map(() => 201));
    // The first at once; the others, if they came within its second, as one message with the last count.
    await expect.poll(() => heard.at(-1), { timeout: 5000 }).toBe(6);
    expect(heard[0]).toBe(1);
    const seconds = Math.ceil((Date.now() - started) / 1000);
    expect(heard.length).toBeLessThanOrEqual(seconds + 1);
    expect(heard.length).toBeLessThan(6);
    reader.socket.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 200));
  });

  it('refuses a visitor handshake that is not exactly one, and visitors past the cap of an address', async () => {
    // A token beside `visitor` is a signed-in handshake: checked, and refused when invalid.
    const both = track(client(url, { visitor: true, token: 'abc.def.ghi' }));
    expect((await both.refused()).message).toMatch(/expired/);
    const loose = track(client(url, { visitor: 'yes' }));
    expect((await loose.refused()).data?.code).toBe('UNAUTHENTICATED');
    const open = Array.from({ length: MAX_VISITOR_SOCKETS_PER_ADDRESS }, () =>
      client(url, { visitor: true }),
    );
    await Promise.all(open.map((c) => c.connected()));
    const extra = track(client(url, { visitor: true }));
    const refused = await extra.refused();
    expect(refused.data?.code).toBe('RATE_LIMITED');
    // A signed-in socket from the same address is not counted.
    const signedIn = track(client(url, listener.token));
    await signedIn.connected();
    // A visitor leaving frees its place.
    const closed = new Promise((resolve) => setTimeout(resolve, 100));
    open[0]!.socket.disconnect();
    await closed;
    const again = track(client(url, { visitor: true }));
    await again.connected();
    for (const c of open) c.socket.disconnect();
  });

  it('refuses a handshake without a token or with an invalid one', async () => {
    const none = track(client(url, undefined));
    const err = await none.refused();
    expect(err.message).toBe('No authentication credentials provided');
    expect(err.data?.code).toBe('UNAUTHENTICATED');
    const forged = track(client(url, 'abc.def.ghi'));
    expect((await forged.refused()).message).toBe('Your session has expired. Please sign in again.');
    const loggedOut = await buildUser(ctx);
    await api('POST', '/api/auth/logout', loggedOut);
    expect((await track(client(url, loggedOut.token)).refused()).message).toMatch(/expired/);
  });

  it('delivers new posts of followed curators only, with the feed shape', async () => {
    const c = track(client(url, listener.token));
    await c.connected();
    expect(await c.joinFeed(listener.user._id)).toMatchObject({ curators: [followed.user._id] });
    const skipped = await publish(other, 'not followed');
    const wanted = await publish(followed, 'followed');
    const post = await c.received(wanted.id);
    expect(post).toMatchObject({
      _id: wanted.id,
      title: 'followed',
      status: 'published',
      creator: { _id: followed.user._id, name: 'Followed' },
      likedByMe: false,
      // Broadcast as a visitor sees it: the review history stays editorial.
      reviews: [],
      rejectionReason: null,
    });
    // A later post proves the earlier one from the unfollowed curator was not just slow.
    const sentinel = await publish(followed, 'sentinel');
    await c.received(sentinel.id);
    expect(c.posts.map((p) => p._id)).toEqual([wanted.id, sentinel.id]);
    expect(c.posts.map((p) => p._id)).not.toContain(skipped.id);
  });

  it("acknowledges join-feed with when the newest josie of the reader's feed was published", async () => {
    const reader = await buildUser(ctx);
    const curator = await buildUser(ctx, { role: 'curator' });
    const c = track(client(url, reader.token));
    await c.connected();
    // Nothing in the feed yet.
    expect(await c.joinFeed()).toEqual({ curators: [], latest: null });
    await buildFollow(ctx, { follower: reader, curator });
    const older = await buildJosie(ctx, { creator: curator, publishedAt: new Date('2026-01-01') });
    const newer = await buildJosie(ctx, { creator: curator, publishedAt: new Date('2026-02-01') });
    // Not published: not in the feed.
    await buildJosie(ctx, { creator: curator, status: 'pending', publishedAt: new Date('2026-03-01') });
    expect(older.id).not.toBe(newer.id);
    expect(await c.joinFeed()).toEqual({ curators: [curator.user._id], latest: '2026-02-01T00:00:00.000Z' });
  });

  it('moves open sockets in and out of curator rooms on follow and unfollow', async () => {
    const c = track(client(url, listener.token));
    await c.connected();
    await c.joinFeed();
    expect((await api('POST', `/api/users/follow/${other.user._id}`, listener)).statusCode).toBe(200);
    const afterFollow = await publish(other, 'after follow');
    await c.received(afterFollow.id);

    expect((await api('POST', `/api/users/unfollow/${other.user._id}`, listener)).statusCode).toBe(200);
    const afterUnfollow = await publish(other, 'after unfollow');
    const sentinel = await publish(followed, 'sentinel 2');
    await c.received(sentinel.id);
    expect(c.posts.map((p) => p._id)).toEqual([afterFollow.id, sentinel.id]);
    expect(c.posts.map((p) => p._id)).not.toContain(afterUnfollow.id);
  });

  it('sends notifications to a socket that never joined the feed, and no new posts after a follow', async () => {
    const reader = await buildUser(ctx);
    const curator = await buildUser(ctx, { role: 'curator', name: 'Newly followed' });
    // A page other than the feed: connected (for the bell) but no join-feed.
    const bell = track(client(url, reader.token));
    await bell.connected();
    // The feed page of the same user on another tab, to know when the post has been emitted.
    const feed = track(client(url, reader.token));
    await feed.connected();
    await feed.joinFeed();
    expect((await api('POST', `/api/users/follow/${curator.user._id}`, reader)).statusCode).toBe(200);
    const post = await publish(curator, 'only for the feed');
    await feed.received(post.id);
    // Emitted after the post on the same connection order, so a stray new-post would already be here.
    const notified = new Promise<{ unreadCount: number }>((resolve) =>
      bell.socket.on('notifications-read', resolve),
    );
    expect((await api('POST', '/api/notifications/read', reader, {})).statusCode).toBe(200);
    expect(await notified).toEqual({ unreadCount: 0 });
    expect(bell.posts).toEqual([]);
  });

  it('announces an entry only to a recipient with a socket open, and not after it closed', async () => {
    const here = await buildUser(ctx, { role: 'curator', name: 'Here' });
    const away = await buildUser(ctx, { role: 'curator', name: 'Away' });
    const fan = await buildUser(ctx, { name: 'Fan' });
    const announced: string[] = [];
    const stop = ctx.app.bus.subscribe('notification.changed', ({ userId }) => void announced.push(userId));
    try {
      const bell = track(client(url, here.token));
      await bell.connected();
      const heard = new Promise<NotificationEvent>((resolve) => bell.socket.on('notification', resolve));
      for (const curator of [here, away]) {
        expect((await api('POST', `/api/users/follow/${curator.user._id}`, fan)).statusCode).toBe(200);
      }
      await ctx.app.jobs.idle();
      expect((await heard).notification).toMatchObject({ kind: 'follower', actors: { total: 1 } });
      // Both entries were written; only the connected recipient's was read and sent.
      expect(announced).toEqual([here.user._id]);
      for (const curator of [here, away]) {
        const count = await api('GET', '/api/notifications/unread-count', curator);
        expect(count.json()).toEqual({ unreadCount: 1 });
      }

      bell.socket.disconnect();
      await expect.poll(() => ctx.app.presence.online([here.user._id])).toEqual(new Set());
      const second = await buildUser(ctx, { name: 'Second fan' });
      expect((await api('POST', `/api/users/follow/${here.user._id}`, second)).statusCode).toBe(200);
      await ctx.app.jobs.idle();
      expect(announced).toEqual([here.user._id]);
      expect((await api('GET', '/api/notifications/unread-count', here)).json()).toEqual({ unreadCount: 2 });
    } finally {
      stop();
    }
  });

  it("ignores another user's id in join-feed", async () => {
    const stranger = await buildUser(ctx);
    const c = track(client(url, stranger.token));
    await c.connected();
    expect(await c.joinFeed(listener.user._id)).toEqual({ curators: [], latest: null });
    const post = await publish(followed, 'not for the stranger');
    const own = track(client(url, listener.token));
    await own.connected();
    await own.joinFeed();
    const next = await publish(followed, 'second');
    await own.received(next.id);
    expect(c.posts).toEqual([]);
    expect(post.id).toBeTruthy();
  });

  it("sends a curator their own new posts, and removals to the curator's followers", async () => {
    const self = track(client(url, followed.token));
    await self.connected();
    await self.joinFeed();
    const fan = track(client(url, listener.token));
    await fan.connected();
    await fan.joinFeed();
    const mine = await publish(followed, 'my own');
    await self.received(mine.id);
    await fan.received(mine.id);

    ctx.app.bus.publish('josie.unpublished', { josieId: mine.id, creatorId: followed.user._id });
    await expect.poll(() => fan.removed).toEqual([{ _id: mine.id, creatorId: followed.user._id }]);
    await expect.poll(() => self.removed).toHaveLength(1);
  });

  it('does not announce a josie that is no longer published', async () => {
    const c = track(client(url, listener.token));
    await c.connected();
    await c.joinFeed();
    const pending = await buildJosie(ctx, { creator: followed, status: 'pending' });
    ctx.app.bus.publish('josie.published', { josieId: pending.id, creatorId: followed.user._id });
    const sentinel = await publish(followed, 'sentinel 3');
    await c.received(sentinel.id);
    expect(c.posts.map((p) => p._id)).toEqual([sentinel.id]);
  });

  it("announces a josie an editor approves to the curator's followers", async () => {
    const editor = await buildUser(ctx, { role: 'editor' });
    const c = track(client(url, listener.token));
    await c.connected();
    await c.joinFeed();
    const pending = await buildJosie(ctx, { creator: followed, status: 'pending', title: 'approved' });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/josies/${pending.id}/approve`,
      headers: editor.auth,
    });
    expect(res.statusCode).toBe(200);
    expect((await c.received(pending.id)).status).toBe('published');
  });

  it('works over HTTP long-polling as well (the fallback transport)', async () => {
    const c = track(client(url, listener.token, ['polling']));
    await c.connected();
    await c.joinFeed();
    const post = await publish(followed, 'over polling');
    await c.received(post.id);
  });
});

describe('sockets end with their session', () => {
  let ctx: TestContext;
  let url: string;
  let admin: TestUser;
  let curator: TestUser;
  const open: Client[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await buildUser(ctx, { role: 'admin' });
    curator = await buildUser(ctx, { role: 'curator', name: 'Curator' });
  });
  afterAll(async () => {
    for (const socket of open) socket.disconnect();
    await ctx.close();
  });

  /** A feed socket of `token`, connected and joined, following the curator. */
  const feedSocket = async (user: TestUser, token = user.token) => {
    const c = client(url, token);
    open.push(c.socket);
    await c.connected();
    await c.joinFeed();
    return c;
  };
  /** Resolves with the reason the server gave when `c` is disconnected, or rejects after 5 s. */
  const disconnection = (c: ReturnType<typeof client>) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the socket stayed connected')), 5000);
      c.socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
  /** A follower of the curator with a second session, each session with a feed socket. */
  const followerWithTwoSessions = async () => {
    const user = await buildUser(ctx);
    await buildFollow(ctx, { follower: user, curator });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    const secondToken = (login.json() as { token: string }).token;
    return { user, first: await feedSocket(user), second: await feedSocket(user, secondToken) };
  };
  /** Publishes a josie of the curator as the review flow would; resolves with its id. */
  const publish = async (title: string) => {
    const row = await buildJosie(ctx, { creator: curator, title });
    ctx.app.bus.publish('josie.published', { josieId: row.id, creatorId: curator.user._id });
    return row.id;
  };

  it('disconnects the socket of a session that logs out, and only that one', async () => {
    const { user, first, second } = await followerWithTwoSessions();
    const ended = disconnection(first);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(await ended).toBe('io server disconnect');
    // The other session's socket still gets the feed; the logged-out one got nothing more.
    const id = await publish('after logout');
    await second.received(id);
    expect(second.socket.connected).toBe(true);
    expect(first.posts.map((p) => p._id)).not.toContain(id);
  });

  it('disconnects every socket of a user whose sessions a password reset revoked', async () => {
    const { user, first, second } = await followerWithTwoSessions();
    const token = 'a-reset-token-known-to-this-test-only-0123456';
    await ctx.database.db.insert(passwordResets).values({
      userId: user.user._id,
      tokenHash: hashResetToken(token),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const ended = [disconnection(first), disconnection(second)];
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/reset-password/complete',
      payload: { email: user.user.email, token, newPassword: 'a-brand-new-passphrase' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('tells the sockets of the sessions a password change revoked that their session ended, and not its own', async () => {
    const { user, first, second } = await followerWithTwoSessions();
    let firstEnded = false;
    first.socket.on('session-ended', () => {
      firstEnded = true;
    });
    // The event arrives before the disconnection, so the page can sign out with a message.
    const order: string[] = [];
    second.socket.once('session-ended', () => order.push('session-ended'));
    const ended = disconnection(second).then((reason) => order.push(reason));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: user.auth,
      payload: { currentPassword: user.password, newPassword: 'another-long-passphrase-42' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await ended;
    expect(order).toEqual(['session-ended', 'io server disconnect']);
    const id = await publish('after the password change');
    await first.received(id);
    expect(firstEnded).toBe(false);
    expect(first.socket.connected).toBe(true);
  });

  it('disconnects every socket of a user whose role an admin changed', async () => {
    const { user, first, second } = await followerWithTwoSessions();
    const ended = [disconnection(first), disconnection(second)];
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${user.user._id}`,
      headers: admin.auth,
      payload: { role: 'curator' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('disconnects every socket of a user an admin deleted, and leaves other users connected', async () => {
    const { user, first, second } = await followerWithTwoSessions();
    const bystander = await followerWithTwoSessions();
    const ended = [disconnection(first), disconnection(second)];
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user.user._id}`,
      headers: admin.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
    const id = await publish('after deletion');
    await bystander.first.received(id);
    await bystander.second.received(id);
  });
});

describe('realtime shutdown', () => {
  it('closes the app promptly while a client is connected', async () => {
    const ctx = await createTestContext();
    const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await buildUser(ctx);
    const c = client(url, user.token);
    await c.connected();
    const disconnected = new Promise((resolve) => c.socket.once('disconnect', resolve));
    const started = Date.now();
    await ctx.close();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await disconnected).toBe('io server disconnect');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('realtime across instances (Redis adapter)', () => {
  it('delivers posts and room changes raised on one instance to a socket on another', async () => {
    const ctx = await createTestContext({ REDIS_URL: redisUrl! });
    const second = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    try {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
      const reader = await buildUser(ctx);
      const curator = await buildUser(ctx, { role: 'curator' });
      const c = client(secondUrl, reader.token);
      await c.connected();
      expect(await c.joinFeed()).toEqual({ curators: [], latest: null });

      // The follow is handled by the first instance; its room change must reach the socket on the second.
      await ctx.app.inject({
        method: 'POST',
        url: `/api/users/follow/${curator.user._id}`,
        headers: reader.auth,
      });
      const row = await buildJosie(ctx, { creator: curator });
      await expect
        .poll(async () => {
          ctx.app.bus.publish('josie.published', { josieId: row.id, creatorId: curator.user._id });
          await new Promise((resolve) => setTimeout(resolve, 100));
          return c.posts.some((p) => p._id === row.id);
        })
        .toBe(true);
      c.socket.disconnect();
    } finally {
      await second.close();
      await ctx.close();
    }
  });

  it("tells a visitor's socket on one instance of a comment posted on another (decision 0049)", async () => {
    const ctx = await createTestContext({ REDIS_URL: redisUrl! });
    const second = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    try {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
      await setFlag(ctx, 'comments', 'true');
      const josie = await buildJosie(ctx);
      const commenter = await buildUser(ctx);
      const visitor = client(secondUrl, { visitor: true });
      await visitor.connected();
      const heard = new Promise<CommentsChanged>((resolve) => visitor.socket.on('comments-changed', resolve));
      expect(await visitor.watch(josie.id)).toBe(true);
      const posted = await ctx.app.inject({
        method: 'POST',
        url: `/api/josies/${josie.id}/comments`,
        headers: commenter.auth,
        payload: { text: 'Across instances, for visitors too' },
      });
      expect(posted.statusCode, posted.body).toBe(201);
      expect(await heard).toEqual({ josieId: josie.id, commentCount: 1 });
      visitor.socket.disconnect();
    } finally {
      await second.close();
      await ctx.close();
    }
  });
});
