import { SecurityEventsResponse } from '@josie/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { request } from '../../api/request';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorBox } from '../../ui/ErrorBox';
import { LoadMore } from '../../ui/LoadMore';
import { Card, Skeleton } from './AdminPage';
import { adminKeys } from './queries';

/**
 * The security log on `/admin/system?tab=security` (docs/decisions/0025-account-and-data.md), from `GET
 * /api/admin/security-events`: newest first, 50 a page, "Load more" follows `nextCursor`. Each event says
 * what happened (its kind, translated), to whom (a link to the user, or "Deleted account"), from where
 * (browser · OS, IP) and when.
 */
export function SecurityEventsTab() {
  const { t, i18n } = useTranslation();
  const events = useInfiniteQuery({
    queryKey: adminKeys.securityEvents,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      request(
        'adminSecurityEvents',
        { query: pageParam ? { cursor: pageParam } : {} },
        { schema: SecurityEventsResponse, signal },
      ),
    getNextPageParam: (last) =>
      last.data.hasMore && last.data.nextCursor ? last.data.nextCursor : undefined,
  });
  if (events.isPending) return <Skeleton className="h-48" />;
  if (events.isError)
    return <ErrorBox message={t('admin.security.loadFailed')} onRetry={() => void events.refetch()} />;
  const list = events.data.pages.flatMap((page) => page.data.events);
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Card className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h3 className="text-lg font-semibold text-zinc-950">{t('admin.security.title')}</h3>
        <p className="text-sm text-zinc-600">{t('admin.security.lead')}</p>
      </div>
      {list.length === 0 ? (
        <EmptyState title={t('admin.security.empty')} />
      ) : (
        <ul className="flex flex-col divide-y divide-zinc-100">
          {list.map((event) => (
            <li key={event._id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:gap-4">
              <time dateTime={event.createdAt} className="shrink-0 text-sm text-zinc-600 sm:w-44">
                {when.format(new Date(event.createdAt))}
              </time>
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <p className="font-medium text-zinc-900">{t(`admin.security.kinds.${event.kind}`)}</p>
                <p className="text-sm text-zinc-600">
                  {event.userId ? (
                    <Link
                      to={`/admin/users/${event.userId}`}
                      className="font-medium text-brand-700 underline-offset-4 hover:underline"
                    >
                      <bdi>{event.userName ?? event.userId}</bdi>
                    </Link>
                  ) : (
                    t('admin.security.deletedUser')
                  )}
                  {' · '}
                  <bdi>
                    {[event.browser, event.os].filter(Boolean).join(' · ') || t('admin.security.unknown')}
                  </bdi>
                  {event.ip && (
                    <>
                      {' · '}
                      <bdi dir="ltr">{event.ip}</bdi>
                    </>
                  )}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMore query={events} failedText={t('admin.security.loadFailed')} />
    </Card>
  );
}
