import { STUDIO_METRICS } from '@josie/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchPlatform, studioKeys } from './api';
import { MetricCard } from './Cards';
import { useStudioFlag, useStudioParams } from './params';
import { PeriodPicker, RangeText, StudioData, StudioUnavailable } from './StudioFrame';

/**
 * The platform's studio for admins (decision 0050, `GET /api/studio/platform`): every curator's totals
 * summed, with followers gained and lost, each against the previous period, for the period in the address
 * bar. The same cards and changes as a curator's overview, from the same counts.
 */
export function PlatformTotals() {
  const { t } = useTranslation();
  const { period } = useStudioParams();
  const flag = useStudioFlag();
  const query = useQuery({
    queryKey: studioKeys.platform(period),
    queryFn: ({ signal }) => fetchPlatform(period, { signal }),
    enabled: flag === 'on',
    placeholderData: keepPreviousData,
  });
  if (flag === 'off') return <StudioUnavailable />;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <PeriodPicker period={period} />
        {query.data && <RangeText range={query.data.range} />}
      </div>
      <StudioData query={query} cards={8}>
        {(data) => (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <MetricCard
              label={t('studio.metrics.followersGained')}
              total={data.followersGained}
              period={data.range.period}
            />
            <MetricCard
              label={t('studio.metrics.followersLost')}
              total={data.followersLost}
              period={data.range.period}
            />
            {STUDIO_METRICS.map((key) => (
              <MetricCard
                key={key}
                label={t(`studio.metrics.${key}`)}
                total={data.totals[key]}
                period={data.range.period}
                className={key === 'alsoOn' ? 'max-sm:col-span-2' : undefined}
              />
            ))}
          </div>
        )}
      </StudioData>
    </div>
  );
}
