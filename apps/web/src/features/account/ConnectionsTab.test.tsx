import { LIMITS } from '@josie/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { readProviderCache, writeProviderCache } from './providerCache';
import { accountRoutes } from './testing';
// Loaded up front so the route's lazy import resolves at once in every test.
import './AccountPage';

const PROVIDERS_PATH = '/api/users/me/providers';

function providersRoute(connectedProviders: { spotify: boolean; google: boolean }) {
  return { method: 'GET', path: PROVIDERS_PATH, reply: () => json(200, { connectedProviders }) };
}

function row(name: string) {
  const item = screen.getByText(name, { selector: 'span' }).closest('li');
  if (!item) throw new Error(`No row for ${name}`);
  return within(item);
}

describe('provider-connected cache (docs/product/data-and-config.md#data, docs/product/rules-and-limits.md#sign-in-providers, docs/product/messages.md#sign-in-and-account)', () => {
  it('asks the server without a cache and caches each answer with its time for 5 minutes', async () => {
    const session = makeSession('listener');
    const before = Date.now();
    const { stub } = renderApp('/account?tab=connections', {
      session,
      routes: [providersRoute({ spotify: true, google: false }), ...accountRoutes(session.user)],
    });
    await waitFor(() => expect(row('Spotify').getByText('Connected')).toBeInTheDocument());
    expect(row('YouTube').getByText('Not connected')).toBeInTheDocument();
    expect(stub.calls('GET', PROVIDERS_PATH)).toHaveLength(1);

    const stored = JSON.parse(window.localStorage.getItem('provider_spotify_connected') ?? 'null');
    expect(stored.connected).toBe(true);
    expect(stored.checkedAt).toBeGreaterThanOrEqual(before);
    expect(readProviderCache('google')).toBe(false);
    expect(readProviderCache('spotify', stored.checkedAt + LIMITS.providerCacheMs - 1)).toBe(true);
  });

  it('answers from a fresh cache without a request', async () => {
    writeProviderCache('spotify', false, Date.now() - 60_000);
    writeProviderCache('google', true, Date.now() - 4 * 60_000);
    const session = makeSession('listener');
    const { stub } = renderApp('/account?tab=connections', { session, routes: accountRoutes(session.user) });
    await waitFor(() => expect(row('YouTube').getByText('Connected')).toBeInTheDocument());
    expect(row('Spotify').getByText('Not connected')).toBeInTheDocument();
    expect(stub.calls('GET', PROVIDERS_PATH)).toHaveLength(0);
  });

  it('removes an entry of 5 minutes or older and asks again', async () => {
    const stale = Date.now() - LIMITS.providerCacheMs;
    writeProviderCache('spotify', true, stale);
    writeProviderCache('google', true, Date.now());
    expect(readProviderCache('spotify', stale + LIMITS.providerCacheMs)).toBeNull();
    expect(window.localStorage.getItem('provider_spotify_connected')).toBeNull();

    writeProviderCache('spotify', true, stale);
    const session = makeSession('listener');
    const { stub } = renderApp('/account?tab=connections', {
      session,
      routes: [providersRoute({ spotify: false, google: true }), ...accountRoutes(session.user)],
    });
    await waitFor(() => expect(row('Spotify').getByText('Not connected')).toBeInTheDocument());
    expect(stub.calls('GET', PROVIDERS_PATH)).toHaveLength(1);
    expect(readProviderCache('spotify')).toBe(false);
  });

  it('shows both as not connected with an error when the check fails, and caches nothing', async () => {
    const session = makeSession('listener');
    renderApp('/account?tab=connections', {
      session,
      routes: [
        {
          method: 'GET',
          path: PROVIDERS_PATH,
          reply: () => json(500, { message: 'boom', code: 'INTERNAL' }),
        },
        ...accountRoutes(session.user),
      ],
    });
    expect(await screen.findByText('Error checking your connected accounts')).toBeInTheDocument();
    expect(row('Spotify').getByText('Not connected')).toBeInTheDocument();
    expect(row('YouTube').getByText('Not connected')).toBeInTheDocument();
    expect(window.localStorage.getItem('provider_spotify_connected')).toBeNull();
  });
});

describe('connections tab (docs/product/routes-and-roles.md#account; docs/product/differences.md#placeholders-that-work)', () => {
  it('says a provider is not configured on this server and does not offer to connect it', async () => {
    const session = makeSession('listener');
    renderApp('/account?tab=connections', {
      session,
      routes: [providersRoute({ spotify: false, google: false }), ...accountRoutes(session.user)],
    });
    const connect = await screen.findByRole('button', { name: 'Connect Spotify' });
    await waitFor(() =>
      expect(connect).toHaveAccessibleDescription('Spotify is not configured on this server'),
    );
    expect(connect).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Connect YouTube' })).toBeDisabled();
  });

  it('disconnects after confirmation and caches the answer', async () => {
    const session = makeSession('listener');
    const { user, stub } = renderApp('/account?tab=connections', {
      session,
      routes: [
        providersRoute({ spotify: true, google: true }),
        {
          method: 'DELETE',
          path: '/api/users/me/providers/google',
          reply: () => json(200, { connectedProviders: { spotify: true, google: false } }),
        },
        ...accountRoutes(session.user),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Disconnect YouTube' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect YouTube?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('YouTube disconnected')).toBeInTheDocument();
    expect(stub.calls('DELETE', '/api/users/me/providers/google')).toHaveLength(1);
    await waitFor(() => expect(row('YouTube').getByText('Not connected')).toBeInTheDocument());
    expect(readProviderCache('google')).toBe(false);
  });

  it("shows the code's text when disconnecting would leave no way to sign in", async () => {
    const session = makeSession('listener');
    const message = 'Spotify is the only way to sign in to this account.';
    const { user } = renderApp('/account?tab=connections', {
      session,
      routes: [
        providersRoute({ spotify: true, google: false }),
        {
          method: 'DELETE',
          path: '/api/users/me/providers/spotify',
          reply: () => json(409, { message, code: 'LAST_SIGN_IN_METHOD' }),
        },
        ...accountRoutes(session.user),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Disconnect Spotify' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disconnect' }),
    );
    expect(
      await screen.findByText('This is your only way to sign in: set a password first.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(row('Spotify').getByText('Connected')).toBeInTheDocument();
  });

  it('toasts the outcome of a return from the provider and clears the address', async () => {
    writeProviderCache('spotify', false);
    writeProviderCache('google', false);
    const session = makeSession('listener');
    const { router, stub } = renderApp('/account?tab=connections&connected=spotify', {
      session,
      routes: [providersRoute({ spotify: true, google: false }), ...accountRoutes(session.user)],
    });
    expect(await screen.findByText('Spotify connected')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=connections'));
    await waitFor(() => expect(row('Spotify').getByText('Connected')).toBeInTheDocument());
    expect(stub.calls('GET', PROVIDERS_PATH).length).toBeGreaterThan(0);
  });
});
