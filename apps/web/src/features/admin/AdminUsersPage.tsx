import { type AdminUserRow, ROLES, type Role } from '@josie/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Eye, Search, Trash2, UserX } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/dates';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorBox } from '../../ui/ErrorBox';
import { Input } from '../../ui/Input';
import { Spinner } from '../../ui/Spinner';
import { AdminPage, Card, Skeleton } from './AdminPage';
import { RoleBadge } from './badges';
import { type DeleteTarget, DeleteUserDialog } from './DeleteUserDialog';
import { useMediaQuery } from './hooks';
import { type AdminUsersFilter, adminKeys, fetchUsers } from './queries';
import { Select } from './Select';

/** Wait after the last keystroke before searching ("debounced ~300 ms") (docs/product/routes-and-roles.md#admin). */
export const SEARCH_DEBOUNCE_MS = 300;

/** Reads the list filters from the address bar, ignoring values the server would refuse. */
function readFilter(params: URLSearchParams): AdminUsersFilter {
  const role = params.get('role') ?? '';
  const page = Number(params.get('page'));
  return {
    search: (params.get('search') ?? '').trim(),
    role: (ROLES as readonly string[]).includes(role) ? (role as Role) : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The `page` query value: none for the first page. */
const pageParam = (page: number) => (page > 1 ? String(page) : '');

/** The row actions: View, and Delete for anyone but an admin (docs/product/routes-and-roles.md#admin, docs/product/routes-and-roles.md#roles). */
function RowActions({ user, onDelete }: { user: AdminUserRow; onDelete(target: DeleteTarget): void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button asChild variant="outline" size="sm">
        <Link to={`/admin/users/${user.id}`} aria-label={t('admin.users.viewLabel', { name: user.name })}>
          <Eye className="size-4" aria-hidden="true" />
          {t('admin.users.view')}
        </Link>
      </Button>
      {user.role !== 'admin' && (
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          aria-label={t('admin.users.deleteLabel', { name: user.name })}
          onClick={() => onDelete({ id: user.id, name: user.name })}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {t('admin.users.delete')}
        </Button>
      )}
    </div>
  );
}

/** Avatar (or its initial) beside the name. */
function NameCell({ user }: { user: AdminUserRow }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <Avatar src={user.avatar} name={user.name} size={36} decorative />
      <span className="truncate font-semibold text-zinc-950" dir="auto">
        {user.name}
      </span>
    </span>
  );
}

/** The users as a table, for wide screens. */
function UsersTable({ users, onDelete }: { users: AdminUserRow[]; onDelete(target: DeleteTarget): void }) {
  const { t, i18n } = useTranslation();
  const head = 'px-4 py-3 text-start text-xs font-semibold tracking-wide text-zinc-600 uppercase';
  return (
    <Card as="div" padding="none" className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{t('admin.users.table')}</caption>
        <thead className="border-b border-zinc-200 bg-zinc-50/80">
          <tr>
            <th scope="col" className={head}>
              {t('admin.users.name')}
            </th>
            <th scope="col" className={head}>
              {t('admin.users.email')}
            </th>
            <th scope="col" className={head}>
              {t('admin.users.role')}
            </th>
            <th scope="col" className={head}>
              {t('admin.users.created')}
            </th>
            <th scope="col" className={cn(head, 'text-end')}>
              <span className="sr-only">{t('admin.users.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {users.map((user) => (
            <tr key={user.id} className="transition-colors hover:bg-brand-50/40">
              <th scope="row" className="max-w-56 px-4 py-3 text-start font-normal">
                <NameCell user={user} />
              </th>
              <td className="max-w-64 truncate px-4 py-3 text-zinc-700">
                <bdi>{user.email}</bdi>
              </td>
              <td className="px-4 py-3">
                <RoleBadge role={user.role} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-zinc-700">
                {formatDate(user.createdAt, i18n.language)}
              </td>
              <td className="px-4 py-3">
                <RowActions user={user} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** The users as cards, for phones. */
function UsersCards({ users, onDelete }: { users: AdminUserRow[]; onDelete(target: DeleteTarget): void }) {
  const { t, i18n } = useTranslation();
  return (
    <ul aria-label={t('admin.users.table')} className="flex flex-col gap-3">
      {users.map((user) => (
        <Card as="li" key={user.id} padding="compact" className="flex flex-col gap-3">
          <div className="flex items-start justify-between gap-3">
            <NameCell user={user} />
            <RoleBadge role={user.role} />
          </div>
          <div className="flex flex-col gap-0.5 text-sm text-zinc-700">
            <span className="truncate">
              <bdi>{user.email}</bdi>
            </span>
            <span>{t('admin.users.joined', { date: formatDate(user.createdAt, i18n.language) })}</span>
          </div>
          <RowActions user={user} onDelete={onDelete} />
        </Card>
      ))}
    </ul>
  );
}

/** Placeholder rows while the first page loads. */
function UsersSkeleton() {
  return (
    <Card as="div" className="flex flex-col gap-4">
      <Spinner className="sr-only" />
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex items-center gap-3">
          <Skeleton className="size-9 rounded-full" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="hidden h-4 w-40 sm:block" />
          <Skeleton className="h-6 w-20 rounded-full" />
        </div>
      ))}
    </Card>
  );
}

/**
 * `/admin/users` (docs/product/routes-and-roles.md#admin, docs/product/rules-and-limits.md#admin,
 * docs/product/routes-and-roles.md#api): the members with name (avatar or initial), email, role badge and
 * creation date, a View link and, except for admins, Delete behind the spec's confirmation. Search (name or
 * email, debounced), role filter and page live in the address bar (`?search=&role=&page=`), so a reload or
 * the back button keeps them. A table on wide screens, cards on phones.
 */
export default function AdminUsersPage() {
  const { t } = useTranslation();
  const searchId = useId();
  const roleId = useId();
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const [searchText, setSearchText] = useState(filter.search);
  const debouncedSearch = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS).trim();
  const [deleteTarget, setDeleteTarget] = useState<DeleteTarget | null>(null);
  const wide = useMediaQuery('(min-width: 48rem)');

  /** Changes some filters; any change but the page goes back to page 1. */
  const update = (changes: Partial<Record<'search' | 'role' | 'page', string>>, replace = false) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace },
    );
  };

  // The search box drives the address bar once typing pauses...
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search text should write
  useEffect(() => {
    if (debouncedSearch !== filter.search) update({ search: debouncedSearch }, true);
  }, [debouncedSearch]);
  // ...and the address bar (back button, a link) drives the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an outside change of the address should write
  useEffect(() => {
    if (filter.search !== debouncedSearch) setSearchText(filter.search);
  }, [filter.search]);

  const users = useQuery({
    queryKey: adminKeys.userList(filter),
    queryFn: ({ signal }) => fetchUsers(filter, { signal }),
    placeholderData: keepPreviousData,
  });
  const data = users.data;
  const totalPages = data?.totalPages ?? 1;

  // A page past the end (the last user of the last page was deleted, or an old link) shows the last page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to a new answer only
  useEffect(() => {
    if (data && !users.isPlaceholderData && data.users.length === 0 && filter.page > data.totalPages) {
      update({ page: pageParam(data.totalPages) }, true);
    }
  }, [data, users.isPlaceholderData]);

  return (
    <AdminPage title={t('admin.users.title')} lead={t('admin.users.lead')}>
      <div className="flex flex-col gap-5">
        <Card as="div" className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-1.5">
            <label htmlFor={searchId} className="text-sm font-medium text-zinc-800">
              {t('admin.users.search')}
            </label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute start-3.5 top-1/2 size-4 -translate-y-1/2 text-zinc-500"
                aria-hidden="true"
              />
              <Input
                id={searchId}
                type="search"
                value={searchText}
                placeholder={t('admin.users.searchPlaceholder')}
                autoComplete="off"
                className="ps-10"
                onChange={(event) => setSearchText(event.target.value)}
              />
            </div>
          </div>
          <div className="flex flex-col gap-1.5 sm:w-52">
            <label htmlFor={roleId} className="text-sm font-medium text-zinc-800">
              {t('admin.users.roleFilter')}
            </label>
            <Select
              id={roleId}
              value={filter.role}
              onChange={(event) => update({ role: event.target.value })}
            >
              <option value="">{t('admin.users.allRoles')}</option>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`admin.roles.${role}`)}
                </option>
              ))}
            </Select>
          </div>
        </Card>

        <div aria-live="polite" className="flex min-h-6 items-center gap-2 text-sm text-zinc-700">
          {data && <span>{t('admin.users.total', { count: data.total })}</span>}
          {users.isFetching && data && <Spinner size="sm" />}
        </div>

        {users.isPending ? (
          <UsersSkeleton />
        ) : users.isError && !data ? (
          <ErrorBox message={t('admin.users.loadError')} onRetry={() => void users.refetch()} />
        ) : data && data.users.length === 0 ? (
          <EmptyState
            icon={<UserX className="size-6" aria-hidden="true" />}
            title={t('admin.users.empty')}
            description={t('admin.users.emptyHint')}
          />
        ) : data ? (
          <>
            {users.isError && (
              <ErrorBox message={t('admin.users.loadError')} onRetry={() => void users.refetch()} />
            )}
            <div className={cn('transition-opacity', users.isPlaceholderData && 'opacity-60')}>
              {wide ? (
                <UsersTable users={data.users} onDelete={setDeleteTarget} />
              ) : (
                <UsersCards users={data.users} onDelete={setDeleteTarget} />
              )}
            </div>
            {totalPages > 1 && (
              <nav
                aria-label={t('admin.users.pagination')}
                className="flex items-center justify-between gap-3"
              >
                <Button
                  variant="outline"
                  size="sm"
                  disabled={filter.page <= 1}
                  onClick={() => update({ page: pageParam(filter.page - 1) })}
                >
                  <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
                  {t('admin.users.previous')}
                </Button>
                <p className="text-sm font-medium text-zinc-700">
                  {t('admin.users.pageOf', { page: data.page, total: totalPages })}
                </p>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={filter.page >= totalPages}
                  onClick={() => update({ page: pageParam(filter.page + 1) })}
                >
                  {t('admin.users.next')}
                  <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
                </Button>
              </nav>
            )}
          </>
        ) : null}
      </div>
      <DeleteUserDialog target={deleteTarget} onClose={() => setDeleteTarget(null)} />
    </AdminPage>
  );
}
