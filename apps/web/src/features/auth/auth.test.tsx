import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

describe('login page (docs/product/routes-and-roles.md#guards, docs/product/rules-and-limits.md#accounts-and-sessions, docs/product/messages.md#sign-in-and-account)', () => {
  it("shows the code's text, never the server's message, when login fails", async () => {
    const { user } = renderApp('/login', {
      routes: [
        {
          method: 'POST',
          path: '/api/auth/login',
          reply: () => json(401, { message: 'Server words', code: 'INVALID_CREDENTIALS' }),
        },
      ],
    });
    await user.type(await screen.findByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Wrong email or password\.$/);
  });

  it('says so in Hebrew when a Hebrew reader is locked out of sign-in', async () => {
    window.localStorage.setItem('i18nextLng', 'he');
    const { user } = renderApp('/login', {
      flags: { language_select: 'true' },
      routes: [
        {
          method: 'POST',
          path: '/api/auth/login',
          reply: () =>
            json(429, {
              message: 'Too many attempts for this account. Please try again later.',
              code: 'RATE_LIMITED',
            }),
        },
      ],
    });
    // The Hebrew texts and the page load first: a busy machine may take longer than the default second.
    await user.type(await screen.findByLabelText('אימייל', {}, { timeout: 10_000 }), 'dana@example.com');
    await user.type(screen.getByLabelText('סיסמה'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'התחברות' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('יותר מדי ניסיונות. חכו כמה דקות ונסו שוב.');
  });

  it("falls back to 'Login failed' when the server sends no message", async () => {
    const { user } = renderApp('/login', {
      routes: [
        {
          method: 'POST',
          path: '/api/auth/login',
          reply: () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
        },
      ],
    });
    await user.type(await screen.findByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  });

  it('validates before sending anything', async () => {
    const { user, stub } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(stub.calls('POST', '/api/auth/login')).toHaveLength(0);
  });

  it('links to password reset and signup', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('disables unconfigured providers and says so', async () => {
    renderApp('/login');
    const spotify = await screen.findByRole('button', { name: 'Continue with Spotify' });
    const youtube = screen.getByRole('button', { name: 'Continue with YouTube' });
    await waitFor(() =>
      expect(spotify).toHaveAccessibleDescription('Spotify sign-in is not configured on this server'),
    );
    expect(spotify).toBeDisabled();
    expect(youtube).toBeDisabled();
    expect(youtube).toHaveAccessibleDescription('YouTube sign-in is not configured on this server');
  });

  it('enables a configured provider', async () => {
    renderApp('/login', {
      routes: [
        {
          method: 'GET',
          path: '/api/auth/providers',
          reply: () => json(200, { spotify: true, google: false }),
        },
      ],
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Spotify' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Continue with YouTube' })).toBeDisabled();
  });

  it('goes to / after a login that did not come from a guarded page', async () => {
    const { user, router } = renderApp('/login', {
      routes: [{ method: 'POST', path: '/api/auth/login', reply: () => json(200, makeSession('listener')) }],
    });
    await user.type(await screen.findByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('signup page (docs/product/routes-and-roles.md#guards, docs/product/rules-and-limits.md#accounts-and-sessions, docs/product/messages.md#sign-in-and-account)', () => {
  async function fill(user: ReturnType<typeof renderApp>['user'], password: string, confirm: string) {
    await user.type(await screen.findByLabelText('Name'), 'Dana Levi');
    await user.type(screen.getByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), password);
    await user.type(screen.getByLabelText('Confirm password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
  }

  it('refuses a confirmation that differs from the password', async () => {
    const { user, stub } = renderApp('/signup');
    await fill(user, 'password-one', 'password-two');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
    expect(stub.calls('POST', '/api/auth/signup')).toHaveLength(0);
  });

  it('requires at least 8 characters', async () => {
    const { user, stub } = renderApp('/signup');
    await fill(user, 'short', 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(stub.calls('POST', '/api/auth/signup')).toHaveLength(0);
  });

  it('signs up with the interface language, then says to check the inbox and sign in (no session)', async () => {
    const { user, router, stub } = renderApp('/signup', {
      routes: [
        {
          method: 'POST',
          path: '/api/auth/signup',
          reply: () =>
            json(201, { success: true, message: 'Check your email to finish signing up, then sign in.' }),
        },
      ],
    });
    await fill(user, 'a-good-password', 'a-good-password');
    // The same answer for a new address and one with an account (decision 0037): nobody is signed in.
    expect(await screen.findByRole('status')).toHaveTextContent(
      "We've sent a message to dana@example.com. Follow it to confirm your address, then log in.",
    );
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(stub.calls('POST', '/api/auth/signup')[0]?.body).toEqual({
      name: 'Dana Levi',
      email: 'dana@example.com',
      password: 'a-good-password',
      preferredLanguage: 'en',
    });
    await user.click(screen.getByRole('link', { name: 'Go to log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('says to check the inbox in Hebrew, the address isolated', async () => {
    window.localStorage.setItem('i18nextLng', 'he');
    const { user } = renderApp('/signup', {
      flags: { language_select: 'true' },
      routes: [
        { method: 'POST', path: '/api/auth/signup', reply: () => json(201, { success: true, message: 'x' }) },
      ],
    });
    // The Hebrew texts load on first use.
    await user.type(await screen.findByLabelText('שם', {}, { timeout: 10_000 }), 'Dana Levi');
    await user.type(screen.getByLabelText('אימייל'), 'dana@example.com');
    await user.type(screen.getByLabelText('סיסמה'), 'a-good-password');
    await user.type(screen.getByLabelText('אימות סיסמה'), 'a-good-password');
    await user.click(screen.getByRole('button', { name: 'הרשמה' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('שלחנו הודעה אל dana@example.com.');
    expect(status.querySelector('bdi')).toHaveTextContent('dana@example.com');
  });

  it.each([
    [
      json(429, { message: 'Server words', code: 'RATE_LIMITED' }),
      'Too many attempts. Please wait a few minutes and try again.',
    ],
    [json(500, {}), 'Failed to create account'],
  ])("shows the code's text, else the fallback", async (reply, expected) => {
    const { user } = renderApp('/signup', {
      routes: [{ method: 'POST', path: '/api/auth/signup', reply: () => reply }],
    });
    await fill(user, 'a-good-password', 'a-good-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(expected);
  });

  it('shows a guessable password refusal under the password field, in the interface language', async () => {
    window.localStorage.setItem('i18nextLng', 'he');
    const { user } = renderApp('/signup', {
      flags: { language_select: 'true' },
      routes: [
        {
          method: 'POST',
          path: '/api/auth/signup',
          reply: () => json(400, { message: 'This password is too common.', code: 'WEAK_PASSWORD' }),
        },
      ],
    });
    await user.type(await screen.findByLabelText('שם'), 'Dana Levi');
    await user.type(screen.getByLabelText('אימייל'), 'dana@example.com');
    await user.type(screen.getByLabelText('סיסמה'), 'password');
    await user.type(screen.getByLabelText('אימות סיסמה'), 'password');
    await user.click(screen.getByRole('button', { name: 'הרשמה' }));
    const message = 'הסיסמה הזו נפוצה מדי או קלה מדי לניחוש. יש לבחור סיסמה ארוכה יותר וצפויה פחות.';
    await waitFor(() =>
      expect(screen.getByLabelText('סיסמה')).toHaveAccessibleDescription(expect.stringContaining(message)),
    );
    expect(screen.queryByText('This password is too common.')).not.toBeInTheDocument();
  });
});
