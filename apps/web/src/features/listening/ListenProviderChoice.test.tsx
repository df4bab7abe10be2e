import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readStoredSession } from '../../session/storage';
import { json } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { accountRoutes } from '../account/testing';
// Loaded up front so the route's lazy import resolves at once.
import '../account/AccountPage';

const providers = {
  method: 'GET',
  path: '/api/users/me/providers',
  reply: () => json(200, { connectedProviders: { spotify: false, google: false } }),
};

describe('where the listener listens, in the Connections tab (docs/decisions/0022-listen-on-your-own-service.md)', () => {
  it('shows the stored choice and saves YouTube (google) with PUT /api/users/me/active-provider', async () => {
    const session = makeSession('listener', { activeProvider: 'spotify' });
    const { stub, user } = renderApp('/account?tab=connections', {
      session,
      routes: [
        providers,
        {
          method: 'PUT',
          path: '/api/users/me/active-provider',
          reply: (request) =>
            json(200, {
              user: {
                ...session.user,
                activeProvider: (request.body as { activeProvider: string }).activeProvider,
              },
            }),
        },
        ...accountRoutes(session.user),
      ],
    });
    const group = await screen.findByRole('group', { name: 'Where you listen' });
    expect(within(group).getByRole('radio', { name: 'Spotify' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'YouTube' }));
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'YouTube' })).toBeChecked());
    expect(stub.calls('PUT', '/api/users/me/active-provider').map((r) => r.body)).toEqual([
      { activeProvider: 'google' },
    ]);
    expect(await screen.findByText("You'll listen on YouTube.")).toBeInTheDocument();
    const stored = readStoredSession();
    expect(stored.status === 'valid' && stored.session.user.activeProvider).toBe('google');
  });

  it.each([
    ['en', 'Where you listen', "You'll listen on Deezer."],
    ['he', 'איפה מאזינים', 'מעכשיו ההאזנה ב־Deezer.'],
  ])('offers the platforms opened by their links too, and saves Deezer (%s)', async (lang, label, saved) => {
    if (lang === 'he') localStorage.setItem('i18nextLng', 'he');
    const session = makeSession('listener', { activeProvider: 'spotify' });
    const { stub, user } = renderApp('/account?tab=connections', {
      session,
      flags: { language_select: 'true' },
      routes: [
        providers,
        {
          method: 'PUT',
          path: '/api/users/me/active-provider',
          reply: (request) =>
            json(200, {
              user: {
                ...session.user,
                activeProvider: (request.body as { activeProvider: string }).activeProvider,
              },
            }),
        },
        ...accountRoutes(session.user),
      ],
    });
    const group = await screen.findByRole('group', { name: label }, { timeout: 5000 });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual([
      'spotify',
      'google',
      'appleMusic',
      'deezer',
      'tidal',
      'soundcloud',
      'amazonMusic',
      'youtubeMusic',
    ]);
    expect(within(group).getByRole('radio', { name: 'Apple Music' })).toBeInTheDocument();
    await user.click(within(group).getByRole('radio', { name: 'Deezer' }));
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Deezer' })).toBeChecked());
    expect(stub.calls('PUT', '/api/users/me/active-provider').map((r) => r.body)).toEqual([
      { activeProvider: 'deezer' },
    ]);
    expect(await screen.findByText(saved)).toBeInTheDocument();
    localStorage.removeItem('i18nextLng');
  });

  it('keeps the choice and says so when the server refuses', async () => {
    const session = makeSession('listener', { activeProvider: 'spotify' });
    const { user } = renderApp('/account?tab=connections', {
      session,
      routes: [
        providers,
        {
          method: 'PUT',
          path: '/api/users/me/active-provider',
          reply: () => json(503, { message: 'Try again later', code: 'SERVICE_UNAVAILABLE' }),
        },
        ...accountRoutes(session.user),
      ],
    });
    const group = await screen.findByRole('group', { name: 'Where you listen' });
    await user.click(within(group).getByRole('radio', { name: 'YouTube' }));
    expect(
      await screen.findByText('The service is unavailable right now. Please try again later.'),
    ).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'Spotify' })).toBeChecked();
  });
});
