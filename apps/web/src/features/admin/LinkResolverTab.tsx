import { LinkResolverStatusResponse } from '@josie/contract';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { Badge } from '../../ui/Badge';
import { ErrorBox } from '../../ui/ErrorBox';
import { Card, Skeleton } from './AdminPage';
import { adminKeys } from './queries';

/** Source names are brands or services: the same in every language. */
const SOURCE_NAMES = { odesli: 'Odesli (song.link)', spotify: 'Spotify', youtube: 'YouTube' } as const;

/**
 * The resolver's state on `/admin/system` (docs/decisions/0022-listen-on-your-own-service.md), from `GET
 * /api/admin/link-resolver`: which sources are configured, when it last succeeded and failed (and why), and
 * how many items are resolved, waiting or failed. With no source configured it says readers see only the
 * original links, so an admin knows why "Also on" is empty.
 */
export function LinkResolverTab() {
  const { t, i18n } = useTranslation();
  const status = useQuery({
    queryKey: adminKeys.linkResolver,
    queryFn: ({ signal }) => request('adminLinkResolver', {}, { schema: LinkResolverStatusResponse, signal }),
  });
  if (status.isPending) return <Skeleton className="h-48" />;
  if (status.isError)
    return <ErrorBox message={t('admin.system.resolver.error')} onRetry={() => void status.refetch()} />;
  const { resolver } = status.data;
  const when = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(iso),
        )
      : t('admin.system.resolver.never');
  const anyConfigured = resolver.sources.some((source) => source.configured);
  return (
    <Card className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h3 className="text-lg font-semibold text-zinc-950">{t('admin.system.resolver.title')}</h3>
        <p className="text-sm text-zinc-600">{t('admin.system.resolver.lead')}</p>
      </div>
      {!anyConfigured && (
        <p role="status" className="rounded-2xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {t('admin.system.resolver.unconfigured')}
        </p>
      )}
      <div className="flex flex-col gap-2">
        <h4 className="text-sm font-semibold text-zinc-900">{t('admin.system.resolver.sources')}</h4>
        <ul className="flex flex-col gap-2">
          {resolver.sources.map((source) => (
            <li key={source.name} className="flex flex-wrap items-center gap-2 text-sm">
              {source.configured ? (
                <CheckCircle2 className="size-4 text-emerald-700" aria-hidden="true" />
              ) : (
                <XCircle className="size-4 text-zinc-500" aria-hidden="true" />
              )}
              <span className="font-medium text-zinc-900">{SOURCE_NAMES[source.name]}</span>
              <Badge tone={source.configured ? 'success' : 'neutral'}>
                {source.configured
                  ? t('admin.system.resolver.configured')
                  : t('admin.system.resolver.notConfigured')}
              </Badge>
            </li>
          ))}
        </ul>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-zinc-700">{t('admin.system.resolver.lastSuccess')}</dt>
        <dd className="text-zinc-900">{when(resolver.lastSuccessAt)}</dd>
        <dt className="font-medium text-zinc-700">{t('admin.system.resolver.lastFailure')}</dt>
        <dd className="text-zinc-900">{when(resolver.lastFailureAt)}</dd>
        {resolver.lastError && (
          <>
            <dt className="font-medium text-zinc-700">{t('admin.system.resolver.lastError')}</dt>
            <dd dir="auto" className="wrap-anywhere text-zinc-900">
              {resolver.lastError}
            </dd>
          </>
        )}
      </dl>
      <ul className="flex flex-wrap gap-2">
        <li>
          <Badge tone="success">
            {t('admin.system.resolver.resolved', { count: resolver.resolvedItems })}
          </Badge>
        </li>
        <li>
          <Badge tone="neutral">{t('admin.system.resolver.pending', { count: resolver.pendingItems })}</Badge>
        </li>
        <li>
          <Badge tone={resolver.failedItems > 0 ? 'danger' : 'neutral'}>
            {t('admin.system.resolver.failed', { count: resolver.failedItems })}
          </Badge>
        </li>
      </ul>
    </Card>
  );
}
