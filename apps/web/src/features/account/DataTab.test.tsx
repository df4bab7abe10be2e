import { ROUTES } from '@josie/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type StubRoute } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { accountRoutes } from './testing';
// Loaded up front so the route's lazy import resolves at once in every test.
import './AccountPage';

const CREATED = '2026-11-26T10:00:00.000Z';
const pending = { status: 'pending', url: null, createdAt: CREATED, expiresAt: null };
const ready = {
  status: 'ready',
  url: '/api/users/me/export/download',
  createdAt: CREATED,
  expiresAt: '2099-12-03T10:00:00.000Z',
};

function open(routes: StubRoute[], role: 'listener' | 'admin' = 'listener', hasPassword = true) {
  const session = makeSession(role, { email: 'noa@example.com', hasPassword });
  return renderApp('/account?tab=data', { session, routes: [...routes, ...accountRoutes(session.user)] });
}

const exportRegion = () => within(screen.getByRole('region', { name: 'Export your data' }));

afterEach(() => vi.useRealTimers());

describe('export (docs/decisions/0025-account-and-data.md)', () => {
  it('starts an export, polls while it is pending, then downloads the zip with the session token', async () => {
    let current: object | null = null;
    const { user, stub } = open([
      { ...ROUTES.getExport, reply: () => json(200, { export: current }) },
      {
        ...ROUTES.startExport,
        reply: () => {
          current = pending;
          return json(202, { export: pending });
        },
      },
      {
        ...ROUTES.downloadExport,
        reply: () => new Response(new Blob(['PK zip']), { headers: { 'content-type': 'application/zip' } }),
      },
    ]);
    const createObjectURL = vi.fn(() => 'blob:export');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    await user.click(await screen.findByRole('button', { name: 'Export my data' }, { timeout: 5000 }));
    expect(await screen.findByText(/We are preparing your export/)).toBeInTheDocument();
    expect(stub.calls('POST', '/api/users/me/export')).toHaveLength(1);

    current = ready;
    // The pending export is asked about again every few seconds.
    await screen.findByRole('button', { name: 'Download the zip' }, { timeout: 6000 });
    expect(exportRegion().getByText(/You can download it until/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download the zip' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const download = stub.calls('GET', '/api/users/me/export/download')[0];
    expect(download?.headers.get('authorization')).toBe('Bearer token-listener');
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  }, 15_000);

  it("shows the one-a-day refusal's message", async () => {
    const { user } = open([
      {
        ...ROUTES.startExport,
        reply: () =>
          json(429, { message: 'You can export once a day. Try again in 23 hours.', code: 'RATE_LIMITED' }),
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Export my data' }, { timeout: 5000 }));
    expect(
      await screen.findByText('You can ask for one export a day. Please try again tomorrow.'),
    ).toBeInTheDocument();
  });

  it('offers a retry after a failed export', async () => {
    const current = { ...pending, status: 'failed' };
    const { user, stub } = open([
      { ...ROUTES.getExport, reply: () => json(200, { export: current }) },
      { ...ROUTES.startExport, reply: () => json(202, { export: pending }) },
    ]);
    expect(await screen.findByText('Your export could not be made.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try the export again' }));
    await waitFor(() => expect(stub.calls('POST', '/api/users/me/export')).toHaveLength(1));
  });

  it('says an expired export has expired', async () => {
    open([
      {
        ...ROUTES.getExport,
        reply: () => json(200, { export: { ...ready, expiresAt: '2020-01-01T00:00:00.000Z' } }),
      },
    ]);
    expect(await screen.findByText('Your last export has expired.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export my data' })).toBeInTheDocument();
  });
});

describe('delete the account (docs/decisions/0025-account-and-data.md)', () => {
  async function openDialog(user: ReturnType<typeof open>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }, { timeout: 5000 }));
    return within(await screen.findByRole('alertdialog', { name: 'Delete your account for good?' }));
  }

  it('asks for the password, focusing it, and refuses an empty one without a call', async () => {
    const { user, stub } = open([]);
    const dialog = await openDialog(user);
    await waitFor(() => expect(dialog.getByLabelText('Your password')).toHaveFocus());
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText('Please enter your password')).toBeInTheDocument();
    expect(stub.calls('DELETE', '/api/users/me')).toHaveLength(0);
  });

  it('keeps the session on a wrong password', async () => {
    const { user } = open([
      {
        ...ROUTES.deleteAccount,
        reply: () => json(400, { message: 'Wrong password', code: 'WRONG_PASSWORD' }),
      },
    ]);
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('Your password'), 'bad');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText('That password is not right')).toBeInTheDocument();
    expect(window.localStorage.getItem('user')).not.toBeNull();
  });

  it('tells the last admin why not', async () => {
    const { user } = open(
      [{ ...ROUTES.deleteAccount, reply: () => json(409, { message: 'Last admin', code: 'LAST_ADMIN' }) }],
      'admin',
    );
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('Your password'), 'right-password');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText(/You are the last admin/)).toBeInTheDocument();
  });

  it('deletes with the password, signs out and loads the home page with its goodbye', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    const { user, stub } = open([{ ...ROUTES.deleteAccount, reply: () => json(200, { success: true }) }]);
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('Your password'), 'right-password');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/?goodbye=1'));
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(stub.calls('DELETE', '/api/users/me')[0]?.body).toEqual({ password: 'right-password' });
    vi.unstubAllGlobals();
  });

  it('says goodbye on the home page', async () => {
    renderApp('/?goodbye=1');
    expect(await screen.findByText(/Your account was deleted/, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('offers an account without a password the mailed link, not a password field', async () => {
    const { user, stub } = open(
      [{ ...ROUTES.requestDeleteLink, reply: () => json(200, { success: true, message: 'Sent' }) }],
      'listener',
      false,
    );
    const dialog = await openDialog(user);
    expect(dialog.queryByLabelText('Your password')).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Delete my account' })).toBeNull();
    expect(
      dialog.getByText(/Your account has no password \(you signed up with Spotify or Google\)/),
    ).toBeInTheDocument();
    const send = dialog.getByRole('button', { name: 'Email me a confirmation link' });
    await waitFor(() => expect(send).toHaveFocus());
    await user.click(send);
    expect(await dialog.findByText('We sent a confirmation link to noa@example.com.')).toBeInTheDocument();
    expect(stub.calls('POST', '/api/users/me/delete-link')).toHaveLength(1);
    expect(stub.calls('DELETE', '/api/users/me')).toHaveLength(0);
  });

  it('asks a password account for its password only, and names what is deleted and what Josie keeps', async () => {
    const { user } = open([]);
    const dialog = await openDialog(user);
    expect(dialog.getByLabelText('Your password')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Email me a confirmation link' })).toBeNull();
    expect(
      dialog.getByText(
        /^Your profile, josies and their images, likes, saved josies, follows, invites and notifications will be deleted/,
      ),
    ).toHaveTextContent('Josie keeps only the text of messages you sent through the contact form');
  });

  it('turns to the mailed link when the server says the account has no password', async () => {
    const { user } = open([
      { ...ROUTES.deleteAccount, reply: () => json(400, { message: 'No password', code: 'NO_PASSWORD' }) },
    ]);
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('Your password'), 'anything');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByRole('button', { name: 'Email me a confirmation link' })).toBeInTheDocument();
    expect(dialog.queryByLabelText('Your password')).toBeNull();
  });
});
