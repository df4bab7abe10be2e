import type { Invite } from '@josie/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type StubRoute } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { copyToClipboard } from './clipboard';

const CURATOR_ID = '0190a0b0-0000-7000-8000-0000000000c1';
const creator = { _id: CURATOR_ID, name: 'Noa Bar', avatar: null };
const curatorSession = makeSession('curator', { id: CURATOR_ID, _id: CURATOR_ID, name: 'Noa Bar' });

function makeInvite(overrides: Partial<Invite> = {}): Invite {
  return {
    _id: '0190a0b0-0000-7000-8000-0000000000e1',
    inviteText: 'Come listen with me',
    code: 'Xk3v9QmZt0bLr8WcYp2aFg',
    isActive: true,
    createdAt: '2024-05-01T10:00:00.000Z',
    expiresAt: '2099-05-31T10:00:00.000Z',
    usedBy: { count: 0, users: [] },
    stats: { pageVisits: 0 },
    creator,
    ...overrides,
  };
}

const older = makeInvite({
  _id: '0190a0b0-0000-7000-8000-0000000000e2',
  inviteText: 'Old disabled invite',
  code: 'disabledCode000000000A',
  isActive: false,
  createdAt: '2024-03-01T10:00:00.000Z',
});
const expired = makeInvite({
  _id: '0190a0b0-0000-7000-8000-0000000000e3',
  inviteText: 'Spring invite',
  code: 'expiredCode00000000000',
  isActive: false,
  createdAt: '2024-01-01T10:00:00.000Z',
  expiresAt: '2024-01-31T10:00:00.000Z',
});
const active = makeInvite({
  inviteText: 'Come listen with me',
  usedBy: {
    count: 8,
    users: [
      { _id: 'u1', name: 'Dana Levi', avatar: null },
      { _id: 'u2', name: 'Omer Katz', avatar: '/media/avatars/omer.webp' },
      { _id: 'u3', name: 'Maya', avatar: null },
      { _id: 'u4', name: 'Yoni', avatar: null },
      { _id: 'u5', name: 'Tal', avatar: null },
      { _id: 'u6', name: 'Roni', avatar: null },
      { _id: 'u7', name: 'Gal', avatar: null },
    ],
  },
  stats: { pageVisits: 1 },
});

const listRoute = (reply: StubRoute['reply']): StubRoute => ({
  method: 'GET',
  path: '/api/invites/my-invites',
  reply,
});

/** The list item of the invite whose message is `text`. */
const card = (text: string) => {
  const item = screen.getByText(text).closest('li');
  if (!item) throw new Error(`No invite card for ${text}`);
  return within(item);
};

afterEach(() => {
  // Sonner replays undismissed toasts to the next test's toaster.
  toast.dismiss();
});

