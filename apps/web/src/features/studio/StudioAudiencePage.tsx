import { FOLLOW_SOURCES, type StudioAudienceResponse } from '@josie/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchAudience, studioKeys } from './api';
import { Breakdown, MetricCard, Panel } from './Cards';
import { METRIC_COLORS } from './colors';
import { useStudioFormat } from './format';
import { useStudioParams } from './params';
import { StudioChart } from './StudioChart';
import { StudioData, StudioFrame, useStudioEnabled } from './StudioFrame';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The invites that brought the most followers in the period, best first. */
function Invites({ invites }: { invites: StudioAudienceResponse['invites'] }) {
  const { t } = useTranslation();
  const fmt = useStudioFormat();
  return (
    <Panel title={t('studio.audience.invites')} hint={t('studio.audience.invitesHint')}>
      {invites.length === 0 ? (
        <p className="text-sm text-zinc-600">{t('studio.audience.noInvites')}</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-zinc-200 text-zinc-600">
              <th scope="col" className="py-2 pe-3 text-start font-medium">
                {t('studio.audience.invite')}
              </th>
              <th scope="col" className="py-2 text-end font-medium">
                {t('studio.audience.joins')}
              </th>
            </tr>
          </thead>
          <tbody>
            {invites.map((invite) => (
              <tr key={invite.id} className="border-b border-zinc-100 last:border-0">
                <th scope="row" className="py-2 pe-3 text-start font-normal wrap-anywhere text-zinc-800">
                  <bdi>{invite.text}</bdi>
                </th>
                <td className="py-2 text-end font-semibold text-zinc-950 tabular-nums">
                  {fmt.number(invite.joins)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

function Audience({ data }: { data: StudioAudienceResponse }) {
  const { t } = useTranslation();
  const { period } = data.range;
  const { series } = data;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <MetricCard
          label={t('studio.followersNow')}
          value={data.followersNow}
          period={period}
          className="col-span-2 sm:col-span-1"
        />
        <MetricCard label={t('studio.metrics.followersGained')} value={sum(series.gained)} period={period} />
        <MetricCard label={t('studio.metrics.followersLost')} value={sum(series.lost)} period={period} />
      </div>
      <StudioChart
        title={t('studio.audience.followersOverTime')}
        days={series.days}
        kind="area"
        levels
        series={[
          {
            key: 'followers',
            label: t('studio.metrics.followers'),
            color: METRIC_COLORS.followers,
            values: series.followers,
          },
        ]}
      />
      <StudioChart
        title={t('studio.audience.gainedLost')}
        days={series.days}
        series={[
          {
            key: 'gained',
            label: t('studio.metrics.followersGained'),
            color: METRIC_COLORS.followersGained,
            values: series.gained,
          },
          {
            key: 'lost',
            label: t('studio.metrics.followersLost'),
            color: METRIC_COLORS.followersLost,
            values: series.lost,
          },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <Breakdown
          title={t('studio.audience.sources')}
          hint={t('studio.audience.sourcesHint')}
          entries={FOLLOW_SOURCES.map((key) => ({
            key,
            label: t(`studio.sources.${key}`),
            value: data.sources[key],
          }))}
          empty={t('studio.audience.noSources')}
          color="bg-emerald-700"
        />
        <Invites invites={data.invites} />
      </div>
    </div>
  );
}

/**
 * `/studio/audience` (docs/product/rules-and-limits.md#studio): followers now and by day, gained and lost by
 * day, where new followers pressed follow, and the invites that brought the most. One request,
 * `GET /api/studio/audience`.
 */
export default function StudioAudiencePage() {
  const params = useStudioParams();
  const enabled = useStudioEnabled();
  const query = useQuery({
    queryKey: studioKeys.audience(params),
    queryFn: ({ signal }) => fetchAudience(params, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
  return (
    <StudioFrame section="audience" csv="audience" range={query.data?.range}>
      <StudioData query={query} cards={3}>
        {(data) => <Audience data={data} />}
      </StudioData>
    </StudioFrame>
  );
}
