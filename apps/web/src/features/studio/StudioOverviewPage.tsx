import { STUDIO_METRICS, type StudioMetric, type StudioOverviewResponse } from '@josie/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchOverview, studioKeys } from './api';
import { MetricCard } from './Cards';
import { METRIC_COLORS } from './colors';
import { useStudioParams } from './params';
import { StudioChart, type StudioSeries } from './StudioChart';
import { StudioData, StudioEmpty, StudioFrame, useOwnStudio, useStudioEnabled } from './StudioFrame';

/**
 * Whether a curator's studio has nothing to show: no activity ever counted (in any period, not only the one
 * picked) and no follower.
 */
function isBlank(data: StudioOverviewResponse): boolean {
  return data.firstDay === null && data.followers.now === 0;
}

function Overview({ data }: { data: StudioOverviewResponse }) {
  const { t } = useTranslation();
  const own = useOwnStudio();
  const [metric, setMetric] = useState<StudioMetric>('views');
  const { period } = data.range;
  if (isBlank(data)) return <StudioEmpty own={own} />;
  const label = (key: StudioMetric) => t(`studio.metrics.${key}`);
  const seriesOf = (key: StudioMetric): StudioSeries => ({
    key,
    label: label(key),
    color: METRIC_COLORS[key],
    values: data.series.metrics[key],
  });
  const followerSeries: StudioSeries[] = [
    {
      key: 'followersGained',
      label: t('studio.metrics.followersGained'),
      color: METRIC_COLORS.followersGained,
      values: data.series.followersGained,
    },
    {
      key: 'followersLost',
      label: t('studio.metrics.followersLost'),
      color: METRIC_COLORS.followersLost,
      values: data.series.followersLost,
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="studio-followers" className="flex flex-col gap-3">
        <h2 id="studio-followers" className="text-xl font-bold tracking-tight text-zinc-950">
          {t('studio.metrics.followers')}
        </h2>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <MetricCard
            label={t('studio.followersNow')}
            value={data.followers.now}
            period={period}
            className="col-span-2 sm:col-span-1"
          />
          <MetricCard
            label={t('studio.metrics.followersGained')}
            total={data.followers.gained}
            period={period}
          />
          <MetricCard label={t('studio.metrics.followersLost')} total={data.followers.lost} period={period} />
        </div>
      </section>
      <section aria-labelledby="studio-activity" className="flex flex-col gap-3">
        <h2 id="studio-activity" className="text-xl font-bold tracking-tight text-zinc-950">
          {t('studio.overview.heading')}
        </h2>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {STUDIO_METRICS.map((key) => (
            <MetricCard
              key={key}
              label={label(key)}
              total={data.totals[key]}
              period={period}
              selected={metric === key}
              onSelect={() => setMetric(key)}
              className={key === 'alsoOn' ? 'max-sm:col-span-2' : undefined}
            />
          ))}
        </div>
        <StudioChart
          title={t('studio.chart.perDay', { metric: label(metric) })}
          days={data.series.days}
          series={[seriesOf(metric)]}
          tableSeries={[...STUDIO_METRICS.map(seriesOf), ...followerSeries]}
          tableCaption={t('studio.chart.everyNumber')}
        />
        <StudioChart
          title={t('studio.audience.gainedLost')}
          days={data.series.days}
          series={followerSeries}
        />
      </section>
    </div>
  );
}

/**
 * `/studio` (docs/product/rules-and-limits.md#studio, decision 0050): followers now, gained and lost, and
 * every metric's total in the period against the previous one; a number card picks the daily chart drawn
 * (each chart's numbers also as a table), and followers gained and lost by day. One request,
 * `GET /api/studio/overview`. A curator with nothing published and no follower is told to publish a josie.
 */
export default function StudioOverviewPage() {
  const params = useStudioParams();
  const enabled = useStudioEnabled();
  const query = useQuery({
    queryKey: studioKeys.overview(params),
    queryFn: ({ signal }) => fetchOverview(params, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
  return (
    <StudioFrame section="overview" csv="overview" range={query.data?.range}>
      <StudioData query={query} cards={4}>
        {(data) => <Overview data={data} />}
      </StudioData>
    </StudioFrame>
  );
}
