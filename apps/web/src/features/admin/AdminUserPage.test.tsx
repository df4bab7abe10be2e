import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { makeUserDetail, makeUserRow } from './testData';

const admin = makeSession('admin', { id: '0190a0b0-0000-7000-8000-0000000ad001', name: 'Ada Admin' });
const userId = makeUserRow().id;

describe('admin user page (docs/product/routes-and-roles.md#admin)', () => {
  // Compile the lazily loaded page once up front, so no test's time limit pays for it.
  beforeAll(async () => {
    await import('./AdminUserPage');
  }, 60_000);

  it('shows the profile, counts and josies', async () => {
    renderApp(`/admin/users/${userId}`, {
      session: admin,
      routes: [
        { method: 'GET', path: `/api/admin/users/${userId}`, reply: () => json(200, makeUserDetail()) },
      ],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Noa Cohen' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('noa@example.com')).toBeInTheDocument();
    expect(screen.getByText('Vinyl collector from Haifa.')).toBeInTheDocument();
    const activity = screen.getByRole('region', { name: 'Activity' });
    expect(within(activity).getByText('Likes given').nextElementSibling).toHaveTextContent('30');
    const josies = screen.getByRole('region', { name: 'Josies' });
    expect(within(josies).getByRole('link', { name: 'Summer mix' })).toHaveAttribute(
      'href',
      '/josie/0190a0b0-0000-7000-8000-0000000j0001',
    );
    expect(within(josies).getByText('Published')).toBeInTheDocument();
    expect(within(josies).getByText('Updated Jun 1, 2024')).toBeInTheDocument();
  });

  it('changes the role after a confirmation: a listener becomes a curator', async () => {
    const { user, stub } = renderApp(`/admin/users/${userId}`, {
      session: admin,
      routes: [
        { method: 'GET', path: `/api/admin/users/${userId}`, reply: () => json(200, makeUserDetail()) },
        {
          method: 'PATCH',
          path: `/api/admin/users/${userId}`,
          reply: (request) => json(200, makeUserRow({ role: (request.body as { role: 'curator' }).role })),
        },
      ],
    });
    const select = await screen.findByRole('combobox', { name: 'Role' }, { timeout: 5000 });
    const save = screen.getByRole('button', { name: 'Save role' });
    expect(select).toHaveValue('listener');
    expect(save).toBeDisabled();

    await user.selectOptions(select, 'curator');
    await user.click(save);
    const dialog = screen.getByRole('alertdialog', { name: 'Change role?' });
    expect(dialog).toHaveAccessibleDescription(
      'Noa Cohen changes from Listener to Curator and is signed out on every device, so the new role applies at once.',
    );
    expect(stub.calls('PATCH', `/api/admin/users/${userId}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));

    expect(await screen.findByText('The role of Noa Cohen is now Curator')).toBeInTheDocument();
    expect(stub.calls('PATCH', `/api/admin/users/${userId}`)[0]?.body).toEqual({ role: 'curator' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save role' })).toBeDisabled());
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('curator');
  });

  it('shows a failure to change the role', async () => {
    const { user } = renderApp(`/admin/users/${userId}`, {
      session: admin,
      routes: [
        { method: 'GET', path: `/api/admin/users/${userId}`, reply: () => json(200, makeUserDetail()) },
        {
          method: 'PATCH',
          path: `/api/admin/users/${userId}`,
          reply: () => json(500, { message: 'Internal Server Error', code: 'INTERNAL' }),
        },
      ],
    });
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Role' }, { timeout: 5000 }),
      'editor',
    );
    await user.click(screen.getByRole('button', { name: 'Save role' }));
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Failed to update the role. Please try again later')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('editor');
  });

  it("disables the role selector on one's own page, and offers no Delete for an admin", async () => {
    const me = admin.user.id;
    renderApp(`/admin/users/${me}`, {
      session: admin,
      routes: [
        {
          method: 'GET',
          path: `/api/admin/users/${me}`,
          reply: () => json(200, makeUserDetail({ id: me, name: 'Ada Admin', role: 'admin' })),
        },
      ],
    });
    const select = await screen.findByRole('combobox', { name: 'Role' }, { timeout: 5000 });
    expect(select).toBeDisabled();
    expect(select).toHaveAccessibleDescription('You cannot change your own role.');
    expect(screen.getByRole('button', { name: 'Save role' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.getByText('Admin accounts cannot be deleted.')).toBeInTheDocument();
  });

  it('deletes the user after the confirmation and returns to the list', async () => {
    const { user, router } = renderApp(`/admin/users/${userId}`, {
      session: admin,
      routes: [
        { method: 'GET', path: `/api/admin/users/${userId}`, reply: () => json(200, makeUserDetail()) },
        { method: 'DELETE', path: `/api/admin/users/${userId}`, reply: () => json(200, { success: true }) },
        {
          method: 'GET',
          path: '/api/admin/users',
          reply: () => json(200, { users: [], total: 0, page: 1, pageSize: 20, totalPages: 1 }),
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Noa Cohen' }, { timeout: 5000 }));
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(
      'Are you sure you want to delete this user? This action cannot be undone.',
    );
    await user.click(screen.getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(await screen.findByText('Noa Cohen was deleted')).toBeInTheDocument();
  });

  it('says so when the user does not exist', async () => {
    renderApp(`/admin/users/${userId}`, {
      session: admin,
      routes: [
        {
          method: 'GET',
          path: `/api/admin/users/${userId}`,
          reply: () => json(404, { message: 'User not found', code: 'NOT_FOUND' }),
        },
      ],
    });
    expect(
      await screen.findByText('This account does not exist or was deleted.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
