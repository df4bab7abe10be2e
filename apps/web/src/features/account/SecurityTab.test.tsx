import { ROUTES } from '@josie/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from '../../lib/relativeTime';
import { json, type StubRoute } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { accountRoutes, THIS_SESSION } from './testing';
// Loaded up front so the route's lazy import resolves at once in every test.
import './AccountPage';

const OTHER = {
  _id: 'session-other',
  createdAt: '2026-01-01T08:00:00.000Z',
  lastSeenAt: '2026-01-01T09:00:00.000Z',
  browser: 'Firefox 133',
  os: 'Android 14',
  current: false,
};

function open(routes: StubRoute[], overrides = {}) {
  const session = makeSession('listener', { email: 'noa@example.com', ...overrides });
  return renderApp('/account?tab=security', { session, routes: [...routes, ...accountRoutes(session.user)] });
}

async function fillPassword(
  user: ReturnType<typeof open>['user'],
  current: string,
  next: string,
  again = next,
) {
  const form = within(await screen.findByRole('region', { name: 'Password' }));
  await user.type(form.getByLabelText('Current password'), current);
  await user.type(form.getByLabelText('New password'), next);
  await user.type(form.getByLabelText('Confirm new password'), again);
  await user.click(form.getByRole('button', { name: 'Change password' }));
}

