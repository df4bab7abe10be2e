import type { Josie } from '@josie/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, storeSession } from '../session/storage';
import { makeSession } from '../test/fixtures';
import { type FeedSocketHub, NO_TOKEN_WARNING } from './feedSocket';
import { createFakeFeedSocket, fakeSockets, lastFakeSocket, resetFakeSockets } from './testing';

/** A feed socket of its own per test, on stand-in sockets. */
let hub: FeedSocketHub;

const post = { _id: 'p1', creator: { _id: 'c1', name: 'Noa' } } as unknown as Josie;
const unsubscribers: Array<() => void> = [];
function subscribe(handler: (post: Josie) => void = () => {}) {
  const off = hub.subscribeFeedEvent('new-post', handler);
  unsubscribers.push(off);
  return off;
}

beforeEach(() => {
  resetFakeSockets();
  hub = createFakeFeedSocket();
});
afterEach(() => {
  for (const off of unsubscribers.splice(0)) off();
});

describe('feed socket (docs/product/rules-and-limits.md#feed, docs/product/routes-and-roles.md#api, docs/product/messages.md#feed-and-curators; docs/product/routes-and-roles.md#realtime)', () => {
  it('does not connect without a stored token and says why', () => {
    subscribe();
    expect(fakeSockets).toHaveLength(0);
    expect(console.warn).toHaveBeenCalledWith(NO_TOKEN_WARNING);
  });

  it('connects as a visitor only while a josie page is watched, and as the user once signed in (decision 0049)', async () => {
    const unwatch = hub.watchJosie('j1');
    subscribe();
    await vi.waitFor(() => expect(fakeSockets).toHaveLength(1));
    const visitor = lastFakeSocket();
    expect(visitor.options.auth).toEqual({ visitor: true });
    visitor.connectFromServer();
    // A visitor watches; it never asks for the feed.
    expect(visitor.emitted).toEqual([{ event: 'watch-josie', args: ['j1'] }]);
    expect(console.warn).not.toHaveBeenCalledWith(NO_TOKEN_WARNING);

    // Signing in replaces it with the user's socket, which joins the feed and watches the same page.
    const session = makeSession('listener');
    storeSession(session);
    await vi.waitFor(() => expect(fakeSockets).toHaveLength(2));
    expect(visitor.closed).toBe(true);
    const signedIn = lastFakeSocket();
    expect(signedIn.options.auth).toEqual({ token: session.token });
    signedIn.connectFromServer();
    expect(signedIn.emitted.map((e) => e.event)).toEqual(['join-feed', 'watch-josie']);

    // Signed out with the page still open: a visitor's socket again; leaving the page closes it.
    clearSession();
    await vi.waitFor(() => expect(fakeSockets).toHaveLength(3));
    expect(signedIn.closed).toBe(true);
    const again = lastFakeSocket();
    expect(again.options.auth).toEqual({ visitor: true });
    unwatch();
    expect(again.closed).toBe(true);
  });

  it('connects with the spec options and joins the feed on connect and on every reconnect', async () => {
    const session = makeSession('listener');
    storeSession(session);
    subscribe();
    // socket.io's client loads with the first connection.
    await vi.waitFor(() => expect(fakeSockets).toHaveLength(1));
    const socket = lastFakeSocket();
    expect(socket.options).toEqual({
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      withCredentials: true,
      auth: { token: session.token },
      forceNew: true,
      reconnectionAttempts: 5,
      reconnectionDelay: 1000,
    });
    expect(socket.emitted).toEqual([]);
    socket.connectFromServer();
    socket.connectFromServer();
    expect(socket.emitted).toEqual([
      { event: 'join-feed', args: [session.user.id, expect.any(Function)] },
      { event: 'join-feed', args: [session.user.id, expect.any(Function)] },
    ]);
  });

  it('tells joined listeners each time the server confirmed the join', async () => {
    storeSession(makeSession('listener'));
    subscribe();
    const joined = vi.fn();
    const stop = hub.subscribeFeedJoined(joined);
    try {
      await vi.waitFor(() => expect(fakeSockets).toHaveLength(1));
      const socket = lastFakeSocket();
      socket.connectFromServer();
      expect(joined).not.toHaveBeenCalled();
      socket.acknowledgeJoin();
      socket.connectFromServer();
      socket.acknowledgeJoin();
      expect(joined).toHaveBeenCalledTimes(2);
    } finally {
      stop();
    }
  });

  it('shares one connection between subscribers and closes it when the last one leaves', async () => {
    storeSession(makeSession('listener'));
    const first = vi.fn();
    const second = vi.fn();
    const offFirst = subscribe(first);
    const offSecond = subscribe(second);
    await vi.waitFor(() => expect(fakeSockets).toHaveLength(1));
    const socket = lastFakeSocket();
    socket.push('new-post', post);
    expect(first).toHaveBeenCalledWith(post);
    expect(second).toHaveBeenCalledWith(post);

    offFirst();
    expect(socket.closed).toBe(false);
    socket.push('new-post', post);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
    offSecond();
    expect(socket.closed).toBe(true);

    subscribe();
    await vi.waitFor(() => expect(fakeSockets).toHaveLength(2));
  });

  it('disconnects on logout and reconnects with the next session', async () => {
    storeSession(makeSession('listener'));
    subscribe();
    await vi.waitFor(() => expect(fakeSockets).toHaveLength(1));
    const socket = lastFakeSocket();
    clearSession();
    expect(socket.closed).toBe(true);
    expect(fakeSockets).toHaveLength(1);

    const next = makeSession('curator', { id: '0190a0b0-0000-7000-8000-0000000000c2' });
    storeSession(next);
    await vi.waitFor(() => expect(fakeSockets).toHaveLength(2));
    expect(lastFakeSocket().options.auth).toEqual({ token: next.token });
  });

  it('opens no connection that was closed or replaced while the client loaded', async () => {
    storeSession(makeSession('listener'));
    const off = subscribe();
    off();
    const next = makeSession('curator', { id: '0190a0b0-0000-7000-8000-0000000000c2' });
    storeSession(makeSession('listener'));
    subscribe();
    storeSession(next);
    await vi.waitFor(() => expect(fakeSockets).toHaveLength(1));
    // Give a stale load every chance to land.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fakeSockets).toHaveLength(1);
    expect(lastFakeSocket().options.auth).toEqual({ token: next.token });
  });
});
