import type { AdminStatsResponse } from '@josie/contract';
import { useQuery } from '@tanstack/react-query';
import { Crown, Headphones, type LucideIcon, Mic2, Settings2, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { ErrorBox } from '../../ui/ErrorBox';
import { Spinner } from '../../ui/Spinner';
import { AdminPage, Card, QuickLink, Skeleton } from './AdminPage';
import { adminKeys, fetchStats } from './queries';
import { type ChartSeries, StatsChart } from './StatsChart';

/** Series colours: each keeps at least 3:1 contrast on white, as graphics need. */
const COLORS = {
  signups: '#d6267f',
  josiesPublished: '#7c3aed',
  approvals: '#047857',
  rejections: '#dc2626',
  pageViews: '#0369a1',
} as const;

/** A headline number with its label and icon. */
function StatCard({
  icon: Icon,
  label,
  tint,
  className,
  children,
}: {
  icon: LucideIcon;
  label: string;
  tint: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card as="div" className={cn('flex flex-col items-start gap-3 sm:flex-row sm:gap-4', className)}>
      <span className={cn('inline-flex size-12 shrink-0 items-center justify-center rounded-2xl', tint)}>
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-sm font-medium text-zinc-600">{label}</p>
        {children}
      </div>
    </Card>
  );
}

/** The placeholders of the dashboard while the statistics load. */
function DashboardSkeleton() {
  return (
    <div className="flex flex-col gap-6">
      <Spinner className="sr-only" />
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Card as="div" key={i} className="flex items-start gap-4">
            <Skeleton className="size-12 rounded-2xl" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-8 w-16" />
            </div>
          </Card>
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <Card as="div" key={i} className="flex flex-col gap-4">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-56" />
            <Skeleton className="h-48 w-full" />
          </Card>
        ))}
      </div>
    </div>
  );
}

/** The totals, the most popular curator and the four activity charts. */
function Statistics({ stats }: { stats: AdminStatsResponse }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const { series } = stats;
  const one = (key: keyof typeof COLORS, values: number[]): ChartSeries[] => [
    { key, label: t(`admin.dashboard.series.${key}`), color: COLORS[key], values },
  ];

  return (
    <div className="flex flex-col gap-8">
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <StatCard icon={Headphones} label={t('admin.dashboard.listeners')} tint="bg-sky-50 text-sky-800">
          <p className="text-3xl font-bold text-zinc-950 tabular-nums">
            {number.format(stats.totalListeners)}
          </p>
        </StatCard>
        <StatCard icon={Mic2} label={t('admin.dashboard.curators')} tint="bg-brand-50 text-brand-800">
          <p className="text-3xl font-bold text-zinc-950 tabular-nums">
            {number.format(stats.totalCurators)}
          </p>
        </StatCard>
        <StatCard
          icon={Crown}
          label={t('admin.dashboard.popularCurator')}
          tint="bg-amber-50 text-amber-800"
          className="col-span-2 sm:col-span-1"
        >
          {stats.popularCurator ? (
            <>
              <p className="truncate text-xl font-bold text-zinc-950">
                <bdi>{stats.popularCurator.name}</bdi>
              </p>
              <p className="text-sm text-zinc-700">
                {t('admin.dashboard.followers', { count: stats.popularCurator.count })}
              </p>
            </>
          ) : (
            <p className="text-sm text-zinc-700">{t('admin.dashboard.noPopularCurator')}</p>
          )}
        </StatCard>
      </div>

      <section aria-labelledby="admin-activity" className="flex flex-col gap-4">
        <h2 id="admin-activity" className="text-xl font-bold tracking-tight text-zinc-950">
          {t('admin.dashboard.activityTitle')}
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <StatsChart
            title={t('admin.dashboard.series.signups')}
            days={series.days}
            series={one('signups', series.signups)}
          />
          <StatsChart
            title={t('admin.dashboard.series.josiesPublished')}
            days={series.days}
            series={one('josiesPublished', series.josiesPublished)}
          />
          <StatsChart
            title={t('admin.dashboard.reviewsTitle')}
            days={series.days}
            series={[...one('approvals', series.approvals), ...one('rejections', series.rejections)]}
          />
          <StatsChart
            title={t('admin.dashboard.series.pageViews')}
            days={series.days}
            series={one('pageViews', series.pageViews)}
            kind="area"
          />
        </div>
      </section>
    </div>
  );
}

/**
 * `/admin/dashboard` (docs/product/routes-and-roles.md#admin): totals of listeners and curators, the most
 * followed curator or a no-data message, and charts of sign-ups, josies published, approvals and rejections
 * and page views over the last 30 days, from `GET /api/admin/stats`. Failure: 'Failed to load statistics.
 * Please try again later' (docs/product/messages.md#admin). The chart library is only imported by this page's
 * chunk.
 */
export default function AdminDashboardPage() {
  const { t } = useTranslation();
  const stats = useQuery({ queryKey: adminKeys.stats, queryFn: fetchStats });

  return (
    <AdminPage title={t('admin.dashboard.title')} lead={t('admin.dashboard.lead')}>
      {stats.isPending ? (
        <DashboardSkeleton />
      ) : stats.isError ? (
        <ErrorBox message={t('admin.dashboard.loadError')} onRetry={() => void stats.refetch()} />
      ) : (
        <Statistics stats={stats.data} />
      )}
      <section aria-labelledby="admin-quick-links" className="flex flex-col gap-4">
        <h2 id="admin-quick-links" className="text-xl font-bold tracking-tight text-zinc-950">
          {t('admin.dashboard.quickLinks')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <QuickLink
            to="/admin/users"
            icon={Users}
            title={t('admin.dashboard.usersLink')}
            hint={t('admin.dashboard.usersLinkHint')}
          />
          <QuickLink
            to="/admin/system"
            icon={Settings2}
            title={t('admin.dashboard.systemLink')}
            hint={t('admin.dashboard.systemLinkHint')}
          />
        </div>
      </section>
    </AdminPage>
  );
}
