import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fetchStub';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const user = makeUser({ email: 'noa.spotify@example.test', name: 'Noa Spotify' });

describe('AuthCallbackPage', () => {
  it('exchanges the one-time code for the session and goes to returnTo', async () => {
    const { router, stub } = renderApp('/auth/callback?data=one-time-code', {
      routes: [
        {
          method: 'POST',
          path: '/api/auth/exchange',
          reply: () => json(200, { token: 'tok', user, returnTo: '/about', isNewUser: false }),
        },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(stub.calls('POST', '/api/auth/exchange')).toHaveLength(1);
    expect(stub.calls('POST', '/api/auth/exchange')[0]?.body).toEqual({ code: 'one-time-code' });
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ token: 'tok' });
  });

  it('on ?error= shows the failure and moves to /auth/error after 2 s', async () => {
    const { router, stub } = renderApp('/auth/callback?error=access_denied');
    expect(await screen.findByText('Authentication failed. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/callback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/error'), { timeout: 3000 });
    expect(stub.calls('POST', '/api/auth/exchange')).toHaveLength(0);
  });

  it('treats a refused exchange as a failure', async () => {
    const { router } = renderApp('/auth/callback?data=spent', {
      routes: [
        {
          method: 'POST',
          path: '/api/auth/exchange',
          reply: () => json(400, { message: 'Invalid or expired code', code: 'BAD_REQUEST' }),
        },
      ],
    });
    expect(await screen.findByText('Authentication failed. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/error'), { timeout: 3000 });
    expect(window.localStorage.getItem('user')).toBeNull();
  });
});
