import { ROUTES } from '@josie/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStoredSession } from '../../session/storage';
import { json } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
// Loaded up front so the routes' lazy imports resolve at once.
import './EmailLinkPages';

const invalid = () => json(400, { message: 'Invalid or expired link', code: 'INVALID_EMAIL_LINK' });

afterEach(() => {
  vi.unstubAllGlobals();
  // A `?lng=` link is remembered as a choice (LanguageSync); the test setup clears the cookie.
  localStorage.removeItem('i18nextLng');
  window.history.replaceState(null, '', '/');
});

describe('/verify-email (docs/decisions/0025-account-and-data.md)', () => {
  it('posts the token once, says so and refreshes the stored user', async () => {
    const session = makeSession('curator', { emailVerified: false });
    const { stub } = renderApp('/verify-email?token=abc', {
      session,
      routes: [
        { ...ROUTES.verifyEmail, reply: () => json(200, { success: true, message: 'Verified' }) },
        { ...ROUTES.me, reply: () => json(200, { ...session.user, emailVerified: true }) },
      ],
    });
    expect(
      await screen.findByText(
        'Thank you: your email is verified. You can now publish josies and invite listeners.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write your first josie' })).toHaveAttribute(
      'href',
      '/josie/new',
    );
    expect(stub.calls('POST', '/api/users/verify-email')).toHaveLength(1);
    expect(stub.calls('POST', '/api/users/verify-email')[0]?.body).toEqual({ token: 'abc' });
    await waitFor(() => {
      const stored = readStoredSession();
      expect(stored.status === 'valid' && stored.session.user.emailVerified).toBe(true);
    });
    // The banner has gone with it.
    expect(screen.queryByRole('complementary', { name: 'Email verification' })).toBeNull();
  });

  it('asks a listener to find curators to follow, and a visitor to log in', async () => {
    const session = makeSession('listener', { emailVerified: false });
    const verified = {
      ...ROUTES.verifyEmail,
      reply: () => json(200, { success: true, message: 'Verified' }),
    };
    const listener = renderApp('/verify-email?token=abc', {
      session,
      routes: [verified, { ...ROUTES.me, reply: () => json(200, { ...session.user, emailVerified: true }) }],
    });
    expect(
      await screen.findByText(/Start following curators whose taste you like/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find curators to follow' })).toHaveAttribute('href', '/explore');
    listener.unmount();
    localStorage.clear();

    renderApp('/verify-email?token=abc', { routes: [verified] });
    expect(
      await screen.findByText('Thank you: your email is verified. Log in to go on.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('says "already verified" to a second click, in English and in the Hebrew of a Hebrew mail', async () => {
    const already = {
      ...ROUTES.verifyEmail,
      reply: () =>
        json(409, { message: 'Your email address is already verified.', code: 'ALREADY_VERIFIED' }),
    };
    const english = renderApp('/verify-email?token=used', { routes: [already] });
    expect(
      await screen.findByRole('heading', { name: 'Already verified' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('this link was used before');
    english.unmount();

    // The app reads `lng` from the address bar (`LanguageSync`), which a memory router does not set.
    window.history.replaceState(null, '', '/verify-email?token=used&lng=he');
    renderApp('/verify-email?token=used&lng=he', {
      routes: [already],
      flags: { language_select: 'true' },
    });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'), { timeout: 5000 });
    expect(
      await screen.findByRole('heading', { name: 'המייל כבר אומת' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/כתובת המייל שלכם כבר אומתה: הקישור הזה כבר נוצל/)).toBeInTheDocument();
  });

  it('says an invalid link is invalid and offers a new one to a signed-in, unverified user', async () => {
    const session = makeSession('curator', { emailVerified: false });
    const { user, stub } = renderApp('/verify-email?token=old', {
      session,
      routes: [
        { ...ROUTES.verifyEmail, reply: invalid },
        { ...ROUTES.resendVerification, reply: () => json(200, { success: true, message: 'Sent' }) },
      ],
    });
    expect(
      await screen.findByText('This link is invalid or has expired.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Verify your email' });
    await user.click(within(card).getByRole('button', { name: 'Resend the email' }));
    await waitFor(() => expect(stub.calls('POST', '/api/users/me/verify-email/resend')).toHaveLength(1));
  });

  it('says a link without a token is invalid, without a call', async () => {
    const { stub } = renderApp('/verify-email');
    expect(
      await screen.findByText('This link is invalid or has expired.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(stub.calls('POST', '/api/users/verify-email')).toHaveLength(0);
  });
});

describe('/confirm-email (docs/decisions/0025-account-and-data.md)', () => {
  it('confirms the new address signed out', async () => {
    const { stub } = renderApp('/confirm-email?token=t1', {
      routes: [
        { ...ROUTES.confirmEmailChange, reply: () => json(200, { success: true, message: 'Changed' }) },
      ],
    });
    expect(
      await screen.findByText('Your email address was changed.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(stub.calls('POST', '/api/users/confirm-email')[0]?.body).toEqual({ token: 't1' });
  });

  it('says an expired link is invalid', async () => {
    renderApp('/confirm-email?token=t1', { routes: [{ ...ROUTES.confirmEmailChange, reply: invalid }] });
    expect(
      await screen.findByText('This link is invalid or has expired.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

describe('/account/delete (docs/decisions/0025-account-and-data.md)', () => {
  it('deletes only once confirmed, with the token, then leaves for the goodbye', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    const { user, stub } = renderApp('/account/delete?token=del-1', {
      session: makeSession('listener'),
      routes: [{ ...ROUTES.deleteAccount, reply: () => json(200, { success: true }) }],
    });
    const confirm = await screen.findByRole('button', { name: 'Delete my account' }, { timeout: 5000 });
    expect(stub.calls('DELETE', '/api/users/me')).toHaveLength(0);
    await user.click(confirm);
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/?goodbye=1'));
    expect(stub.calls('DELETE', '/api/users/me')[0]?.body).toEqual({ token: 'del-1' });
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('tells an invalid link and the last admin apart', async () => {
    let answer = invalid();
    const { user } = renderApp('/account/delete?token=del-1', {
      session: makeSession('admin'),
      routes: [{ ...ROUTES.deleteAccount, reply: () => answer }],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }, { timeout: 5000 }));
    expect(await screen.findByText('This link is invalid or has expired.')).toBeInTheDocument();
    answer = json(409, { message: 'Last admin', code: 'LAST_ADMIN' });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(/You are the last admin/)).toBeInTheDocument();
    expect(window.localStorage.getItem('user')).not.toBeNull();
  });
});