describe('change password (docs/decisions/0025-account-and-data.md)', () => {
  it('sends both passwords and says the other sessions were signed out', async () => {
    const { user, stub } = open([
      { ...ROUTES.changePassword, reply: () => json(200, { success: true, message: 'Password changed' }) },
    ]);
    await fillPassword(user, 'old-password', 'new-password-1');
    expect(
      await screen.findByText('Your password was changed. Your other sessions were signed out.'),
    ).toBeInTheDocument();
    expect(stub.calls('POST', '/api/users/me/password')[0]?.body).toEqual({
      currentPassword: 'old-password',
      newPassword: 'new-password-1',
    });
  });

  it('checks the length and the confirmation before sending', async () => {
    const { user, stub } = open([]);
    await fillPassword(user, 'old-password', 'short', 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(stub.calls('POST', '/api/users/me/password')).toHaveLength(0);
  });

  it('shows a wrong current password under its field and stays signed in', async () => {
    const { user } = open([
      {
        ...ROUTES.changePassword,
        reply: () => json(400, { message: 'Wrong password', code: 'WRONG_PASSWORD' }),
      },
    ]);
    await fillPassword(user, 'bad-password', 'new-password-1');
    expect(await screen.findByText('That password is not right')).toBeInTheDocument();
    expect(window.localStorage.getItem('user')).not.toBeNull();
  });

  it('offers to set a password by email when the account has none', async () => {
    const { user, stub } = open([
      {
        ...ROUTES.changePassword,
        reply: () => json(400, { message: 'This account has no password', code: 'NO_PASSWORD' }),
      },
      {
        ...ROUTES.resetPasswordInitiate,
        reply: () => json(200, { success: true, message: 'If an account exists…' }),
      },
    ]);
    await fillPassword(user, 'anything', 'new-password-1');
    await user.click(await screen.findByRole('button', { name: 'Set a password' }));
    expect(
      await screen.findByText('We emailed you a link to set your password (noa@example.com).'),
    ).toBeInTheDocument();
    expect(stub.calls('POST', '/api/users/reset-password/initiate')[0]?.body).toEqual({
      email: 'noa@example.com',
    });
  });
});

describe('change email (docs/decisions/0025-account-and-data.md)', () => {
  const section = () => within(screen.getByRole('region', { name: 'Email address' }));

  it('says where the confirmation link went', async () => {
    const { user, stub } = open([
      { ...ROUTES.changeEmail, reply: () => json(200, { success: true, message: 'Sent' }) },
    ]);
    await screen.findByRole('region', { name: 'Email address' });
    await user.type(section().getByLabelText('New email address'), 'New@Example.com');
    await user.type(section().getByLabelText('Current password'), 'my-password');
    await user.click(section().getByRole('button', { name: 'Change email' }));
    expect(await section().findByRole('status')).toHaveTextContent(
      'We sent a confirmation link to new@example.com.',
    );
    expect(stub.calls('POST', '/api/users/me/email')[0]?.body).toEqual({
      newEmail: 'new@example.com',
      currentPassword: 'my-password',
    });
  });

  it('says when another account has the address, or the password is wrong', async () => {
    let answer = json(409, { message: 'Email already in use', code: 'EMAIL_TAKEN' });
    const { user } = open([{ ...ROUTES.changeEmail, reply: () => answer }]);
    await screen.findByRole('region', { name: 'Email address' });
    await user.type(section().getByLabelText('New email address'), 'taken@example.com');
    await user.type(section().getByLabelText('Current password'), 'my-password');
    await user.click(section().getByRole('button', { name: 'Change email' }));
    expect(await section().findByText('Another account uses this email')).toBeInTheDocument();
    answer = json(400, { message: 'Wrong password', code: 'WRONG_PASSWORD' });
    await user.click(section().getByRole('button', { name: 'Change email' }));
    expect(await section().findByText('That password is not right')).toBeInTheDocument();
  });
});

describe('sessions (docs/decisions/0025-account-and-data.md)', () => {
  const sessions = (list: object[]) => ({ ...ROUTES.mySessions, reply: () => json(200, { sessions: list }) });

  it('lists each session with its device and times, this one marked', async () => {
    open([sessions([THIS_SESSION, OTHER])]);
    const mine = (await screen.findByText('Chrome 131 · macOS 15')).closest('li') as HTMLElement;
    expect(within(mine).getByText('This device')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Sign out' })).toBeNull();
    const other = screen.getByText('Firefox 133 · Android 14').closest('li') as HTMLElement;
    expect(within(other).queryByText('This device')).toBeNull();
    expect(other).toHaveTextContent(`Signed in ${formatRelativeTime(OTHER.createdAt, 'en')}`);
  });

  it('signs one session out after a confirmation, and not when cancelled', async () => {
    let list = [THIS_SESSION, OTHER];
    const { user, stub } = open([
      { ...ROUTES.mySessions, reply: () => json(200, { sessions: list }) },
      {
        ...ROUTES.revokeSession,
        path: /^\/api\/users\/me\/sessions\/[^/]+$/,
        reply: () => {
          list = [THIS_SESSION];
          return json(200, { success: true });
        },
      },
    ]);
    const other = (await screen.findByText('Firefox 133 · Android 14')).closest('li') as HTMLElement;
    await user.click(within(other).getByRole('button', { name: 'Sign out' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Sign out this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(stub.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await user.click(within(other).getByRole('button', { name: 'Sign out' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Signed out of 1 session.')).toBeInTheDocument();
    expect(stub.calls('DELETE', '/api/users/me/sessions/session-other')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Firefox 133 · Android 14')).toBeNull());
  });

  it('signs out everywhere else after a confirmation', async () => {
    const { user, stub } = open([
      sessions([THIS_SESSION, OTHER, { ...OTHER, _id: 'third' }]),
      { ...ROUTES.revokeOtherSessions, reply: () => json(200, { success: true, revoked: 2 }) },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere else?' });
    expect(dialog).toHaveTextContent('The 2 other sessions will be signed out.');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Signed out of 2 sessions.')).toBeInTheDocument();
    expect(stub.calls('DELETE', '/api/users/me/sessions')).toHaveLength(1);
  });

  it('says so when the list cannot load, and tries again', async () => {
    let fail = true;
    const { user } = open([
      {
        ...ROUTES.mySessions,
        reply: () =>
          fail
            ? json(500, { message: 'Broken', code: 'INTERNAL_ERROR' })
            : json(200, { sessions: [THIS_SESSION] }),
      },
    ]);
    // A server failure is retried once (a second later) before it shows.
    expect(
      await screen.findByText('We could not load your sessions.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
  });
});
