import { ROUTES } from '@josie/contract';
import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../test/fetchStub';
import { makeSession } from '../test/fixtures';
import { renderApp } from '../test/renderApp';
import { VERIFY_BANNER_DISMISSED_KEY } from './VerifyEmailBanner';

const banner = () => screen.findByRole('complementary', { name: 'Email verification' }, { timeout: 5000 });

afterEach(() => {
  window.sessionStorage.removeItem(VERIFY_BANNER_DISMISSED_KEY);
  focusManager.setFocused(undefined);
});

describe('the verification banner (docs/decisions/0025-account-and-data.md)', () => {
  it('shows for an unverified account, with its address', async () => {
    renderApp('/about', {
      session: makeSession('listener', { emailVerified: false, email: 'noa@example.com' }),
    });
    expect(await banner()).toHaveTextContent('noa@example.com');
  });

  it('does not show for a verified account', async () => {
    renderApp('/about', { session: makeSession('listener') });
    await screen.findByRole('main');
    expect(screen.queryByRole('complementary', { name: 'Email verification' })).toBeNull();
  });

  it('resends the email', async () => {
    const { user, stub } = renderApp('/about', {
      session: makeSession('listener', { emailVerified: false }),
      routes: [{ ...ROUTES.resendVerification, reply: () => json(200, { success: true, message: 'Sent' }) }],
    });
    const region = within(await banner());
    await user.click(region.getByRole('button', { name: 'Resend the email' }));
    expect(await region.findByText('Sent. Check your inbox.')).toBeInTheDocument();
    expect(stub.calls('POST', '/api/users/me/verify-email/resend')).toHaveLength(1);
  });

  it("shows the server's 429 message", async () => {
    const { user } = renderApp('/about', {
      session: makeSession('listener', { emailVerified: false }),
      routes: [
        {
          ...ROUTES.resendVerification,
          reply: () =>
            json(429, { message: 'Please wait 10 minutes before asking again.', code: 'RATE_LIMITED' }),
        },
      ],
    });
    const region = within(await banner());
    await user.click(region.getByRole('button', { name: 'Resend the email' }));
    expect(
      await region.findByText('Too many attempts. Please wait a few minutes and try again.'),
    ).toBeInTheDocument();
  });

  it('hides for the browser session when dismissed', async () => {
    const { user } = renderApp('/about', { session: makeSession('listener', { emailVerified: false }) });
    await user.click(within(await banner()).getByRole('button', { name: 'Hide for now' }));
    expect(screen.queryByRole('complementary', { name: 'Email verification' })).toBeNull();
    expect(window.sessionStorage.getItem(VERIFY_BANNER_DISMISSED_KEY)).toBe('1');
  });

  it('goes without a reload once the address was verified elsewhere and the page comes back into view', async () => {
    const session = makeSession('listener', { emailVerified: false });
    let verified = false;
    const { stub } = renderApp('/about', {
      session,
      routes: [
        {
          method: 'GET',
          path: '/api/users/me',
          reply: () => json(200, { ...session.user, emailVerified: verified }),
        },
      ],
    });
    await banner();
    await waitFor(() => expect(stub.calls('GET', '/api/users/me')).toHaveLength(1));
    // The link is opened on a phone; the user comes back to this tab.
    verified = true;
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: 'Email verification' })).toBeNull(),
    );
    expect(stub.calls('GET', '/api/users/me')).toHaveLength(2);
  });

  it('does not read the account again on focus once verified', async () => {
    const { stub } = renderApp('/about', { session: makeSession('listener') });
    await screen.findByRole('main');
    await waitFor(() => expect(stub.calls('GET', '/api/users/me').length).toBeLessThanOrEqual(1));
    const before = stub.calls('GET', '/api/users/me').length;
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stub.calls('GET', '/api/users/me')).toHaveLength(before);
  });
});
