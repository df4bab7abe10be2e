import type { Notification } from '@josie/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeSockets, lastFakeSocket, resetFakeSockets } from '../../realtime/testing';
import { json } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import {
  makeNotification,
  markReadRoute,
  notificationsRoute,
  unreadCountRoute,
} from '../../test/notifications';
import { renderApp } from '../../test/renderApp';
import { unreadBadgeText } from './NotificationBell';

beforeEach(() => resetFakeSockets());

/** The bell, once its code (loaded for signed-in users only) is in: slow on a busy machine. */
const bell = (name: RegExp | string = /^Notifications/) =>
  screen.findByRole('button', { name }, { timeout: 8000 });

describe('unreadBadgeText (docs/decisions/0024-notifications-centre.md)', () => {
  it('shows nothing for none, the number up to 99, and 99+ above', () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
    expect(unreadBadgeText(4321)).toBe('99+');
  });
});

describe('header bell (docs/decisions/0024-notifications-centre.md)', { timeout: 20_000 }, () => {
  it('is not shown to visitors, and they never ask for a count', async () => {
    const { stub } = renderApp('/about');
    await screen.findByRole('button', { name: 'Open menu' });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
    expect(stub.calls('GET', '/api/notifications/unread-count')).toHaveLength(0);
  });

  it('names the unread count in its label and shows it in the badge', async () => {
    renderApp('/about', { session: makeSession('curator'), routes: [unreadCountRoute(() => 3)] });
    const button = await bell('Notifications, 3 unread');
    expect(within(button).getByTestId('unread-badge')).toHaveTextContent('3');
  });

  it('caps the badge at 99+ but names the real count', async () => {
    renderApp('/about', { session: makeSession('curator'), routes: [unreadCountRoute(() => 250)] });
    const button = await bell('Notifications, 250 unread');
    expect(within(button).getByTestId('unread-badge')).toHaveTextContent('99+');
  });

  it('shows no badge with nothing unread', async () => {
    renderApp('/about', { session: makeSession('curator'), routes: [unreadCountRoute(() => 0)] });
    const button = await bell('Notifications');
    expect(within(button).queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('follows the socket without a reload and announces the new count politely', async () => {
    const { stub } = renderApp('/about', {
      session: makeSession('curator'),
      routes: [unreadCountRoute(() => 1)],
    });
    await bell('Notifications, 1 unread');
    const status = screen
      .getAllByRole('status')
      .find((element) => element.getAttribute('aria-live') === 'polite');
    expect(status).toHaveTextContent('');
    await waitFor(() => expect(fakeSockets.length).toBeGreaterThan(0));
    const socket = lastFakeSocket();
    act(() => socket.connectFromServer());

    act(() => socket.push('notification', { notification: makeNotification(1), unreadCount: 2 }));
    const button = await bell('Notifications, 2 unread');
    expect(within(button).getByTestId('unread-badge')).toHaveTextContent('2');
    expect(status).toHaveTextContent('2 unread notifications');

    // Read on another device.
    act(() => socket.push('notifications-read', { unreadCount: 0 }));
    await bell('Notifications');
    expect(status).toHaveTextContent('No unread notifications');
    // Live: the count was read once, never again.
    expect(stub.calls('GET', '/api/notifications/unread-count')).toHaveLength(1);
  });

  it('reads the count again after a reconnection, not at the first join', async () => {
    let count = 4;
    const { stub } = renderApp('/about', {
      session: makeSession('curator'),
      routes: [unreadCountRoute(() => count)],
    });
    await bell('Notifications, 4 unread');
    await waitFor(() => expect(fakeSockets.length).toBeGreaterThan(0));
    const socket = lastFakeSocket();
    await act(async () => {
      socket.connectFromServer();
      socket.acknowledgeJoin();
    });
    expect(stub.calls('GET', '/api/notifications/unread-count')).toHaveLength(1);
    count = 6;
    await act(async () => {
      socket.connectFromServer();
      socket.acknowledgeJoin();
    });
    await bell('Notifications, 6 unread');
  });
});

describe('bell dropdown (docs/decisions/0024-notifications-centre.md)', { timeout: 20_000 }, () => {
  function entries(): Notification[] {
    return [
      makeNotification(1, {
        kind: 'likes',
        actors: {
          total: 20,
          items: [
            { _id: 'a', name: 'Noa', avatar: null },
            { _id: 'b', name: 'Dan', avatar: null },
          ],
        },
        subject: { type: 'josie', _id: 'j1', title: 'Night songs', reason: null },
        // A page inside the header's layout that reads nothing, so the bell stays in view.
        url: '/terms',
      }),
      makeNotification(2, {
        kind: 'josie-rejected',
        actors: { total: 1, items: [{ _id: 'e', name: 'Editor', avatar: null }] },
        subject: { type: 'josie', _id: 'j2', title: 'Dawn', reason: 'Too few songs' },
        url: '/josie/edit/j2',
        readAt: '2024-05-01T10:00:00.000Z',
      }),
      makeNotification(3, {
        kind: 'follower',
        actors: { total: 1, items: [{ _id: 'c', name: 'Maya', avatar: null }] },
      }),
    ];
  }

  it('shows the latest entries with their texts, and opening one marks it read and goes to its url', async () => {
    const all = entries();
    const unread = () => all.filter((n) => n.readAt === null).length;
    const { user, router, stub } = renderApp('/about', {
      session: makeSession('curator'),
      routes: [unreadCountRoute(unread), notificationsRoute(() => all), markReadRoute(() => all)],
    });
    await user.click(await bell('Notifications, 2 unread'));
    const panel = await screen.findByRole('region', { name: 'Notifications' }, { timeout: 8000 });
    // Names and titles sit in <bdi> elements, which jsdom does not lay out inline: its accessible names hold a
    // space either side of each (a browser's do not).
    const like = await within(panel).findByRole('link', {
      name: /Noa and 19 others liked ‘ ?Night songs ?’/,
    });
    expect(like).toHaveAccessibleName(expect.stringContaining('Unread'));
    expect(
      within(panel).getByRole('link', {
        name: /Your josie ‘ ?Dawn ?’ was not approved: ?Too few songs ?\. Edit it/,
      }),
    ).not.toHaveAccessibleName(expect.stringContaining('Unread'));
    expect(within(panel).getByRole('link', { name: /Maya followed you/ })).toBeInTheDocument();
    expect(stub.calls('GET', '/api/notifications')[0]?.url.searchParams.get('limit')).toBe('6');

    await user.click(like);
    await waitFor(() => expect(router.state.location.pathname).toBe('/terms'));
    expect(stub.calls('POST', '/api/notifications/read')[0]?.body).toEqual({ ids: [all[0]?._id] });
    await bell('Notifications, 1 unread');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('marks all as read', async () => {
    const all = entries();
    const { user, stub } = renderApp('/about', {
      session: makeSession('curator'),
      routes: [
        unreadCountRoute(() => all.filter((n) => n.readAt === null).length),
        notificationsRoute(() => all),
        markReadRoute(() => all),
      ],
    });
    await user.click(await bell('Notifications, 2 unread'));
    const panel = await screen.findByRole('region', { name: 'Notifications' }, { timeout: 8000 });
    await user.click(await within(panel).findByRole('button', { name: 'Mark all as read' }));
    await bell('Notifications');
    expect(stub.calls('POST', '/api/notifications/read')[0]?.body).toEqual({});
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(within(panel).queryByText('Unread')).not.toBeInTheDocument();
  });

  it('says "Nothing yet" when empty, and closes on Escape with focus back on the bell', async () => {
    const { user } = renderApp('/about', {
      session: makeSession('listener'),
      routes: [unreadCountRoute(() => 0), notificationsRoute(() => [])],
    });
    const button = await bell('Notifications');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('Nothing yet', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('shows an error with a retry when the list cannot be read', async () => {
    let fail = true;
    const { user } = renderApp('/about', {
      session: makeSession('listener'),
      routes: [
        unreadCountRoute(() => 0),
        {
          method: 'GET',
          path: '/api/notifications',
          reply: () =>
            fail
              ? json(500, { message: 'Something went wrong', code: 'INTERNAL' })
              : json(200, { data: { notifications: [], hasMore: false, nextCursor: null, unreadCount: 0 } }),
        },
      ],
    });
    await user.click(await bell('Notifications'));
    // After the query client's one retry of a server failure.
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('Notifications could not be loaded');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing yet')).toBeInTheDocument();
  });

  it('puts a live notification first in the open dropdown', async () => {
    const all = entries();
    const { user } = renderApp('/about', {
      session: makeSession('curator'),
      routes: [unreadCountRoute(() => 2), notificationsRoute(() => all)],
    });
    await user.click(await bell('Notifications, 2 unread'));
    const panel = await screen.findByRole('region', { name: 'Notifications' }, { timeout: 8000 });
    await within(panel).findByRole('link', { name: /Maya followed you/ });
    await waitFor(() => expect(fakeSockets.length).toBeGreaterThan(0));
    const fresh = makeNotification(9, {
      kind: 'new-josie',
      actors: { total: 1, items: [{ _id: 'z', name: 'Zohar', avatar: null }] },
      subject: { type: 'josie', _id: 'j9', title: 'Rain', reason: null },
      url: '/josie/j9',
    });
    act(() => lastFakeSocket().push('notification', { notification: fresh, unreadCount: 3 }));
    await bell('Notifications, 3 unread');
    const links = within(panel).getAllByRole('link');
    expect(links[0]).toHaveTextContent('Zohar published ‘Rain’');
  });
});
