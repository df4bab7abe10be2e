import {
  LANGUAGES,
  STUDIO_METRICS,
  STUDIO_SERVICES,
  STUDIO_SURFACES,
  type StudioJosieResponse,
} from '@josie/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { cn } from '../../lib/cn';
import { buttonClasses, focusRing } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PLATFORM_NAMES } from '../josie';
import { fetchJosie, type StudioParams, studioKeys } from './api';
import { Breakdown, MetricCard } from './Cards';
import { METRIC_COLORS } from './colors';
import { useStudioFormat } from './format';
import { studioPath, useStudioParams } from './params';
import { StudioChart } from './StudioChart';
import { StudioData, StudioFrame, useStudioEnabled } from './StudioFrame';

function JosieStats({ data, params }: { data: StudioJosieResponse; params: StudioParams }) {
  const { t } = useTranslation();
  const fmt = useStudioFormat();
  const { josie, range } = data;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <Link
          to={studioPath('/studio/josies', params)}
          className={cn(
            'inline-flex items-center gap-1 self-start rounded-md text-sm font-semibold text-brand-800 hover:underline',
            focusRing,
          )}
        >
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {t('studio.josie.back')}
        </Link>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="text-2xl font-bold tracking-tight wrap-anywhere text-zinc-950">
              <bdi>{josie.title}</bdi>
            </h2>
            <p className="text-sm text-zinc-600">
              {josie.publishedAt
                ? t('studio.josie.published', { date: fmt.day(josie.publishedAt) })
                : t('studio.josie.notPublished')}
            </p>
          </div>
          <Link to={`/josie/${encodeURIComponent(josie.id)}`} className={buttonClasses('outline', 'sm')}>
            <ExternalLink className="size-4" aria-hidden="true" />
            {t('studio.josie.viewJosie')}
          </Link>
        </div>
      </header>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {STUDIO_METRICS.map((key) => (
          <MetricCard
            key={key}
            label={t(`studio.metrics.${key}`)}
            total={data.totals[key]}
            period={range.period}
            className={key === 'alsoOn' ? 'max-sm:col-span-2' : undefined}
          />
        ))}
      </div>
      <StudioChart
        title={t('studio.josie.viewsByDay')}
        days={data.series.days}
        series={[
          {
            key: 'views',
            label: t('studio.metrics.views'),
            color: METRIC_COLORS.views,
            values: data.series.views,
          },
          {
            key: 'plays',
            label: t('studio.metrics.plays'),
            color: METRIC_COLORS.plays,
            values: data.series.plays,
          },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <Breakdown
          title={t('studio.josie.playsByService')}
          entries={STUDIO_SERVICES.map((key) => ({
            key,
            // The brands' names are the app's own (Latin in both languages).
            label: key === 'other' ? t('studio.services.other') : PLATFORM_NAMES[key],
            value: data.playsByService[key],
          }))}
          empty={t('studio.breakdown.empty')}
          color="bg-violet-600"
        />
        <Breakdown
          title={t('studio.josie.surfaces')}
          hint={t('studio.josie.surfacesHint')}
          entries={STUDIO_SURFACES.map((key) => ({
            key,
            label: t(`studio.surfaces.${key}`),
            value: data.surfaces[key],
          }))}
          empty={t('studio.breakdown.empty')}
          color="bg-sky-700"
        />
        <Breakdown
          title={t('studio.josie.languages')}
          hint={t('studio.josie.languagesHint')}
          entries={[...LANGUAGES, 'other' as const].map((key) => ({
            key,
            label: t(`studio.languages.${key}`),
            value: data.languages[key],
          }))}
          empty={t('studio.breakdown.empty')}
          color="bg-brand-600"
        />
      </div>
    </div>
  );
}

/** A josie not in this studio: another curator's (403), not published or gone (404); said, with the way back. */
function JosieNotFound({ params }: { params: StudioParams }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<SearchX className="size-6" aria-hidden="true" />}
      title={t('studio.josie.notFound')}
      description={t('studio.josie.notFoundHint')}
      action={
        <Link to={studioPath('/studio/josies', params)} className={buttonClasses('outline', 'md')}>
          {t('studio.josie.back')}
        </Link>
      }
    />
  );
}

/**
 * `/studio/josies/:id` (docs/product/rules-and-limits.md#studio): one josie's totals against the previous
 * period, views and plays by day, plays by service, where readers came from and their interface language.
 * One request, `GET /api/studio/josies/:id`; another curator's josie is refused by the server (403).
 */
export default function StudioJosiePage() {
  const { id = '' } = useParams();
  const params = useStudioParams();
  const enabled = useStudioEnabled();
  const query = useQuery({
    queryKey: studioKeys.josie(params, id),
    queryFn: ({ signal }) => fetchJosie(params, id, { signal }),
    enabled,
    // Another period of the same josie keeps its numbers shown meanwhile; another josie's never stand in.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === id ? previous : undefined),
  });
  return (
    <StudioFrame section="josies" range={query.data?.range}>
      <StudioData query={query} notFound={<JosieNotFound params={params} />}>
        {(data) => <JosieStats data={data} params={params} />}
      </StudioData>
    </StudioFrame>
  );
}
