import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const admin = makeSession('admin');

const event = (id: string, overrides = {}) => ({
  _id: id,
  kind: 'password-changed',
  userId: '5b3e0f3a-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  userName: 'Noa Levi',
  actorId: null,
  detail: null,
  ip: '203.0.113.7',
  browser: 'Firefox 133',
  os: 'Android 14',
  createdAt: '2026-11-27T03:00:00.000Z',
  ...overrides,
});

describe('the security log on /admin/system (docs/decisions/0025-account-and-data.md)', () => {
  beforeAll(async () => {
    await import('./AdminSystemPage');
  }, 60_000);

  it('lists the events with translated kinds, then loads more from the cursor', async () => {
    const { user, stub } = renderApp('/admin/system?tab=security', {
      session: admin,
      routes: [
        {
          method: 'GET',
          path: '/api/admin/security-events',
          reply: (request) =>
            request.url.searchParams.get('cursor') === 'c2'
              ? json(200, {
                  data: {
                    events: [event('e3', { kind: 'account-deleted', userId: null, userName: null })],
                    hasMore: false,
                    nextCursor: null,
                  },
                })
              : json(200, {
                  data: {
                    events: [event('e1'), event('e2', { kind: 'session-revoked', ip: null })],
                    hasMore: true,
                    nextCursor: 'c2',
                  },
                }),
        },
      ],
    });
    const panel = await screen.findByRole('tabpanel', {}, { timeout: 5000 });
    expect(await within(panel).findByText('Password changed')).toBeInTheDocument();
    expect(within(panel).getByText('Session signed out')).toBeInTheDocument();
    expect(within(panel).getAllByRole('link', { name: 'Noa Levi' })[0]).toHaveAttribute(
      'href',
      '/admin/users/5b3e0f3a-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    );
    expect(within(panel).getAllByText(/Firefox 133 · Android 14/)).toHaveLength(2);
    await user.click(within(panel).getByRole('button', { name: 'Load more' }));
    expect(await within(panel).findByText('Account deleted')).toBeInTheDocument();
    expect(within(panel).getByText(/Deleted account/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(stub.calls('GET', '/api/admin/security-events')).toHaveLength(2);
  });

  it('says when there are none', async () => {
    renderApp('/admin/system?tab=security', {
      session: admin,
      routes: [
        {
          method: 'GET',
          path: '/api/admin/security-events',
          reply: () => json(200, { data: { events: [], hasMore: false, nextCursor: null } }),
        },
      ],
    });
    expect(await screen.findByText('No security events yet.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('says when the log cannot load', async () => {
    renderApp('/admin/system?tab=security', {
      session: admin,
      routes: [
        {
          method: 'GET',
          path: '/api/admin/security-events',
          reply: () => json(403, { message: 'Forbidden', code: 'FORBIDDEN' }),
        },
      ],
    });
    expect(
      await screen.findByText('We could not load the security log.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
