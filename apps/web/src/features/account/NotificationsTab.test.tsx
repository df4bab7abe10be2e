import {
  mergeNotificationSettings,
  type NotificationSettings,
  type NotificationSettingsUpdateBody,
  type Role,
} from '@josie/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readStoredSession } from '../../session/storage';
import { json, type StubRoute } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { accountRoutes } from './testing';

/** Answers the settings PUT as the server does: the stored settings with the body applied. */
function settingsRoute(start: NotificationSettings): {
  route: StubRoute;
  bodies: NotificationSettingsUpdateBody[];
} {
  const bodies: NotificationSettingsUpdateBody[] = [];
  let current = start;
  return {
    bodies,
    route: {
      method: 'PUT',
      path: '/api/users/me/notification-settings',
      reply: (request) => {
        const body = request.body as NotificationSettingsUpdateBody;
        bodies.push(body);
        const { kinds, ...rest } = body;
        const stored = { ...current, ...rest, kinds: { ...current.kinds } };
        for (const [kind, switches] of Object.entries(kinds ?? {})) {
          stored.kinds[kind as keyof typeof stored.kinds] = {
            ...stored.kinds[kind as keyof typeof stored.kinds],
            ...switches,
          };
        }
        current = mergeNotificationSettings(stored);
        return json(200, { data: current });
      },
    },
  };
}

function open(
  role: Role,
  settings = mergeNotificationSettings({ allowPushNotifications: true, allowEmails: true }),
) {
  const session = makeSession(role, { notificationSettings: settings });
  const put = settingsRoute(settings);
  const view = renderApp('/account?tab=notifications', {
    session,
    routes: [put.route, ...accountRoutes(session.user)],
  });
  return { ...view, put };
}

const rowOf = (label: string) => {
  const row = screen.getByText(label).closest('li');
  if (!row) throw new Error(`no row ${label}`);
  return row;
};

describe('notification settings table (docs/decisions/0024-notifications-centre.md)', {
  timeout: 20_000,
}, () => {
  it('offers a listener only the kinds a listener receives, with the defaults', async () => {
    open('listener');
    await screen.findByRole('region', { name: 'What to tell you, and how' }, { timeout: 8000 });
    expect(screen.queryByText('Josies waiting for review')).not.toBeInTheDocument();
    expect(screen.queryByText('Messages through the contact form')).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'New followers: In app' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'New followers: Email' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Your josie was approved: Push' })).toBeChecked();
    expect(
      screen.getByRole('switch', { name: 'New josies from curators you follow: In app' }),
    ).not.toBeChecked();
  });

  it('offers an editor the review queue but not the contact inbox (an admin gets both: next test)', async () => {
    open('editor');
    await screen.findByRole('region', { name: 'What to tell you, and how' }, { timeout: 8000 });
    expect(screen.getByText('Josies waiting for review')).toBeInTheDocument();
    expect(screen.queryByText('Messages through the contact form')).not.toBeInTheDocument();
  });

  it('shows a dash, not a switch, for a channel a kind does not offer', async () => {
    open('admin');
    await screen.findByRole('region', { name: 'What to tell you, and how' }, { timeout: 8000 });
    const likes = rowOf('Likes on your josies');
    expect(
      within(likes)
        .getAllByRole('switch')
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual(['Likes on your josies: In app', 'Likes on your josies: Push']);
    expect(likes).toHaveTextContent('Likes on your josies: Email: Not available');
    const contact = rowOf('Messages through the contact form');
    expect(within(contact).queryByRole('switch', { name: /Push/ })).not.toBeInTheDocument();
  });

  it('sends only the switch changed and keeps the answer', async () => {
    const { user, put } = open('curator');
    const likesPush = await screen.findByRole(
      'switch',
      { name: 'Likes on your josies: Push' },
      { timeout: 8000 },
    );
    expect(likesPush).not.toBeChecked();
    await user.click(likesPush);
    expect(likesPush).toBeChecked();
    await waitFor(() => expect(put.bodies).toEqual([{ kinds: { likes: { push: true } } }]));
    await waitFor(() => {
      const stored = readStoredSession();
      expect(stored.status === 'valid' && stored.session.user.notificationSettings.kinds.likes.push).toBe(
        true,
      );
    });
    expect(likesPush).toBeChecked();
  });

  it('disables the email column with a note while all email is off, and the digest with it', async () => {
    open('curator', mergeNotificationSettings({ allowPushNotifications: true, allowEmails: false }));
    await screen.findByRole('region', { name: 'What to tell you, and how' }, { timeout: 8000 });
    const note = screen.getByText(/Email notifications are off/);
    const email = screen.getByRole('switch', { name: 'New followers: Email' });
    expect(email).toBeDisabled();
    expect(email).toHaveAccessibleDescription(note.textContent ?? '');
    expect(screen.getByRole('switch', { name: 'New followers: Push' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Digest of new josies' })).toBeDisabled();
    expect(screen.queryByText(/Push notifications are off/)).not.toBeInTheDocument();
  });

  it('disables the push column while all push is off', async () => {
    open('listener', mergeNotificationSettings({ allowPushNotifications: false, allowEmails: true }));
    await screen.findByRole('region', { name: 'What to tell you, and how' }, { timeout: 8000 });
    expect(screen.getByText(/Push notifications are off/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'New followers: Push' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'New followers: Email' })).toBeEnabled();
  });

  it('chooses the digest: off, daily or weekly', async () => {
    const { user, put } = open('listener');
    const digest = await screen.findByRole('combobox', { name: 'Digest of new josies' }, { timeout: 8000 });
    expect(digest).toHaveValue('off');
    expect(
      within(digest)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Off', 'Daily', 'Weekly']);
    await user.selectOptions(digest, 'weekly');
    await waitFor(() => expect(put.bodies).toEqual([{ digest: 'weekly' }]));
    await waitFor(() => expect(digest).toHaveValue('weekly'));
  });

  it('flips a kind switch back when the change fails', async () => {
    const session = makeSession('listener');
    renderApp('/account?tab=notifications', {
      session,
      routes: [
        {
          method: 'PUT',
          path: '/api/users/me/notification-settings',
          reply: () =>
            json(400, {
              message: 'That kind of notification cannot be sent on that channel',
              code: 'VALIDATION_ERROR',
            }),
        },
        ...accountRoutes(session.user),
      ],
    });
    const follower = await screen.findByRole('switch', { name: 'New followers: In app' }, { timeout: 8000 });
    follower.click();
    expect(
      await screen.findByText('That kind of notification cannot be sent on that channel'),
    ).toBeInTheDocument();
    await waitFor(() => expect(follower).toBeChecked());
  });
});
