import type { StudioPeriod, StudioTotal } from '@josie/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { trendOf, useStudioFormat } from './format';
import { periodDays } from './params';

/**
 * A total's change against the previous period of the same length (docs/product/rules-and-limits.md#studio):
 * ▲ or ▼ and the percentage for the eye, and the whole sentence ("up 12% from the previous 30 days") for
 * assistive tech. Nothing for all time, which has no previous period.
 */
export function Change({
  total,
  period,
  className,
}: {
  total: StudioTotal;
  period: StudioPeriod;
  className?: string;
}) {
  const { t } = useTranslation();
  const fmt = useStudioFormat();
  const trend = trendOf(total);
  const days = periodDays(period);
  if (!trend || days === null) return null;
  const percent = trend.kind === 'up' || trend.kind === 'down' ? fmt.percent(trend.ratio) : '';
  const sentence = t(`studio.change.${trend.kind}`, { percent, days });
  const [mark, tone, short] =
    trend.kind === 'up'
      ? ['▲', 'text-emerald-700', percent]
      : trend.kind === 'down'
        ? ['▼', 'text-red-700', percent]
        : trend.kind === 'fromNone'
          ? ['▲', 'text-emerald-700', t('studio.change.short.fromNone')]
          : ['–', 'text-zinc-600', ''];
  return (
    <p className={cn('text-sm font-medium', tone, className)}>
      <span aria-hidden="true" className="inline-flex items-center gap-1 tabular-nums">
        <span>{mark}</span>
        {short && <span>{short}</span>}
      </span>
      <span className="sr-only">{sentence}</span>
    </p>
  );
}
