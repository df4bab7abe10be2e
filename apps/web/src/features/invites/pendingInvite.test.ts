import type { InviteRegisterResponse } from '@josie/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { readStoredSession, storeSession, storeUser } from '../../session/storage';
import { fetchStub, json } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { toast } from '../../ui/toast';
import {
  PENDING_INVITE_KEY,
  PENDING_INVITE_MAX_AGE_MS,
  processPendingInvite,
  storePendingInvite,
  takePendingInvite,
} from './pendingInvite';

const CODE = 'Xk3v9QmZt0bLr8WcYp2aFg';
const CURATOR_ID = '0190a0b0-0000-7000-8000-0000000000c1';
const REGISTER = `/api/invites/code/${CODE}/register`;
const joined: InviteRegisterResponse = {
  success: true,
  curator: { _id: CURATOR_ID, name: 'Noa Bar' },
  following: [CURATOR_ID],
};

describe('pending invite storage (docs/product/rules-and-limits.md#invites)', () => {
  it('stores {code, curatorId, timestamp} under pendingInvite', () => {
    storePendingInvite({ code: CODE, curatorId: CURATOR_ID }, 1_700_000_000_000);
    expect(JSON.parse(window.localStorage.getItem(PENDING_INVITE_KEY) ?? '')).toEqual({
      code: CODE,
      curatorId: CURATOR_ID,
      timestamp: 1_700_000_000_000,
    });
  });

  it('takes an entry once', () => {
    storePendingInvite({ code: CODE, curatorId: CURATOR_ID }, 1000);
    expect(takePendingInvite(2000)).toEqual({ code: CODE, curatorId: CURATOR_ID, timestamp: 1000 });
    expect(takePendingInvite(2000)).toBeNull();
    expect(window.localStorage.getItem(PENDING_INVITE_KEY)).toBeNull();
  });

  it('drops an entry older than a day, or unreadable, and removes it', () => {
    storePendingInvite({ code: CODE, curatorId: CURATOR_ID }, 0);
    expect(takePendingInvite(PENDING_INVITE_MAX_AGE_MS + 1)).toBeNull();
    expect(window.localStorage.getItem(PENDING_INVITE_KEY)).toBeNull();

    storePendingInvite({ code: CODE, curatorId: CURATOR_ID }, 0);
    expect(takePendingInvite(PENDING_INVITE_MAX_AGE_MS)).not.toBeNull();

    for (const raw of ['{not json', JSON.stringify({ code: '', curatorId: 'x', timestamp: 1 }), '"text"']) {
      window.localStorage.setItem(PENDING_INVITE_KEY, raw);
      expect(takePendingInvite(2)).toBeNull();
      expect(window.localStorage.getItem(PENDING_INVITE_KEY)).toBeNull();
    }
  });
});

describe('processPendingInvite (docs/product/rules-and-limits.md#invites, docs/product/messages.md#invites)', () => {
  // `restoreMocks` undoes spies after each test, so they are made afresh before each.
  let spies: ReturnType<typeof makeSpies>;
  const makeSpies = () => ({
    updateUser: vi.fn(storeUser),
    success: vi.spyOn(toast, 'success'),
    info: vi.spyOn(toast, 'info'),
    error: vi.spyOn(toast, 'error'),
  });
  const updateUser: typeof storeUser = (user) => spies.updateUser(user);

  beforeEach(() => {
    spies = makeSpies();
  });
  afterEach(() => {
    toast.dismiss();
  });

  const stubRegister = (reply: () => ReturnType<typeof json>) =>
    fetchStub().use({ method: 'POST', path: REGISTER, reply });

  it('does nothing while signed out and keeps the entry for after sign-in', async () => {
    storePendingInvite({ code: CODE, curatorId: CURATOR_ID });
    await expect(processPendingInvite({ updateUser })).resolves.toBe(false);
    expect(window.localStorage.getItem(PENDING_INVITE_KEY)).not.toBeNull();
  });

  it('answers false when nothing is pending', async () => {
    storeSession(makeSession('listener'));
    await expect(processPendingInvite({ updateUser })).resolves.toBe(false);
  });

  it('registers once, updates following, welcomes, and removes the entry', async () => {
    storeSession(makeSession('listener', { following: ['other'] }));
    storePendingInvite({ code: CODE, curatorId: CURATOR_ID });
    stubRegister(() => json(200, { ...joined, following: ['other', CURATOR_ID] }));

    const [first, second] = await Promise.all([
      processPendingInvite({ updateUser }),
      processPendingInvite({ updateUser }),
    ]);
    expect([first, second]).toEqual([true, false]);
    expect(fetchStub().calls('POST', REGISTER)).toHaveLength(1);
    expect(spies.success).toHaveBeenCalledWith('Welcome! You are now following Noa Bar');
    const stored = readStoredSession();
    expect(stored.status === 'valid' && stored.session.user.following).toEqual(['other', CURATOR_ID]);
    expect(window.localStorage.getItem(PENDING_INVITE_KEY)).toBeNull();
  });

  it('says an already-used invite was joined before, and removes the entry', async () => {
    storeSession(makeSession('listener'));
    storePendingInvite({ code: CODE, curatorId: CURATOR_ID });
    stubRegister(() =>
      json(409, { message: 'User has already used this invite', code: 'INVITE_ALREADY_USED' }),
    );

    await expect(processPendingInvite({ updateUser })).resolves.toBe(false);
    expect(spies.info).toHaveBeenCalledWith('You have already joined using this invite link');
    expect(spies.updateUser).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(PENDING_INVITE_KEY)).toBeNull();
  });

  it("removes the entry on failure too, showing its own text (never the server's words)", async () => {
    storeSession(makeSession('listener'));
    storePendingInvite({ code: CODE, curatorId: CURATOR_ID });
    stubRegister(() => json(500, { message: 'Database unavailable', code: 'INTERNAL_ERROR' }));

    await expect(processPendingInvite({ updateUser })).resolves.toBe(false);
    expect(spies.error).toHaveBeenCalledWith('Failed to accept invite');
    expect(window.localStorage.getItem(PENDING_INVITE_KEY)).toBeNull();
  });

  it('never registers an entry older than a day', async () => {
    storeSession(makeSession('listener'));
    storePendingInvite({ code: CODE, curatorId: CURATOR_ID }, Date.now() - PENDING_INVITE_MAX_AGE_MS - 1000);
    await expect(processPendingInvite({ updateUser })).resolves.toBe(false);
    expect(fetchStub().calls('POST', REGISTER)).toHaveLength(0);
    expect(window.localStorage.getItem(PENDING_INVITE_KEY)).toBeNull();
  });

  it('accepts an injected client', async () => {
    storeSession(makeSession('listener'));
    storePendingInvite({ code: CODE, curatorId: CURATOR_ID });
    const post = vi.fn(async () => {
      throw new ApiError(410, 'GONE', 'This invite link is invalid or has expired');
    });
    await expect(processPendingInvite({ request: post, updateUser })).resolves.toBe(false);
    expect(post).toHaveBeenCalledOnce();
    expect(spies.error).toHaveBeenCalledWith('This invite link is invalid or has expired');
  });
});
