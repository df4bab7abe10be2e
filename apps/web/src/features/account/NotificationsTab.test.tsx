import {
  kindReaches,
  mergeNotificationSettings,
  NOTIFICATION_KINDS,
  type NotificationSettings,
  type NotificationSettingsUpdateBody,
  type Role,
} from '@josie/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
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
  it('offers a listener new josies from followed curators, replies and report outcomes, none of the curator-only kinds', async () => {
    open('listener');
    await screen.findByRole('region', { name: 'What to tell you, and how' }, { timeout: 8000 });
    const rows = screen.getAllByRole('listitem').filter((row) => row.hasAttribute('data-kind'));
    // Replies and what happened to their reports reach every role (decisions 0049 and 0047).
    expect(rows.map((row) => row.getAttribute('data-kind'))).toEqual([
      'new-josie',
      'reply',
      'report-resolved',
    ]);
    for (const curatorOnly of [
      'New followers',
      'Sign-ups through your invites',
      'Your josie was approved',
      'Your josie was not approved',
      'Likes on your josies',
      'Josies waiting for review',
      'Messages through the contact form',
      'Comments on your josies',
    ]) {
      expect(screen.queryByText(curatorOnly)).not.toBeInTheDocument();
    }
    // Replies (decision 0049): in the app and by push, not by email, unless changed.
    expect(screen.getByRole('switch', { name: 'Replies to your comments: In app' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Replies to your comments: Email' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Replies to your comments: Push' })).toBeChecked();
    expect(
      screen.getByRole('switch', { name: 'New josies from curators you follow: In app' }),
    ).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'New josies from curators you follow: Push' })).toBeChecked();
  });

  it('offers a curator what happens to curators, with the defaults', async () => {
    open('curator');
    await screen.findByRole('region', { name: 'What to tell you, and how' }, { timeout: 8000 });
    const rows = screen.getAllByRole('listitem').filter((row) => row.hasAttribute('data-kind'));
    // The contract's test pins which kinds these are.
    expect(rows.map((row) => row.getAttribute('data-kind'))).toEqual(
      NOTIFICATION_KINDS.filter((kind) => kindReaches(kind, 'curator')),
    );
    expect(screen.getByRole('switch', { name: 'New followers: In app' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'New followers: Email' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Your josie was approved: Push' })).toBeChecked();
    // Comments on one's josies (decision 0049): in the app only by default, never by email.
    expect(screen.getByRole('switch', { name: 'Comments on your josies: In app' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Comments on your josies: Push' })).not.toBeChecked();
    expect(rowOf('Comments on your josies')).toHaveTextContent(
      'Comments on your josies: Email: Not available',
    );
  });

  it('shows the comment kinds in Hebrew', async () => {
    await i18n.changeLanguage('he');
    open('curator');
    expect(await screen.findByText('תגובות על הג׳וזיז שלכם', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('תשובות לתגובות שלכם')).toBeInTheDocument();
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
    const fresh = 'New josies from curators you follow';
    const newJosies = rowOf(fresh);
    expect(
      within(newJosies)
        .getAllByRole('switch')
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual([`${fresh}: In app`, `${fresh}: Push`]);
    expect(newJosies).toHaveTextContent(`${fresh}: Email: Not available`);
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
    open('curator', mergeNotificationSettings({ allowPushNotifications: false, allowEmails: true }));
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
    const session = makeSession('curator');
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
    // A general code: the screen's own text, never the server's words.
    expect(await screen.findByText('Could not update your notification settings')).toBeInTheDocument();
    await waitFor(() => expect(follower).toBeChecked());
  });
});