describe('invite management (docs/product/routes-and-roles.md#invites, docs/product/rules-and-limits.md#invites, docs/product/messages.md#invites)', () => {
  it('lists the invites newest first with link, dates, uses, visits and status', async () => {
    renderApp('/invites', {
      session: curatorSession,
      routes: [listRoute(() => json(200, { invites: [expired, active, older] }))],
    });
    await screen.findByText('Come listen with me');
    // Each card is named by its message.
    const messages = screen
      .getAllByRole('article')
      .map((article) => document.getElementById(article.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(messages).toEqual(['Come listen with me', 'Old disabled invite', 'Spring invite']);

    const first = card('Come listen with me');
    const link = first.getByLabelText('Invite link');
    expect(link).toHaveValue(`${window.location.origin}/join/Xk3v9QmZt0bLr8WcYp2aFg`);
    expect(link).toHaveAttribute('dir', 'ltr');
    expect(link).toHaveAttribute('readonly');
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(first.getByText('May 1, 2024')).toBeInTheDocument();
    expect(first.getByText('May 31, 2099')).toBeInTheDocument();
    expect(first.getByText('8 people')).toBeInTheDocument();
    expect(first.getByText('1 visit')).toBeInTheDocument();
    expect(first.getByText('Dana Levi')).toBeInTheDocument();
    expect(first.getByText('Roni')).toBeInTheDocument();
    expect(first.queryByText('Gal')).not.toBeInTheDocument();
    expect(first.getByText('and 2 more')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Copy link' })).toBeEnabled();
    expect(first.getByRole('button', { name: 'Disable' })).toBeEnabled();

    const disabled = card('Old disabled invite');
    expect(disabled.getByText('Disabled')).toBeInTheDocument();
    expect(disabled.getByRole('button', { name: 'Copy link' })).toBeDisabled();
    expect(disabled.queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    expect(disabled.getByText('0 people')).toBeInTheDocument();
    expect(disabled.getByText('0 visits')).toBeInTheDocument();

    const past = card('Spring invite');
    expect(past.getByText('Expired')).toBeInTheDocument();
    expect(past.getByText('Jan 31, 2024')).toBeInTheDocument();
    expect(past.getByRole('button', { name: 'Copy link' })).toBeDisabled();
  });

  it('shows the empty state', async () => {
    renderApp('/invites', { session: curatorSession, routes: [listRoute(() => json(200, { invites: [] }))] });
    expect(await screen.findByText('No invites created yet')).toBeInTheDocument();
  });

  it("toasts 'Failed to load invites' and offers a retry", async () => {
    let fail = true;
    const { user } = renderApp('/invites', {
      session: curatorSession,
      routes: [
        listRoute(() =>
          fail ? json(403, { message: 'Forbidden', code: 'FORBIDDEN' }) : json(200, { invites: [active] }),
        ),
      ],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load invites');
    // The alert, and the toast once the toast area has loaded (it loads with the first toast).
    await waitFor(() => expect(screen.getAllByText('Failed to load invites')).toHaveLength(2));
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Come listen with me')).toBeInTheDocument();
  });

  it('requires a message before creating', async () => {
    const { user, stub } = renderApp('/invites', {
      session: curatorSession,
      routes: [listRoute(() => json(200, { invites: [] }))],
    });
    await user.type(await screen.findByLabelText('Invite message'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create invite' }));
    expect(await screen.findByText('Write a message for your invite')).toBeInTheDocument();
    expect(screen.getByLabelText('Invite message')).toHaveAttribute('aria-invalid', 'true');
    expect(stub.calls('POST', '/api/invites')).toHaveLength(0);
  });

  it('creates an invite, puts it first and clears the form', async () => {
    const created = makeInvite({
      _id: '0190a0b0-0000-7000-8000-0000000000e9',
      inviteText: 'Fresh invite',
      code: 'freshCode0000000000000',
      createdAt: '2024-06-01T10:00:00.000Z',
    });
    const { user, stub } = renderApp('/invites', {
      session: curatorSession,
      routes: [
        listRoute(() => json(200, { invites: [older] })),
        { method: 'POST', path: '/api/invites', reply: () => json(201, { invite: created }) },
      ],
    });
    await user.type(await screen.findByLabelText('Invite message'), '  Fresh invite ');
    await user.click(screen.getByRole('button', { name: 'Create invite' }));
    expect(await screen.findByText('Invite created successfully')).toBeInTheDocument();
    expect(stub.calls('POST', '/api/invites')[0]?.body).toEqual({ inviteText: 'Fresh invite' });
    const articles = screen.getAllByRole('article');
    expect(within(articles[0] as HTMLElement).getByText('Fresh invite')).toBeInTheDocument();
    expect(articles).toHaveLength(2);
    await waitFor(() => expect(screen.getByLabelText('Invite message')).toHaveValue(''));
  });

  it("toasts 'Failed to create invite' when the server refuses", async () => {
    const { user } = renderApp('/invites', {
      session: curatorSession,
      routes: [
        listRoute(() => json(200, { invites: [] })),
        {
          method: 'POST',
          path: '/api/invites',
          reply: () => json(403, { message: 'No', code: 'FORBIDDEN' }),
        },
      ],
    });
    await user.type(await screen.findByLabelText('Invite message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Create invite' }));
    expect(await screen.findByText('Failed to create invite')).toBeInTheDocument();
    expect(screen.getByLabelText('Invite message')).toHaveValue('Hello');
  });

  it('says the email must be verified first on a 403 EMAIL_NOT_VERIFIED, with a resend action', async () => {
    const { user } = renderApp('/invites', {
      session: curatorSession,
      routes: [
        listRoute(() => json(200, { invites: [] })),
        {
          method: 'POST',
          path: '/api/invites',
          reply: () => json(403, { message: 'Please verify your email first', code: 'EMAIL_NOT_VERIFIED' }),
        },
      ],
    });
    await user.type(await screen.findByLabelText('Invite message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Create invite' }));
    expect(
      await screen.findByText(/Please verify your email before you publish or invite/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend the email' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to create invite')).toBeNull();
  });

  it('copies the full link to the clipboard', async () => {
    const { user } = renderApp('/invites', {
      session: curatorSession,
      routes: [listRoute(() => json(200, { invites: [active] }))],
    });
    await screen.findByText('Come listen with me');
    await user.click(card('Come listen with me').getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Invite link copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/join/Xk3v9QmZt0bLr8WcYp2aFg`,
    );
  });

  it('disables an invite after confirmation', async () => {
    const { user, stub } = renderApp('/invites', {
      session: curatorSession,
      routes: [
        listRoute(() => json(200, { invites: [active] })),
        {
          method: 'POST',
          path: `/api/invites/${active._id}/disable`,
          reply: () => json(200, { invite: { ...active, isActive: false } }),
        },
      ],
    });
    await screen.findByText('Come listen with me');
    await user.click(card('Come listen with me').getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disable this invite?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(stub.calls('POST', `/api/invites/${active._id}/disable`)).toHaveLength(0);

    await user.click(card('Come listen with me').getByRole('button', { name: 'Disable' }));
    await user.click(await screen.findByRole('button', { name: 'Disable invite' }));
    expect(await screen.findByText('Invite disabled successfully')).toBeInTheDocument();
    expect(stub.calls('POST', `/api/invites/${active._id}/disable`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const item = card('Come listen with me');
    expect(item.getByText('Disabled')).toBeInTheDocument();
    expect(item.getByRole('button', { name: 'Copy link' })).toBeDisabled();
    expect(item.queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
  });

  it("toasts 'Failed to disable invite' and keeps it active", async () => {
    const { user } = renderApp('/invites', {
      session: curatorSession,
      routes: [
        listRoute(() => json(200, { invites: [active] })),
        {
          method: 'POST',
          path: `/api/invites/${active._id}/disable`,
          reply: () => json(403, { message: 'You can only manage your own invites', code: 'FORBIDDEN' }),
        },
      ],
    });
    await screen.findByText('Come listen with me');
    await user.click(card('Come listen with me').getByRole('button', { name: 'Disable' }));
    await user.click(await screen.findByRole('button', { name: 'Disable invite' }));
    expect(await screen.findByText('Failed to disable invite')).toBeInTheDocument();
    expect(card('Come listen with me').getByText('Active')).toBeInTheDocument();
  });
});

describe('copyToClipboard', () => {
  it('falls back to a selected text area when the Clipboard API is missing', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    let copied = '';
    const execCommand = vi.fn((command: string) => {
      copied = command === 'copy' ? (document.activeElement as HTMLTextAreaElement).value : '';
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();

    await expect(copyToClipboard('https://josie.example/join/abc')).resolves.toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toBe('https://josie.example/join/abc');
    expect(document.querySelector('textarea')).toBeNull();
    expect(document.activeElement).toBe(button);
    button.remove();
  });

  it('answers false when nothing can copy', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: () => Promise.reject(new Error('denied')) },
    });
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    await expect(copyToClipboard('x')).resolves.toBe(false);
  });
});
