import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeSockets, lastFakeSocket, resetFakeSockets } from '../realtime/testing';
import { makeSession } from '../test/fixtures';
import { unreadCountRoute } from '../test/notifications';
import { renderApp } from '../test/renderApp';
import { readStoredSession } from './storage';

beforeEach(() => resetFakeSockets());
afterEach(() => localStorage.removeItem('i18nextLng'));

/** Renders `/account` signed in and answers the live socket, once the bell's live part holds it. */
async function signedInOnAccount(flags = {}) {
  const view = renderApp('/account', {
    session: makeSession('listener'),
    routes: [unreadCountRoute(() => 0)],
    flags,
  });
  await waitFor(() => expect(fakeSockets.length).toBeGreaterThan(0), { timeout: 8000 });
  const socket = lastFakeSocket();
  act(() => socket.connectFromServer());
  return { ...view, socket };
}

describe('a session ended elsewhere (docs/decisions/0025-account-and-data.md#sessions)', {
  timeout: 20_000,
}, () => {
  it('signs out at once and says why on the login page', async () => {
    const { router, socket } = await signedInOnAccount();
    expect(router.state.location.pathname).toBe('/account');

    act(() => socket.push('session-ended'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readStoredSession().status).toBe('absent');
    expect(await screen.findByText(/^You were signed out: your session was ended elsewhere/)).toHaveAttribute(
      'role',
      'status',
    );
    // Signing in again returns to the page that was open.
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/account' } });
  });

  it('says it in Hebrew too', async () => {
    localStorage.setItem('i18nextLng', 'he');
    const { router, socket } = await signedInOnAccount({ language_select: 'true' });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'));
    act(() => socket.push('session-ended'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(/נותקתם: החיבור שלכם הסתיים ממקום אחר/)).toBeInTheDocument();
  });
});
