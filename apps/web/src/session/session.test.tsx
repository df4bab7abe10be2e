import { ROLES, type Role } from '@josie/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preferencesAnswer } from '../features/feed/fixtures';
import { json, type StubRoute } from '../test/fetchStub';
import { makeSession } from '../test/fixtures';
import { renderApp } from '../test/renderApp';
import { abilitiesOfRole } from './abilities';
import { parseStoredSession, readStoredSession, SESSION_KEY, TOKEN_KEY, USER_DATA_UPDATED } from './storage';

/**
 * What the pages these tests land on load (the home feed after sign-in, a curator's josies): whether a
 * page's code has arrived before the test ends depends on the files run before, so they are answered.
 */
const pageRoutes: StubRoute[] = [
  { method: 'GET', path: '/api/users/curators/feed', reply: () => json(200, { curators: [] }) },
  { method: 'GET', path: '/api/users/me/preferences', reply: () => json(200, preferencesAnswer()) },
  { method: 'GET', path: '/api/josies/my-josies', reply: () => json(200, { data: { posts: [] } }) },
];

const PROVIDER_KEYS = [
  'spotify_access_token',
  'spotify_refresh_token',
  'google_access_token',
  'google_refresh_token',
  'provider_spotify_connected',
  'provider_google_connected',
];

