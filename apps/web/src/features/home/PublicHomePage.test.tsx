import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';

describe('public home page newsletter (docs/product/differences.md#placeholders-that-work)', () => {
  it('subscribes the email and can subscribe it again', async () => {
    const { user, stub } = renderApp('/', {
      routes: [{ method: 'POST', path: '/api/newsletter', reply: () => json(200, { success: true }) }],
    });
    // The schema (and zod) loads with the first submit: the first time may take longer than a second.
    const email = await screen.findByLabelText('Email address', {}, { timeout: 5000 });
    await user.type(email, ' Fan@Example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText("Thanks! You're subscribed.")).toBeInTheDocument();
    expect(stub.calls('POST', '/api/newsletter')[0]?.body).toEqual({ email: 'fan@example.com' });
    await waitFor(() => expect(email).toHaveValue(''));

    await user.type(email, 'fan@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(stub.calls('POST', '/api/newsletter')).toHaveLength(2));
  });

  it('refuses an invalid email without calling the server', async () => {
    const { user, stub } = renderApp('/');
    await user.type(await screen.findByLabelText('Email address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(stub.calls('POST', '/api/newsletter')).toHaveLength(0);
  });

  it("says why subscribing failed, in the words of its error code (never the server's English)", async () => {
    const { user } = renderApp('/', {
      routes: [
        {
          method: 'POST',
          path: '/api/newsletter',
          reply: () =>
            json(429, { message: 'Too many requests. Please try again in 1 minute.', code: 'RATE_LIMITED' }),
        },
      ],
    });
    await user.type(await screen.findByLabelText('Email address'), 'fan@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts. Please wait a few minutes and try again.');
    expect(alert).not.toHaveTextContent('Too many requests');
  });
});
