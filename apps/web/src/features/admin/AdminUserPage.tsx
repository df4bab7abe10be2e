import type { AdminUserCounts, AdminUserDetailResponse } from '@josie/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, BarChart3, FileText, Trash2, UserX } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/dates';
import { useSession } from '../../session/SessionProvider';
import { Avatar } from '../../ui/Avatar';
import { Button, buttonClasses, focusRing } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorBox } from '../../ui/ErrorBox';
import { Spinner } from '../../ui/Spinner';
import { studioPath, useStudioFlag } from '../studio';
import { AdminPage, Card, QuickLink, Skeleton } from './AdminPage';
import { RoleBadge, StatusBadge } from './badges';
import { type DeleteTarget, DeleteUserDialog } from './DeleteUserDialog';
import { adminKeys, fetchUser } from './queries';
import { RoleForm } from './RoleForm';
import { SuspensionCard } from './SuspensionCard';

const COUNT_KEYS: ReadonlyArray<keyof AdminUserCounts> = [
  'josies',
  'published',
  'pending',
  'rejected',
  'followers',
  'following',
  'likesGiven',
  'invites',
];

/** Header image, avatar, name, email, role, bio and dates. */
function ProfileCard({ user }: { user: AdminUserDetailResponse['user'] }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const lang = i18n.language;
  return (
    <Card aria-labelledby={titleId} padding="none" className="flex flex-col gap-4 overflow-hidden">
      <div className="relative h-24 bg-linear-to-br from-brand-200 via-brand-100 to-violet-200">
        {user.headerImage && (
          <img src={user.headerImage} alt="" className="absolute inset-0 size-full object-cover" />
        )}
      </div>
      <div className="-mt-12 flex flex-col gap-4 px-5 pb-5 sm:px-6 sm:pb-6">
        <Avatar src={user.avatar} name={user.name} size={72} className="relative ring-4" />
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="sr-only">
            {t('admin.user.profile')}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-xl font-bold wrap-anywhere text-zinc-950">
              <bdi>{user.name}</bdi>
            </p>
            <RoleBadge role={user.role} />
          </div>
          <p className="text-sm break-all text-zinc-700">
            <bdi>{user.email}</bdi>
          </p>
        </div>
        <p
          className={cn('text-sm whitespace-pre-line', user.bio ? 'text-zinc-800' : 'text-zinc-600 italic')}
          dir="auto"
        >
          {user.bio || t('admin.user.noBio')}
        </p>
        <dl className="grid grid-cols-2 gap-3 border-t border-zinc-100 pt-4 text-sm">
          <div className="flex flex-col gap-0.5">
            <dt className="text-zinc-600">{t('admin.user.joined')}</dt>
            <dd className="font-medium text-zinc-900">{formatDate(user.createdAt, lang)}</dd>
          </div>
          <div className="flex flex-col gap-0.5">
            <dt className="text-zinc-600">{t('admin.user.lastLogin')}</dt>
            <dd className="font-medium text-zinc-900">
              {user.lastLogin ? formatDate(user.lastLogin, lang) : t('admin.user.never')}
            </dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}

/**
 * The way to a curator's studio as they see it (decision 0050: an admin reads any curator's), for those who
 * may publish, while the `studio` flag is on.
 */
function StudioLink({ user }: { user: AdminUserDetailResponse['user'] }) {
  const { t } = useTranslation();
  if (useStudioFlag() !== 'on' || user.role === 'listener') return null;
  return (
    <QuickLink
      to={studioPath('/studio', { period: '30d', curatorId: user.id })}
      icon={BarChart3}
      title={t('studio.platform.openStudio')}
      hint={t('studio.platform.openStudioHint')}
    />
  );
}

/** What the user has and does, as numbered tiles. */
function CountsCard({ counts }: { counts: AdminUserCounts }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-4">
      <h2 id={titleId} className="text-lg font-semibold text-zinc-950">
        {t('admin.user.activity')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {COUNT_KEYS.map((key) => (
          <div
            key={key}
            className="flex flex-col-reverse gap-0.5 rounded-2xl bg-zinc-50 px-4 py-3 ring-1 ring-zinc-100"
          >
            <dt className="text-sm text-zinc-600">{t(`admin.user.counts.${key}`)}</dt>
            <dd className="text-2xl font-bold text-zinc-950 tabular-nums">{number.format(counts[key])}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** The user's latest josies: title (to the josie), status and last update. */
function JosiesCard({ josies }: { josies: AdminUserDetailResponse['josies'] }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold text-zinc-950">
        {t('admin.user.josies')}
      </h2>
      {josies.length === 0 ? (
        <p className="text-sm text-zinc-600">{t('admin.user.josiesEmpty')}</p>
      ) : (
        <ul className="-mx-2 flex flex-col">
          {josies.map((josie) => (
            <li
              key={josie._id}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-2xl px-2 py-2.5 hover:bg-zinc-50"
            >
              <Link
                to={`/josie/${josie._id}`}
                className={cn(
                  'flex min-w-0 flex-1 items-center gap-2 rounded-md font-medium text-zinc-950 hover:text-brand-700 hover:underline',
                  focusRing,
                )}
              >
                <FileText className="size-4 shrink-0 text-zinc-500" aria-hidden="true" />
                <span className="truncate" dir="auto">
                  {josie.title}
                </span>
              </Link>
              <span className="flex items-center gap-3 text-sm text-zinc-600">
                <StatusBadge status={josie.status} />
                <span className="whitespace-nowrap">
                  {t('admin.user.updated', { date: formatDate(josie.updatedAt, i18n.language) })}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Deleting the account, or why an admin's cannot be (docs/product/routes-and-roles.md#roles). */
function DangerCard({ user, onDelete }: { user: AdminUserDetailResponse['user']; onDelete(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-red-200 sm:p-6"
    >
      <h2 id={titleId} className="text-lg font-semibold text-red-800">
        {t('admin.user.danger')}
      </h2>
      {user.role === 'admin' ? (
        <p className="text-sm text-zinc-700">{t('admin.user.adminNoDelete')}</p>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-zinc-700">{t('admin.user.dangerHint')}</p>
          <Button
            variant="danger"
            className="shrink-0 self-start sm:self-auto"
            aria-label={t('admin.users.deleteLabel', { name: user.name })}
            onClick={onDelete}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {t('admin.users.delete')}
          </Button>
        </div>
      )}
    </section>
  );
}

function UserSkeleton() {
  return (
    <div className="grid gap-5 lg:grid-cols-[20rem_1fr]">
      <Spinner className="sr-only" />
      <Card as="div" className="flex flex-col gap-4">
        <Skeleton className="size-18 rounded-full" />
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-4 w-52" />
        <Skeleton className="h-16 w-full" />
      </Card>
      <div className="flex flex-col gap-5">
        <Skeleton className="h-36 w-full rounded-3xl" />
        <Skeleton className="h-44 w-full rounded-3xl" />
      </div>
    </div>
  );
}

/**
 * `/admin/users/:id` (docs/product/routes-and-roles.md#admin leaves its content open): the profile, live
 * counts, the latest josies, the role selector and Delete (not for admins) behind the same confirmation as
 * the list.
 */
export default function AdminUserPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user: me } = useSession();
  const [deleteTarget, setDeleteTarget] = useState<DeleteTarget | null>(null);
  const detail = useQuery({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => fetchUser(id, { signal }),
  });
  const notFound = detail.error instanceof ApiError && detail.error.status === 404;

  const back = (
    <Link to="/admin/users" className={buttonClasses('outline', 'sm')}>
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      {t('admin.user.back')}
    </Link>
  );
  const title = detail.data ? <span dir="auto">{detail.data.user.name}</span> : t('titles.adminUser');

  return (
    <AdminPage title={title} aside={back}>
      {detail.isPending ? (
        <UserSkeleton />
      ) : notFound ? (
        <EmptyState
          icon={<UserX className="size-6" aria-hidden="true" />}
          title={t('admin.user.notFound')}
          description={t('admin.user.notFoundHint')}
        />
      ) : detail.isError ? (
        <ErrorBox message={t('admin.user.loadError')} onRetry={() => void detail.refetch()} />
      ) : (
        <div className="grid items-start gap-5 lg:grid-cols-[20rem_1fr]">
          <ProfileCard user={detail.data.user} />
          <div className="flex min-w-0 flex-col gap-5">
            <RoleForm user={detail.data.user} isSelf={detail.data.user.id === me?.id} />
            <SuspensionCard user={detail.data.user} isSelf={detail.data.user.id === me?.id} />
            <CountsCard counts={detail.data.counts} />
            <StudioLink user={detail.data.user} />
            <JosiesCard josies={detail.data.josies} />
            <DangerCard
              user={detail.data.user}
              onDelete={() => setDeleteTarget({ id: detail.data.user.id, name: detail.data.user.name })}
            />
          </div>
        </div>
      )}
      <DeleteUserDialog
        target={deleteTarget}
        onClose={() => setDeleteTarget(null)}
        onDeleted={() => navigate('/admin/users', { replace: true })}
      />
    </AdminPage>
  );
}
