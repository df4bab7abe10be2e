import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type StubReply } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';

const INITIATE = '/api/users/reset-password/initiate';
const COMPLETE = '/api/users/reset-password/complete';
const SENT = { success: true, message: 'If an account exists for this email, a reset link has been sent.' };
const DONE = {
  success: true,
  message: 'Your password has been reset. You can now log in with your new password.',
};
const LINK = '/reset-password?email=dana%40example.com&token=abc123token';

afterEach(() => {
  vi.useRealTimers();
});

describe('reset password, initiate mode (docs/product/rules-and-limits.md#passwords-and-reset, docs/product/messages.md#sign-in-and-account)', () => {
  it.each(['', 'dana.example.com'])('refuses %j before sending (invalidEmail)', async (email) => {
    const { user, stub } = renderApp('/reset-password');
    if (email) await user.type(await screen.findByLabelText('Email'), email);
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(stub.calls('POST', INITIATE)).toHaveLength(0);
  });

  it('sends the email and says to check it', async () => {
    const { user, stub } = renderApp('/reset-password', {
      routes: [{ method: 'POST', path: INITIATE, reply: () => json(200, SENT) }],
    });
    await user.type(await screen.findByLabelText('Email'), ' Dana@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      "If an account exists for dana@example.com, we've sent it a link to reset your password.",
    );
    expect(screen.getByRole('status')).toHaveTextContent('The link works for 60 minutes.');
    expect(stub.calls('POST', INITIATE)[0]?.body).toEqual({ email: 'dana@example.com' });
    await user.click(screen.getByRole('button', { name: 'Use another email' }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });

  it('fills in the email of the query', async () => {
    renderApp('/reset-password?email=noa%40example.com');
    expect(await screen.findByLabelText('Email')).toHaveValue('noa@example.com');
  });

  it.each<[string, () => StubReply]>([
    ['a server failure', () => json(500, { message: 'Internal server error', code: 'INTERNAL_ERROR' })],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('shows initiateError on %s', async (_case, reply) => {
    const { user } = renderApp('/reset-password', { routes: [{ method: 'POST', path: INITIATE, reply }] });
    await user.type(await screen.findByLabelText('Email'), 'dana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(
      "We couldn't send the reset email. Please try again.",
    );
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
  });

  it("shows the code's text for a refusal such as too many requests, never the server's words", async () => {
    const { user } = renderApp('/reset-password', {
      routes: [
        {
          method: 'POST',
          path: INITIATE,
          reply: () =>
            json(429, {
              message: 'Too many reset requests for this email. Please try again later.',
              code: 'RATE_LIMITED',
            }),
        },
      ],
    });
    await user.type(await screen.findByLabelText('Email'), 'dana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts. Please wait a few minutes and try again.');
    expect(alert).not.toHaveTextContent('Too many reset requests');
  });

  it('goes to /login on Cancel', async () => {
    const { user, router } = renderApp('/reset-password');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('reset password, complete mode (docs/product/rules-and-limits.md#passwords-and-reset, docs/product/messages.md#sign-in-and-account)', () => {
  it.each([
    '/reset-password?token=abc123token',
    '/reset-password?email=dana%40example.com&token=',
    '/reset-password?email=not-an-email&token=abc123token',
  ])('says the link is incomplete (missingParams): %s', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'This reset link is incomplete' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The link is missing the email or the reset code. Open the link from the email again, or request a new one.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/reset-password/),
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it.each([
    ['', '', 'Please enter a new password'],
    ['short', 'short', 'Password must be at least 8 characters'],
  ])('checks the new password (%j)', async (password, confirmation, message) => {
    const { user, stub } = renderApp(LINK);
    if (password) await user.type(await screen.findByLabelText('New password'), password);
    if (confirmation) await user.type(screen.getByLabelText('Confirm new password'), confirmation);
    await user.click(await screen.findByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
    expect(stub.calls('POST', COMPLETE)).toHaveLength(0);
  });

  it('shows a guessable password refusal under the new password field (passwordTooGuessable)', async () => {
    const { user, stub } = renderApp(LINK, {
      routes: [
        {
          method: 'POST',
          path: COMPLETE,
          reply: () => json(400, { message: 'This password is too common.', code: 'WEAK_PASSWORD' }),
        },
      ],
    });
    await user.type(await screen.findByLabelText('New password'), '12345678');
    await user.type(screen.getByLabelText('Confirm new password'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const message =
      'This password is too common or too easy to guess. Choose a longer, less predictable one.';
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        expect.stringContaining(message),
      ),
    );
    expect(stub.calls('POST', COMPLETE)).toHaveLength(1);
    // Not the invalid-link state: the same link can be used with a better password.
    expect(screen.queryByRole('link', { name: 'Request a new link' })).not.toBeInTheDocument();
  });

  it('checks the confirmation (passwordsDoNotMatch)', async () => {
    const { user, stub } = renderApp(LINK);
    await user.type(await screen.findByLabelText('New password'), 'a-good-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'another-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'Passwords do not match',
    );
    expect(stub.calls('POST', COMPLETE)).toHaveLength(0);
  });

  it('resets the password, says so, and goes to /login after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router, stub } = renderApp(LINK, {
      routes: [{ method: 'POST', path: COMPLETE, reply: () => json(200, DONE) }],
    });
    expect(await screen.findByText('dana@example.com')).toBeInTheDocument();
    await user.type(await screen.findByLabelText('New password'), 'a-good-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-good-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been reset. Taking you to the login page…',
    );
    expect(stub.calls('POST', COMPLETE)[0]?.body).toEqual({
      email: 'dana@example.com',
      token: 'abc123token',
      newPassword: 'a-good-password',
    });
    act(() => vi.advanceTimersByTime(2900));
    expect(router.state.location.pathname).toBe('/reset-password');
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it.each<[string, StubReply, string]>([
    [
      'an invalid or expired link',
      json(400, { message: 'Invalid or expired reset link', code: 'INVALID_RESET_TOKEN' }),
      'Invalid or expired reset link',
    ],
    [
      "the code's text",
      json(429, { message: 'Server words', code: 'RATE_LIMITED' }),
      'Too many attempts. Please wait a few minutes and try again.',
    ],
    ['completeError without one', json(502, {}), 'Failed to reset your password. Please try again.'],
  ])('shows %s', async (_case, reply, expected) => {
    const { user, router } = renderApp(LINK, {
      routes: [{ method: 'POST', path: COMPLETE, reply: () => reply }],
    });
    await user.type(await screen.findByLabelText('New password'), 'a-good-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-good-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(expected);
    expect(router.state.location.pathname).toBe('/reset-password');
    const newLink = screen.queryByRole('link', { name: 'Request a new link' });
    if (expected === 'Invalid or expired reset link') {
      expect(newLink).toHaveAttribute('href', '/reset-password?email=dana%40example.com');
    } else {
      expect(newLink).not.toBeInTheDocument();
    }
  });

  it('goes to /login on Cancel', async () => {
    const { user, router } = renderApp(LINK);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('is in Hebrew when the language is Hebrew', async () => {
    window.localStorage.setItem('i18nextLng', 'he');
    renderApp(LINK, { flags: { language_select: 'true' } });
    expect(await screen.findByRole('heading', { name: 'איפוס הסיסמה' })).toBeInTheDocument();
    expect(screen.getByLabelText('סיסמה חדשה')).toBeInTheDocument();
    expect(screen.getByText('dana@example.com')).toHaveAttribute('dir', 'ltr');
  });
});
