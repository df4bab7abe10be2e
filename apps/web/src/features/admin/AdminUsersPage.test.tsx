import type { AdminUserRow, AdminUsersResponse } from '@josie/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { json, type RecordedRequest } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { makeUserRows } from './testData';

const admin = makeSession('admin');
let phoneScreen: MockInstance<typeof window.matchMedia> | null = null;

function page(users: AdminUserRow[], extra: Partial<AdminUsersResponse> = {}): AdminUsersResponse {
  return { users, total: users.length, page: 1, pageSize: 20, totalPages: 1, ...extra };
}

/** The query of each `GET /api/admin/users`, as `search=..&role=..&page=..`. */
const listQueries = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.path === '/api/admin/users').map((r) => r.url.search);

describe('admin users (docs/product/routes-and-roles.md#admin, docs/product/rules-and-limits.md#admin)', () => {
  // Compile the lazily loaded page once up front, so no test's time limit pays for it.
  beforeAll(async () => {
    await import('./AdminUsersPage');
  }, 60_000);

  afterEach(() => {
    phoneScreen?.mockRestore();
    phoneScreen = null;
  });

  it('lists users with role badges, and offers Delete for everyone but admins', async () => {
    const [listener, adminRow, curator] = makeUserRows(['listener', 'admin', 'curator']);
    renderApp('/admin/users', {
      session: admin,
      routes: [
        {
          method: 'GET',
          path: '/api/admin/users',
          reply: () => json(200, page([listener!, adminRow!, curator!])),
        },
      ],
    });

    const table = await screen.findByRole('table', { name: 'Users' }, { timeout: 5000 });
    const row = within(table).getByRole('row', { name: /Noa Cohen/ });
    expect(row).toHaveTextContent('noa@example.com');
    expect(row).toHaveTextContent('Listener');
    expect(row).toHaveTextContent('Mar 5, 2024');
    expect(within(row).getByRole('link', { name: 'View Noa Cohen' })).toHaveAttribute(
      'href',
      `/admin/users/${listener!.id}`,
    );
    expect(within(row).getByRole('button', { name: 'Delete Noa Cohen' })).toBeInTheDocument();

    const adminLine = within(table).getByRole('row', { name: /Avi Levi/ });
    expect(adminLine).toHaveTextContent('Admin');
    expect(within(adminLine).getByRole('link', { name: 'View Avi Levi' })).toBeInTheDocument();
    expect(within(adminLine).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Maya Katz' })).toBeInTheDocument();
    expect(screen.getByText('3 users')).toBeInTheDocument();
  });

  it('deletes a user only after the confirmation, then refreshes the list', async () => {
    const [noa, avi] = makeUserRows(['listener', 'curator']);
    let users = [noa!, avi!];
    const { user, stub } = renderApp('/admin/users', {
      session: admin,
      routes: [
        { method: 'GET', path: '/api/admin/users', reply: () => json(200, page(users)) },
        {
          method: 'DELETE',
          path: `/api/admin/users/${noa!.id}`,
          reply: () => {
            users = [avi!];
            return json(200, { success: true });
          },
        },
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Delete Noa Cohen' }, { timeout: 5000 }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Noa Cohen?' });
    expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to delete this user? This action cannot be undone.',
    );
    expect(stub.calls('DELETE', `/api/admin/users/${noa!.id}`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(stub.calls('DELETE', `/api/admin/users/${noa!.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Noa Cohen' }));
    await user.click(screen.getByRole('button', { name: 'Delete user' }));
    expect(await screen.findByText('Noa Cohen was deleted')).toBeInTheDocument();
    expect(stub.calls('DELETE', `/api/admin/users/${noa!.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Noa Cohen/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /Avi Levi/ })).toBeInTheDocument();
  });

  it("shows the spec's message when deleting fails", async () => {
    const [noa] = makeUserRows(['listener']);
    const { user } = renderApp('/admin/users', {
      session: admin,
      routes: [
        { method: 'GET', path: '/api/admin/users', reply: () => json(200, page([noa!])) },
        {
          method: 'DELETE',
          path: `/api/admin/users/${noa!.id}`,
          reply: () => json(500, { message: 'Internal Server Error', code: 'INTERNAL' }),
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Noa Cohen' }, { timeout: 5000 }));
    await user.click(screen.getByRole('button', { name: 'Delete user' }));
    expect(await screen.findByText('Failed to delete user. Please try again later')).toBeInTheDocument();
  });

  it('keeps search, role and page in the address bar and sends them to the server', async () => {
    const rows = makeUserRows(['listener', 'curator']);
    const { user, stub, router } = renderApp('/admin/users?role=curator&page=2', {
      session: admin,
      routes: [
        {
          method: 'GET',
          path: '/api/admin/users',
          reply: (request) => {
            const current = Number(request.url.searchParams.get('page') ?? '1');
            return json(200, page(rows, { page: current, total: 45, totalPages: 3 }));
          },
        },
      ],
    });

    expect(await screen.findByText('Page 2 of 3', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Filter by role')).toHaveValue('curator');
    expect(listQueries(stub.requests)).toEqual(['?role=curator&page=2']);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?role=curator&page=3');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.search).toBe('?role=curator&page=2'));

    // A new filter starts again from the first page.
    await user.selectOptions(screen.getByLabelText('Filter by role'), 'editor');
    await waitFor(() => expect(router.state.location.search).toBe('?role=editor'));
    await waitFor(() => expect(listQueries(stub.requests).at(-1)).toBe('?role=editor&page=1'));

    // The search waits for typing to pause: one request for the whole word.
    const before = listQueries(stub.requests).length;
    await user.type(screen.getByLabelText('Search by name or email'), 'noa');
    await waitFor(() => expect(router.state.location.search).toBe('?role=editor&search=noa'));
    await waitFor(() => expect(listQueries(stub.requests).at(-1)).toBe('?search=noa&role=editor&page=1'));
    expect(listQueries(stub.requests).slice(before)).toEqual(['?search=noa&role=editor&page=1']);

    // Going back restores the box from the address.
    router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText('Search by name or email')).toHaveValue(''));
    await user.selectOptions(screen.getByLabelText('Filter by role'), '');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows cards instead of a table on phones', async () => {
    // No media query matches: a narrow screen.
    phoneScreen = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation(
        (query) => Object.assign(new EventTarget(), { matches: false, media: query }) as MediaQueryList,
      );
    const [noa, avi] = makeUserRows(['listener', 'admin']);
    renderApp('/admin/users', {
      session: admin,
      routes: [{ method: 'GET', path: '/api/admin/users', reply: () => json(200, page([noa!, avi!])) }],
    });
    const list = await screen.findByRole('list', { name: 'Users' }, { timeout: 5000 });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Noa Cohen');
    expect(first).toHaveTextContent('Joined Mar 5, 2024');
    expect(within(first!).getByRole('button', { name: 'Delete Noa Cohen' })).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    renderApp('/admin/users?search=zzz', {
      session: admin,
      routes: [{ method: 'GET', path: '/api/admin/users', reply: () => json(200, page([])) }],
    });
    expect(await screen.findByText('No users found', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Search by name or email')).toHaveValue('zzz');
  });

  it("shows the spec's message when the list fails to load", async () => {
    renderApp('/admin/users', {
      session: admin,
      routes: [
        {
          method: 'GET',
          path: '/api/admin/users',
          reply: () => json(500, { message: 'Internal Server Error', code: 'INTERNAL' }),
        },
      ],
    });
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Failed to load users. Please try again later',
    );
  });
});
