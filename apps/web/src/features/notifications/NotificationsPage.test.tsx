import type { Notification } from '@josie/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { json } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import {
  makeNotification,
  markReadRoute,
  notificationsRoute,
  unreadCountRoute,
} from '../../test/notifications';
import { renderApp } from '../../test/renderApp';
import { NotificationItem, NotificationSentence } from './NotificationItem';

function many(count: number): Notification[] {
  return Array.from({ length: count }, (_, i) =>
    makeNotification(i + 1, { readAt: i < 3 ? null : '2024-05-01T10:00:00.000Z' }),
  );
}

/** The page's code loads on the first test's render: slow on a busy machine. */
const PAGE_LOAD = { timeout: 8000 };

describe('/notifications (docs/decisions/0024-notifications-centre.md)', { timeout: 20_000 }, () => {
  it('sends a visitor to /login', async () => {
    const { router } = renderApp('/notifications');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), PAGE_LOAD);
  });

  it('lists 20 entries, then the rest with Load more', async () => {
    const all = many(25);
    const { user, stub } = renderApp('/notifications', {
      session: makeSession('listener'),
      routes: [unreadCountRoute(() => 3), notificationsRoute(() => all)],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notifications' }, PAGE_LOAD),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list');
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const reads = stub.calls('GET', '/api/notifications');
    expect(reads.map((r) => r.url.searchParams.get('cursor'))).toEqual([null, all[19]?._id]);
    expect(within(list).getByRole('link', { name: /Noa 25 followed you/ })).toHaveAttribute(
      'href',
      '/curator/actor-25',
    );
  });

  it('marks all as read: the count falls at once and the button goes', async () => {
    const all = many(5);
    const { user, stub } = renderApp('/notifications', {
      session: makeSession('listener'),
      routes: [
        unreadCountRoute(() => all.filter((n) => n.readAt === null).length),
        notificationsRoute(() => all),
        markReadRoute(() => all),
      ],
    });
    const markAll = await screen.findByRole('button', { name: 'Mark all as read' }, PAGE_LOAD);
    expect(await screen.findAllByText('Unread')).toHaveLength(3);
    await user.click(markAll);
    await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.queryByText('Unread')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(stub.calls('POST', '/api/notifications/read')).toHaveLength(1);
  });

  it('restores the count when marking fails', async () => {
    const all = many(5);
    const { user } = renderApp('/notifications', {
      session: makeSession('listener'),
      routes: [
        unreadCountRoute(() => 3),
        notificationsRoute(() => all),
        {
          method: 'POST',
          path: '/api/notifications/read',
          reply: () => json(500, { message: 'Database unavailable', code: 'INTERNAL' }),
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }, PAGE_LOAD));
    expect(await screen.findByText('Could not mark the notifications as read')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(screen.getAllByText('Unread')).toHaveLength(3);
  });

  it('says "Nothing yet" when there is none', async () => {
    renderApp('/notifications', {
      session: makeSession('listener'),
      routes: [unreadCountRoute(() => 0), notificationsRoute(() => [])],
    });
    expect(await screen.findByText('Nothing yet', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('shows the error and reads again on Try again', async () => {
    let fail = true;
    const all = many(2);
    const list = notificationsRoute(() => all);
    const { user } = renderApp('/notifications', {
      session: makeSession('listener'),
      routes: [
        unreadCountRoute(() => 2),
        {
          ...list,
          reply: (request) =>
            fail ? json(500, { message: 'Service unavailable', code: 'INTERNAL' }) : list.reply(request),
        },
      ],
    });
    // After the query client's one retry of a server failure.
    const alert = await screen.findByRole('alert', {}, PAGE_LOAD);
    expect(alert).toHaveTextContent('Notifications could not be loaded');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Noa 1 followed you/ })).toBeInTheDocument();
  });
});

describe('notification texts (docs/decisions/0024-notifications-centre.md)', () => {
  const actors = (total: number) => ({
    total,
    items: [{ _id: 'a', name: 'Noa', avatar: null }],
  });
  const josie = { type: 'josie' as const, _id: 'j', title: 'Night songs', reason: null };

  it.each<[string, Partial<Notification>, string, string]>([
    ['follower', { kind: 'follower' }, 'Noa followed you', 'Noa התחיל/ה לעקוב אחריכם'],
    ['invite', { kind: 'invite-joined' }, 'Noa joined through your invite', 'Noa הצטרף/ה דרך ההזמנה שלכם'],
    ['one like', { kind: 'likes', subject: josie }, 'Noa liked ‘Night songs’', 'Noa אהב/ה את ‘Night songs’'],
    [
      'two likes',
      { kind: 'likes', subject: josie, actors: actors(2) },
      'Noa and 1 other liked ‘Night songs’',
      'Noa ועוד אחד אהבו את ‘Night songs’',
    ],
    [
      'three likes',
      { kind: 'likes', subject: josie, actors: actors(3) },
      'Noa and 2 others liked ‘Night songs’',
      'Noa ועוד שניים אהבו את ‘Night songs’',
    ],
    [
      'twenty likes',
      { kind: 'likes', subject: josie, actors: actors(20) },
      'Noa and 19 others liked ‘Night songs’',
      'Noa ועוד 19 אהבו את ‘Night songs’',
    ],
    [
      'review queue',
      { kind: 'review-waiting', subject: null, actors: actors(3) },
      'Noa and 2 others sent josies for review',
      'Noa ועוד שניים שלחו ג׳וזיז לבדיקה',
    ],
    [
      'approval',
      { kind: 'josie-approved', subject: josie },
      'Your josie ‘Night songs’ was approved',
      'הג׳וזי שלכם ‘Night songs’ אושרה',
    ],
    [
      'rejection',
      { kind: 'josie-rejected', subject: { ...josie, reason: 'Too short' } },
      'Your josie ‘Night songs’ was not approved: Too short. Edit it',
      'הג׳וזי שלכם ‘Night songs’ לא אושרה: Too short. אפשר לערוך אותה',
    ],
    [
      'new josie',
      { kind: 'new-josie', subject: josie },
      'Noa published ‘Night songs’',
      'Noa פרסם/ה את ‘Night songs’',
    ],
    [
      'comment',
      { kind: 'comment', subject: josie },
      'Noa commented on ‘Night songs’',
      'Noa הגיב/ה על ‘Night songs’',
    ],
    [
      'two comments',
      { kind: 'comment', subject: josie, actors: actors(2) },
      'Noa and 1 other commented on ‘Night songs’',
      'Noa ועוד אחד הגיבו על ‘Night songs’',
    ],
    [
      'four comments',
      { kind: 'comment', subject: josie, actors: actors(4) },
      'Noa and 3 others commented on ‘Night songs’',
      'Noa ועוד 3 הגיבו על ‘Night songs’',
    ],
    [
      'reply',
      { kind: 'reply', subject: josie },
      'Noa replied to your comment on ‘Night songs’',
      'Noa השיב/ה לתגובה שלכם על ‘Night songs’',
    ],
    [
      'three replies',
      { kind: 'reply', subject: josie, actors: actors(3) },
      'Noa and 2 others replied to your comment on ‘Night songs’',
      'Noa ועוד שניים השיבו לתגובה שלכם על ‘Night songs’',
    ],
    [
      'contact message',
      { kind: 'contact-message', subject: { type: 'message', _id: 'm', title: 'Hello', reason: null } },
      'New message from Noa: ‘Hello’',
      'הודעה חדשה מNoa: ‘Hello’',
    ],
  ])('writes a %s in English and Hebrew', async (_, overrides, english, hebrew) => {
    const notification = makeNotification(1, { actors: actors(1), ...overrides });
    const { container, unmount } = render(<NotificationSentence notification={notification} />);
    expect(container).toHaveTextContent(english, { normalizeWhitespace: false });
    unmount();
    await i18n.changeLanguage('he');
    const hebrewSentence = render(<NotificationSentence notification={notification} />);
    expect(hebrewSentence.container).toHaveTextContent(hebrew, { normalizeWhitespace: false });
  });

  it.each([
    ['en', 1, '1 minute ago'],
    ['en', 120, '2 hours ago'],
    ['he', 1, 'לפני דקה'],
    ['he', 120, 'לפני שעתיים'],
  ] as const)(
    'says when, in %s, without a count in brackets (%i minutes ago)',
    async (language, minutes, when) => {
      await i18n.changeLanguage(language);
      const notification = makeNotification(1, {
        createdAt: new Date(Date.now() - minutes * 60_000 - 5_000).toISOString(),
      });
      render(
        <MemoryRouter>
          <NotificationItem notification={notification} onOpen={() => undefined} />
        </MemoryRouter>,
      );
      expect(screen.getByText(when).tagName).toBe('TIME');
      expect(screen.getByText(when)).not.toHaveTextContent(/\(\d+\)/);
    },
  );

  it.each([
    ['a Latin name in a Hebrew sentence', 'he', 'Lior Listener'],
    ['a Hebrew name in an English sentence', 'en', 'נועה אוזניים'],
  ])('isolates %s and the title in <bdi> elements', async (_, language, name) => {
    await i18n.changeLanguage(language);
    const notification = makeNotification(1, {
      kind: 'likes',
      subject: { type: 'josie', _id: 'j', title: 'שירי לילה', reason: null },
      actors: { total: 1, items: [{ _id: 'a', name, avatar: null }] },
    });
    const { container } = render(<NotificationSentence notification={notification} />);
    const isolated = [...container.querySelectorAll('bdi')].map((element) => element.textContent);
    expect(isolated).toEqual([name, 'שירי לילה']);
    expect(container.querySelector('[dir="auto"]')).toBeNull();
  });
});