describe('stored session (docs/product/data-and-config.md#data, docs/product/rules-and-limits.md#accounts-and-sessions)', () => {
  it('logs out when the stored user cannot be read', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: happy-dom has no Cookie Store API
    document.cookie = 'josie_session=page-token; Path=/';
    window.localStorage.setItem(SESSION_KEY, '{"token": "abc", "user": ');
    window.localStorage.setItem(TOKEN_KEY, 'abc');
    window.localStorage.setItem('provider_spotify_connected', 'true');
    const { router, stub } = renderApp('/about');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem('provider_spotify_connected')).toBeNull();
    // Without a readable token there is no session to revoke; the session cookie goes all the same.
    expect(stub.calls('POST', '/api/auth/logout')).toHaveLength(0);
    expect(document.cookie).not.toContain('josie_session');
  });

  it('treats a stored user of the wrong shape as unreadable', async () => {
    window.localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'abc', user: { name: 'no id' } }));
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('gives a user stored without abilities (an older build) those of its role', () => {
    const legacy = (role: Role) => {
      const { abilities: _dropped, ...user } = makeSession(role).user;
      return JSON.stringify({ token: 'abc', user });
    };
    const none = {
      createJosie: false,
      invite: false,
      review: false,
      administer: false,
      setHeaderImage: false,
      chooseStyle: false,
    };
    // abilitiesOfRole is checked against the server's rules, role by role, by the server's abilities test
    // (apps/server/src/modules/users/abilities.test.ts).
    for (const role of ROLES) {
      const state = parseStoredSession(legacy(role));
      expect(state.status === 'valid' && state.session.user.abilities).toEqual(abilitiesOfRole(role));
    }
    expect(abilitiesOfRole('editor')).toEqual({ ...none, review: true, setHeaderImage: true });
    // An incomplete set counts as missing; a complete one is the server's and is kept, whatever the role.
    const partial = { ...makeSession('editor').user, abilities: { review: true } };
    const state = parseStoredSession(JSON.stringify({ token: 'abc', user: partial }));
    expect(state.status === 'valid' && state.session.user.abilities).toEqual(abilitiesOfRole('editor'));
    const granted = { ...none, review: true };
    const kept = parseStoredSession(JSON.stringify(makeSession('listener', { abilities: granted })));
    expect(kept.status === 'valid' && kept.session.user.abilities).toEqual(granted);
  });

  it('lets an editor stored without abilities open the review queue before the server answers', async () => {
    const { abilities: _dropped, ...user } = makeSession('editor').user;
    window.localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'abc', user }));
    const { router } = renderApp('/editor/dashboard', {
      routes: [
        { method: 'GET', path: '/api/josies/pending', reply: () => json(200, { data: { posts: [] } }) },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/editor/dashboard');
  });

  it('follows sign-in and sign-out in another tab through storage events', async () => {
    renderApp('/about');
    expect(await screen.findByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Your account' })).not.toBeInTheDocument();

    const session = makeSession('curator', { name: 'Noa' });
    const raw = JSON.stringify(session);
    window.localStorage.setItem(SESSION_KEY, raw);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY, newValue: raw, oldValue: null }));
    });
    expect(await screen.findByRole('link', { name: 'Your account' })).toBeInTheDocument();

    window.localStorage.removeItem(SESSION_KEY);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY, newValue: null, oldValue: raw }));
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Your account' })).not.toBeInTheDocument());
  });

  it('broadcasts userDataUpdated with the user on sign-in and null on logout', async () => {
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent).detail);
    window.addEventListener(USER_DATA_UPDATED, listener);
    try {
      const session = makeSession('listener');
      const { user } = renderApp('/login', {
        routes: [{ method: 'POST', path: '/api/auth/login', reply: () => json(200, session) }, ...pageRoutes],
      });
      await user.type(await screen.findByLabelText('Email'), 'dana@example.com');
      await user.type(screen.getByLabelText('Password'), 'a-password');
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      await screen.findByRole('link', { name: 'Your account' });
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      await user.click(screen.getByRole('button', { name: 'Logout' }));
      await waitFor(() => expect(seen).toEqual([session.user, null]));
    } finally {
      window.removeEventListener(USER_DATA_UPDATED, listener);
    }
  });

  it('logout clears the session and every provider key, revokes the session and goes to /login', async () => {
    const session = makeSession('curator');
    for (const key of PROVIDER_KEYS) window.localStorage.setItem(key, 'x');
    window.localStorage.setItem('provider_deezer_connected', 'true');
    window.localStorage.setItem('i18nextLng', 'en');
    const { user, router, stub } = renderApp('/my-josies', { session, routes: pageRoutes });

    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    for (const key of [SESSION_KEY, TOKEN_KEY, ...PROVIDER_KEYS, 'provider_deezer_connected']) {
      expect(window.localStorage.getItem(key), key).toBeNull();
    }
    expect(window.localStorage.getItem('i18nextLng')).toBe('en');
    await waitFor(() => expect(stub.calls('POST', '/api/auth/logout')).toHaveLength(1));
    expect(stub.calls('POST', '/api/auth/logout')[0]?.headers.get('authorization')).toBe(
      `Bearer ${session.token}`,
    );
    expect(screen.queryByRole('link', { name: 'Your account' })).not.toBeInTheDocument();
  });

  it('still signs out locally, session cookie included, when the server cannot revoke the session', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: happy-dom has no Cookie Store API
    document.cookie = 'josie_session=page-token; Path=/';
    const { user, router } = renderApp('/account', {
      session: makeSession('listener'),
      routes: [
        { method: 'POST', path: '/api/auth/logout', reply: () => json(503, { message: 'down', code: 'X' }) },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readStoredSession()).toEqual({ status: 'absent' });
    // Decision 0008: no cookie left from which the server would render the signed-out user's page.
    expect(document.cookie).not.toContain('josie_session');
  });

  it('refreshes the stored user from GET /api/users/me', async () => {
    const session = makeSession('listener', { name: 'Old name' });
    renderApp('/about', {
      session,
      routes: [
        {
          method: 'GET',
          path: '/api/users/me',
          reply: () => json(200, { ...session.user, name: 'New name' }),
        },
      ],
    });
    await waitFor(() => {
      const state = readStoredSession();
      expect(state.status === 'valid' && state.session.user.name).toBe('New name');
    });
  });

  it('clears the session when the server answers 401 to the stored token', async () => {
    const { router } = renderApp('/account', {
      session: makeSession('listener'),
      routes: [
        {
          method: 'GET',
          path: '/api/users/me',
          reply: () =>
            json(401, {
              message: 'Your session has expired. Please sign in again.',
              code: 'UNAUTHENTICATED',
            }),
        },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readStoredSession()).toEqual({ status: 'absent' });
  });
});
