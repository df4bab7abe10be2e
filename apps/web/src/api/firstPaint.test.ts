import { FIRST_PAINT_BLOCK_ID, PAGE_QUERY_KEYS } from '@josie/contract';
import { act } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { storeSession, storeUser } from '../session/storage';
import { removeFirstPaint, writeFirstPaint } from '../test/firstPaint';
import { makeSession } from '../test/fixtures';
import {
  holdsFirstPaint,
  hydrateFirstPaint,
  keepFirstPaintForFirstRoute,
  takeFirstPaint,
} from './firstPaint';
import { createQueryClient } from './queryClient';

afterEach(removeFirstPaint);

const feed = PAGE_QUERY_KEYS.feedPages('following');
const josie = PAGE_QUERY_KEYS.josie('j1');

describe("the page's first answers (docs/performance.md, decisions 0007, 0008 and 0017)", () => {
  it('are read once, out of the document, into the query client before the first render', () => {
    writeFirstPaint([[feed, { pages: [], pageParams: [null] }, 'infinite']], 'u1');
    const queryClient = createQueryClient();
    expect(hydrateFirstPaint(queryClient, 'u1')).toEqual([feed]);
    expect(document.getElementById(FIRST_PAINT_BLOCK_ID)).toBeNull();
    expect(queryClient.getQueryData(feed)).toEqual({ pages: [], pageParams: [null] });
    expect(queryClient.getQueryState(feed)).toMatchObject({ status: 'success', fetchStatus: 'idle' });
    // As fresh as a request sent now, whatever the server's clock said.
    expect(Date.now() - (queryClient.getQueryState(feed)?.dataUpdatedAt ?? 0)).toBeLessThan(1000);
    expect(holdsFirstPaint(queryClient, feed)).toBe(true);
    // Nothing is left to read a second time.
    expect(hydrateFirstPaint(createQueryClient(), 'u1')).toEqual([]);
  });

  it('are ignored when the block parses but holds no dehydrated state, and the app still starts', () => {
    writeFirstPaint([[feed, {}]], 'u1').textContent = '{"queries":[{"state":null},7]}';
    const queryClient = createQueryClient();
    expect(hydrateFirstPaint(queryClient, 'u1')).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('go only to the user they were written for; a visitor answer only to a visitor', () => {
    writeFirstPaint([[feed, {}]], 'u1');
    expect(takeFirstPaint('u2')).toBeUndefined();
    writeFirstPaint([[feed, {}]], 'u1');
    expect(takeFirstPaint(null)).toBeUndefined();
    writeFirstPaint([[josie, { title: 'x' }]]);
    expect(takeFirstPaint('u1')).toBeUndefined();
    writeFirstPaint([[josie, { title: 'x' }]]);
    expect(takeFirstPaint(null)?.queries[0]?.state.data).toEqual({ title: 'x' });
    expect(takeFirstPaint(null)).toBeUndefined();
  });

  it('are none when the block is unreadable', () => {
    writeFirstPaint([]).textContent = '{"queries": [';
    expect(takeFirstPaint(null)).toBeUndefined();
    writeFirstPaint([]).textContent = '{}';
    expect(takeFirstPaint(null)).toBeUndefined();
  });

  /** A client hydrated with a josie and the served user, kept for the first route of a memory router. */
  const keep = (userId: string | null) => {
    writeFirstPaint(
      [
        [josie, { title: 'x' }],
        [PAGE_QUERY_KEYS.servedUser, { name: 'Dana' }],
      ],
      userId ?? undefined,
    );
    const queryClient = createQueryClient();
    const router = createMemoryRouter([{ path: '*', element: null }], { initialEntries: ['/'] });
    return {
      queryClient,
      router,
      stop: keepFirstPaintForFirstRoute(router, queryClient, hydrateFirstPaint(queryClient, userId)),
    };
  };

  it('last until the app leaves its first route, then are past: a later mount asks the server', async () => {
    const session = makeSession('listener');
    storeSession(session);
    const { queryClient, router, stop } = keep(session.user.id);
    try {
      expect(holdsFirstPaint(queryClient, josie)).toBe(true);
      // The user's data changing (a fresh copy from the server) is the same session.
      storeUser({ ...session.user, name: 'New name' });
      expect(holdsFirstPaint(queryClient, josie)).toBe(true);
      await act(() => router.navigate('/about'));
      expect(holdsFirstPaint(queryClient, josie)).toBe(false);
      // What is on screen stays; the served user is dropped.
      expect(queryClient.getQueryData(josie)).toEqual({ title: 'x' });
      expect(queryClient.getQueryState(josie)?.isInvalidated).toBe(true);
      expect(queryClient.getQueryData(PAGE_QUERY_KEYS.servedUser)).toBeUndefined();
    } finally {
      stop();
    }
  });

  it('last until another session is stored (a sign-in or sign-out, here or in another tab)', () => {
    const session = makeSession('listener');
    storeSession(session);
    const { queryClient, stop } = keep(session.user.id);
    try {
      expect(holdsFirstPaint(queryClient, josie)).toBe(true);
      storeSession(makeSession('curator', { id: '0190a0b0-0000-7000-8000-0000000000f2' }));
      expect(holdsFirstPaint(queryClient, josie)).toBe(false);
    } finally {
      stop();
    }
  });

  it('a query a request or a write of the app updated is no longer the page’s own', () => {
    const { queryClient, stop } = keep(null);
    try {
      queryClient.setQueryData(josie, { title: 'y' });
      expect(holdsFirstPaint(queryClient, josie)).toBe(false);
    } finally {
      stop();
    }
  });
});
