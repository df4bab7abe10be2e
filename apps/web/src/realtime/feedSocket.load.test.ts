import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../session/storage';
import { makeSession } from '../test/fixtures';
import { createFakeFeedSocket, fakeSockets, resetFakeSockets, socketIoModule } from './testing';

// socket.io's client fails to load once (a network blip, or a deploy that removed the old chunk).
let loads = 0;
const hub = createFakeFeedSocket(async () => {
  loads += 1;
  if (loads === 1) throw new Error('Failed to fetch dynamically imported module');
  return socketIoModule;
});

const unsubscribers: Array<() => void> = [];
afterEach(() => {
  for (const off of unsubscribers.splice(0)) off();
});

describe('feed socket when its client fails to load', () => {
  it('loads it again a second later and connects', async () => {
    resetFakeSockets();
    storeSession(makeSession('listener'));
    unsubscribers.push(hub.subscribeFeedEvent('new-post', () => {}));
    await vi.waitFor(() =>
      expect(console.warn).toHaveBeenCalledWith('Feed socket could not load', expect.any(Error)),
    );
    expect(fakeSockets).toHaveLength(0);
    await vi.waitFor(() => expect(fakeSockets).toHaveLength(1), { timeout: 3000 });
  });
});
