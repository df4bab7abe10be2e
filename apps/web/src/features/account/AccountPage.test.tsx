import { HEADER_IMAGE_MAX_BYTES, LIMITS, mergeNotificationSettings } from '@josie/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readStoredSession } from '../../session/storage';
import { json } from '../../test/fetchStub';
import { makeSession, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { accountRoutes } from './testing';
// Loaded up front so the route's lazy import resolves at once in every test.
import './AccountPage';

const png = (bytes: number, name = 'photo.png') =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

function region(name: string) {
  return screen.getByRole('region', { name });
}

describe('account page (docs/product/routes-and-roles.md#account)', () => {
  it('sends a visitor to /login', async () => {
    const { router } = renderApp('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the tabs and keeps the chosen one in ?tab=', async () => {
    const session = makeSession('listener');
    const { user, router } = renderApp('/profile', { session, routes: accountRoutes(session.user) });
    const tabs = await screen.findByRole('tablist', { name: 'Account settings' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Profile',
      'Notifications',
      'Security',
      'Your data',
      'Connections',
      'Preferences',
      'Theme',
      'Blocked',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    expect(router.state.location.search).toBe('?tab=security');
    expect(screen.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the tab named in the address', async () => {
    const session = makeSession('listener');
    renderApp('/account?tab=notifications', { session, routes: accountRoutes(session.user) });
    expect(await screen.findByRole('tab', { name: 'Notifications' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('switch', { name: 'Push notifications' })).toBeInTheDocument();
  });
});

describe('profile tab (docs/product/routes-and-roles.md#account, docs/product/rules-and-limits.md#account-images, docs/product/messages.md#sign-in-and-account)', () => {
  it('shows the read-only details and links to the public profile', async () => {
    const session = makeSession('listener', { name: 'Noa Cohen', email: 'noa@example.com' });
    renderApp('/account', { session, routes: accountRoutes(session.user) });
    const details = await screen.findByRole('region', { name: 'Account details' });
    expect(within(details).getByText('Noa Cohen')).toBeInTheDocument();
    expect(within(details).getByText('noa@example.com')).toBeInTheDocument();
    expect(within(details).getByText('Standard')).toBeInTheDocument();
    expect(within(details).getByText('May 1, 2024')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View public profile' })).toHaveAttribute(
      'href',
      `/profile/${session.user.id}`,
    );
  });

  it('refuses a file that is not an image and an avatar of 2 MB or more, without uploading', async () => {
    const session = makeSession('listener');
    const { stub } = renderApp('/account', { session, routes: accountRoutes(session.user) });
    const input = await screen.findByLabelText('Change profile photo');

    fireEvent.change(input, {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select an image file');

    fireEvent.change(input, { target: { files: [png(LIMITS.avatarMaxBytes)] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Image must be less than 2MB');
    expect(screen.queryByRole('button', { name: 'Save profile photo' })).not.toBeInTheDocument();
    expect(stub.calls('POST', '/api/users/avatar')).toHaveLength(0);
  });

  it('previews the chosen avatar; Cancel drops it without uploading', async () => {
    const session = makeSession('listener');
    const { user, stub } = renderApp('/account', { session, routes: accountRoutes(session.user) });
    await user.upload(await screen.findByLabelText('Change profile photo'), png(1000));
    const avatar = region('Profile photo');
    expect(
      await within(avatar).findByRole('img', { name: 'Preview of your new profile photo' }),
    ).toBeInTheDocument();
    await user.click(within(avatar).getByRole('button', { name: 'Cancel' }));
    expect(
      within(avatar).queryByRole('img', { name: 'Preview of your new profile photo' }),
    ).not.toBeInTheDocument();
    expect(within(avatar).getByLabelText('Change profile photo')).toBeInTheDocument();
    expect(stub.calls('POST', '/api/users/avatar')).toHaveLength(0);
  });

  it('uploads the avatar on Save and shows it in the header at once', async () => {
    const session = makeSession('listener');
    const updated = makeUser({ ...session.user, avatar: '/media/avatars/new.webp' });
    const { user, stub } = renderApp('/account', {
      session,
      routes: [
        {
          method: 'POST',
          path: '/api/users/avatar',
          reply: () =>
            json(200, { success: true, avatar: updated.avatar, avatarUrl: updated.avatar, user: updated }),
        },
        ...accountRoutes(session.user),
      ],
    });
    await user.upload(await screen.findByLabelText('Change profile photo'), png(1000));
    await user.click(await screen.findByRole('button', { name: 'Save profile photo' }));

    expect(await screen.findByText('Profile photo updated')).toBeInTheDocument();
    const form = stub.calls('POST', '/api/users/avatar')[0]?.body;
    expect(form instanceof FormData && form.get('avatar')).toBeInstanceOf(File);
    const headerLink = screen.getByRole('link', { name: 'Your account' });
    expect(headerLink.querySelector('img')).toHaveAttribute('src', '/media/avatars/new.webp');
    const stored = readStoredSession();
    expect(stored.status === 'valid' && stored.session.user.avatar).toBe('/media/avatars/new.webp');
  });

  it('counts an answer without success and a URL as a failed upload', async () => {
    const session = makeSession('listener');
    const { user } = renderApp('/account', {
      session,
      routes: [
        { method: 'POST', path: '/api/users/avatar', reply: () => json(200, { success: false }) },
        ...accountRoutes(session.user),
      ],
    });
    await user.upload(await screen.findByLabelText('Change profile photo'), png(1000));
    await user.click(await screen.findByRole('button', { name: 'Save profile photo' }));
    expect(await screen.findByText('Failed to upload your profile photo')).toBeInTheDocument();
    // The preview stays so the user can try again.
    expect(screen.getByRole('button', { name: 'Save profile photo' })).toBeInTheDocument();
    const stored = readStoredSession();
    expect(stored.status === 'valid' && stored.session.user.avatar).toBeNull();
  });

  it('offers the header image to curators and not to listeners', async () => {
    const listener = makeSession('listener');
    const first = renderApp('/account', { session: listener, routes: accountRoutes(listener.user) });
    expect(await screen.findByLabelText('Change profile photo')).toBeInTheDocument();
    expect(screen.queryByLabelText('Change header image')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Header image' })).not.toBeInTheDocument();
    first.unmount();

    const curator = makeSession('curator');
    const { user, stub } = renderApp('/account', {
      session: curator,
      routes: [
        {
          method: 'POST',
          path: '/api/users/header-image',
          reply: () => json(403, { message: 'You do not have permission', code: 'FORBIDDEN' }),
        },
        ...accountRoutes(curator.user),
      ],
    });
    await user.upload(await screen.findByLabelText('Change header image'), png(3 * 1024 * 1024));
    await user.click(await screen.findByRole('button', { name: 'Save header image' }));
    expect(await screen.findByText('Failed to upload your header image')).toBeInTheDocument();
    expect(screen.getByText("You're not allowed to do this.")).toBeInTheDocument();
    const form = stub.calls('POST', '/api/users/header-image')[0]?.body;
    expect(form instanceof FormData && form.get('headerImage')).toBeInstanceOf(File);
  });

  it.each([
    ['en', 'Image must be at most 5MB'],
    ['he', 'התמונה יכולה להיות בגודל של 5MB לכל היותר'],
  ] as const)(
    'takes a header image of exactly 5 MB and says "at most 5MB" above it (%s)',
    async (language, text) => {
      window.localStorage.setItem('i18nextLng', language);
      const curator = makeSession('curator');
      renderApp('/account', {
        session: curator,
        flags: { language_select: 'true' },
        routes: accountRoutes(curator.user),
      });
      await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', language));
      const input = await screen.findByLabelText(
        language === 'en' ? 'Change header image' : 'החלפת תמונת כותרת',
      );
      fireEvent.change(input, { target: { files: [png(HEADER_IMAGE_MAX_BYTES + 1)] } });
      expect(await screen.findByRole('alert')).toHaveTextContent(text);

      fireEvent.change(input, { target: { files: [png(HEADER_IMAGE_MAX_BYTES)] } });
      await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    },
  );

  it('saves the bio', async () => {
    const session = makeSession('listener');
    const { user, stub } = renderApp('/account', {
      session,
      routes: [
        {
          method: 'PUT',
          path: '/api/users/me/profile',
          reply: (request) =>
            json(200, { user: { ...session.user, bio: (request.body as { bio: string }).bio } }),
        },
        ...accountRoutes(session.user),
      ],
    });
    const save = await screen.findByRole('button', { name: 'Save bio' });
    expect(save).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Bio' }), '  Jazz at night  ');
    await user.click(save);
    expect(await screen.findByText('Bio saved')).toBeInTheDocument();
    expect(stub.calls('PUT', '/api/users/me/profile')[0]?.body).toEqual({ bio: 'Jazz at night' });
    const stored = readStoredSession();
    expect(stored.status === 'valid' && stored.session.user.bio).toBe('Jazz at night');
  });
});

describe('notifications tab (docs/product/routes-and-roles.md#account)', () => {
  it('applies a change at once and keeps the server answer in the stored user', async () => {
    const session = makeSession('listener');
    let release: () => void = () => {};
    const { user } = renderApp('/account?tab=notifications', {
      session,
      routes: [
        {
          method: 'PUT',
          path: '/api/users/me/notification-settings',
          reply: () =>
            new Promise((resolve) => {
              release = () =>
                resolve(
                  json(200, {
                    data: mergeNotificationSettings({ allowPushNotifications: true, allowEmails: false }),
                  }),
                );
            }),
        },
        ...accountRoutes(session.user),
      ],
    });
    const email = await screen.findByRole('switch', { name: 'Email notifications' });
    expect(email).toBeChecked();
    await user.click(email);
    // Optimistic: off before the server answers.
    expect(email).not.toBeChecked();
    release();
    expect(await screen.findByText('Notification settings updated')).toBeInTheDocument();
    expect(email).not.toBeChecked();
    const stored = readStoredSession();
    expect(stored.status === 'valid' && stored.session.user.notificationSettings).toEqual(
      mergeNotificationSettings({ allowPushNotifications: true, allowEmails: false }),
    );
  });

  it('reverts the switch when the change fails, and ignores changes until the lock is released', async () => {
    const session = makeSession('listener');
    let fail: () => void = () => {};
    const { user, stub } = renderApp('/account?tab=notifications', {
      session,
      routes: [
        {
          method: 'PUT',
          path: '/api/users/me/notification-settings',
          reply: () =>
            new Promise((resolve) => {
              fail = () => resolve(json(500, { message: 'Database unavailable', code: 'INTERNAL' }));
            }),
        },
        ...accountRoutes(session.user),
      ],
    });
    const push = await screen.findByRole('switch', { name: 'Push notifications' });
    await user.click(push);
    expect(push).not.toBeChecked();
    expect(push).toHaveAttribute('aria-busy', 'true');
    // Locked while the change is in flight: a second change is ignored.
    await user.click(push);
    expect(stub.calls('PUT', '/api/users/me/notification-settings')).toHaveLength(1);
    expect(stub.calls('PUT', '/api/users/me/notification-settings')[0]?.body).toEqual({
      allowPushNotifications: false,
    });

    act(() => fail());
    expect(await screen.findByText('Could not update your notification settings')).toBeInTheDocument();
    expect(push).toBeChecked();
    // The lock is released 100 ms after the change settled.
    await waitFor(() => expect(push).not.toHaveAttribute('aria-busy'));
    await user.click(push);
    await waitFor(() => expect(stub.calls('PUT', '/api/users/me/notification-settings')).toHaveLength(2));
  });
});

describe('security tab (docs/product/routes-and-roles.md#account, docs/product/rules-and-limits.md#account-images, docs/product/messages.md#sign-in-and-account)', () => {
  it('sends a reset email to the account email', async () => {
    const session = makeSession('listener', { email: 'noa@example.com' });
    const { user, stub } = renderApp('/account?tab=security', {
      session,
      routes: [
        {
          method: 'POST',
          path: '/api/users/reset-password/initiate',
          reply: () => json(200, { success: true, message: 'If an account exists…' }),
        },
        ...accountRoutes(session.user),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Send password reset email' }));
    expect(await screen.findByText('Password reset email sent. Check your inbox.')).toBeInTheDocument();
    expect(stub.calls('POST', '/api/users/reset-password/initiate')[0]?.body).toEqual({
      email: 'noa@example.com',
    });
  });

  it('sends one email for a double click on "Send password reset email"', async () => {
    const session = makeSession('listener', { email: 'noa@example.com' });
    const { stub } = renderApp('/account?tab=security', {
      session,
      routes: [
        {
          method: 'POST',
          path: '/api/users/reset-password/initiate',
          reply: () => json(200, { success: true, message: 'If an account exists…' }),
        },
        ...accountRoutes(session.user),
      ],
    });
    const send = await screen.findByRole(
      'button',
      { name: 'Send password reset email' },
      { timeout: 10_000 },
    );
    // Two clicks in one task: before the pending state can disable the button.
    fireEvent.click(send);
    fireEvent.click(send);
    expect(
      await screen.findByText('Password reset email sent. Check your inbox.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(stub.calls('POST', '/api/users/reset-password/initiate')).toHaveLength(1);
  });

  it('says so when the request fails', async () => {
    const session = makeSession('listener');
    const { user } = renderApp('/account?tab=security', {
      session,
      routes: [
        {
          method: 'POST',
          path: '/api/users/reset-password/initiate',
          reply: () => json(429, { message: 'Too many requests', code: 'RATE_LIMITED' }),
        },
        ...accountRoutes(session.user),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Send password reset email' }));
    expect(await screen.findByText('Failed to send the password reset email')).toBeInTheDocument();
    expect(
      screen.getByText('Too many attempts. Please wait a few minutes and try again.'),
    ).toBeInTheDocument();
  });

  it('needs an email on the account', async () => {
    const session = makeSession('listener', { email: '' });
    const { user, stub } = renderApp('/account?tab=security', {
      session,
      routes: accountRoutes(session.user),
    });
    await user.click(await screen.findByRole('button', { name: 'Send password reset email' }));
    expect(await screen.findAllByText('No email address found for this account')).not.toHaveLength(0);
    expect(stub.calls('POST', '/api/users/reset-password/initiate')).toHaveLength(0);
  });
});

describe('theme tab (docs/product/rules-and-limits.md#preferences-and-catalogues)', () => {
  it('offers the four themes and saves the choice on the server and on this device', async () => {
    const session = makeSession('listener', {
      preferences: { theme: 'josie', genres: ['Jazz'], interests: ['Podcasts'], myFont: '', myColor: '' },
    });
    const { user, stub } = renderApp('/account?tab=theme', {
      session,
      routes: [
        {
          method: 'PUT',
          path: '/api/users/me/preferences',
          reply: (request) =>
            json(200, {
              success: true,
              preferences: { ...session.user.preferences, ...(request.body as object) },
            }),
        },
        ...accountRoutes(session.user),
      ],
    });
    const themes = await screen.findByRole('radiogroup', { name: 'Feed theme' });
    expect(
      within(themes)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual(['Classic', 'Josie', 'Glass', 'Vibrant']);
    expect(within(themes).getByRole('radio', { name: 'Josie' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(themes).getByRole('radio', { name: 'Glass' }));
    expect(await screen.findByText('Theme set to Glass')).toBeInTheDocument();
    expect(stub.calls('PUT', '/api/users/me/preferences')[0]?.body).toEqual({
      genres: ['Jazz'],
      interests: ['Podcasts'],
      theme: 'glassmorphic',
    });
    expect(window.localStorage.getItem('feedTheme')).toBe('glassmorphic');
    expect(within(themes).getByRole('radio', { name: 'Glass' })).toHaveAttribute('aria-checked', 'true');
  });

  it('puts the previous theme back when saving fails', async () => {
    window.localStorage.setItem('feedTheme', 'classic');
    const session = makeSession('listener', {
      preferences: { theme: 'classic', genres: [], interests: [], myFont: '', myColor: '' },
    });
    const { user } = renderApp('/account?tab=theme', {
      session,
      routes: [
        {
          method: 'PUT',
          path: '/api/users/me/preferences',
          reply: () => json(503, { message: 'Try again later', code: 'UNAVAILABLE' }),
        },
        ...accountRoutes(session.user),
      ],
    });
    await user.click(await screen.findByRole('radio', { name: 'Vibrant' }));
    expect(await screen.findByText('Could not save the theme')).toBeInTheDocument();
    expect(window.localStorage.getItem('feedTheme')).toBe('classic');
    expect(screen.getByRole('radio', { name: 'Classic' })).toHaveAttribute('aria-checked', 'true');
  });
});
