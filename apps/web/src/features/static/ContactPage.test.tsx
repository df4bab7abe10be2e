import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

describe('contact page (docs/product/differences.md#placeholders-that-work)', () => {
  it('stores the message and confirms with a toast', async () => {
    const { user, stub } = renderApp('/contact', {
      routes: [{ method: 'POST', path: '/api/contact', reply: () => json(201, { success: true }) }],
    });
    await user.type(await screen.findByLabelText('Name'), 'Dana');
    await user.type(screen.getByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Message'), 'Love it');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('4993 characters left');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Thanks! Your message has been sent.')).toBeInTheDocument();
    expect(stub.calls('POST', '/api/contact')[0]?.body).toEqual({
      name: 'Dana',
      email: 'dana@example.com',
      message: 'Love it',
    });
    await waitFor(() => expect(screen.getByLabelText('Message')).toHaveValue(''));
  });

  it('shows field errors before sending', async () => {
    const { user, stub } = renderApp('/contact');
    await user.click(await screen.findByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Write a message')).toBeInTheDocument();
    expect(stub.calls('POST', '/api/contact')).toHaveLength(0);
  });

  it("puts the server's field issues on the fields", async () => {
    const { user } = renderApp('/contact', {
      routes: [
        {
          method: 'POST',
          path: '/api/contact',
          reply: () =>
            json(400, {
              message: 'Invalid body.message: Too long',
              code: 'VALIDATION_ERROR',
              issues: [{ path: 'body.message', message: 'Too long' }],
            }),
        },
      ],
    });
    await user.type(await screen.findByLabelText('Name'), 'Dana');
    await user.type(screen.getByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(/Too long/));
  });

  it('fills in the signed-in user', async () => {
    renderApp('/contact', { session: makeSession('listener', { name: 'Noa', email: 'noa@example.com' }) });
    expect(await screen.findByLabelText('Name')).toHaveValue('Noa');
    expect(screen.getByLabelText('Email')).toHaveValue('noa@example.com');
  });
});
