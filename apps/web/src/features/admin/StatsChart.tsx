import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { type ChartSeries, DailyChart } from '../../ui/DailyChart';
import { Card } from './AdminPage';
import { formatDay } from './format';

export type { ChartSeries };

export interface StatsChartProps {
  title: string;
  /** `YYYY-MM-DD`, oldest first. */
  days: readonly string[];
  series: readonly ChartSeries[];
  /** Bars for discrete events, an area for a steady flow such as page views. */
  kind?: 'bar' | 'area';
}

/**
 * One dashboard chart of daily counts over the last 30 days (docs/product/routes-and-roles.md#admin), with a
 * heading, the period's total per series and the busiest day. The drawing ({@link DailyChart}) is for sighted
 * users and hidden from assistive tech; a visually hidden table carries the same numbers. In Hebrew time runs
 * from right to left, like the rest of the page.
 */
export function StatsChart({ title, days, series, kind = 'bar' }: StatsChartProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const lang = i18n.language;

  const totals = series.map((s) => s.values.reduce((sum, value) => sum + value, 0));
  const only = series.length === 1 ? series[0] : undefined;
  const busiest =
    only && (totals[0] ?? 0) > 0
      ? only.values.reduce((best, value, index) => (value > (only.values[best] ?? 0) ? index : best), 0)
      : null;

  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <h3 id={titleId} className="text-lg font-semibold text-zinc-950">
          {title}
        </h3>
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-zinc-700">
          {series.map((s, index) => (
            <li key={s.key} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="size-2.5 rounded-full"
                style={{ backgroundColor: s.color }}
              />
              {series.length > 1 && <span>{s.label}:</span>}{' '}
              <span>
                <Trans
                  i18nKey="admin.dashboard.inPeriod"
                  count={totals[index] ?? 0}
                  components={{ strong: <span className="text-base font-bold text-zinc-950 tabular-nums" /> }}
                />
              </span>
            </li>
          ))}
        </ul>
        {only && busiest !== null && (
          <p className="text-sm text-zinc-600">
            {t('admin.dashboard.busiestDay', {
              day: formatDay(days[busiest] ?? '', lang),
              count: only.values[busiest] ?? 0,
            })}
          </p>
        )}
        {totals.every((total) => total === 0) && (
          <p className="text-sm text-zinc-600">{t('admin.dashboard.noActivity')}</p>
        )}
      </div>

      <DailyChart days={days} series={series} kind={kind} />

      {/* The wrapper hides it: a table ignores the 1 px height and clipping of `sr-only` and, positioned
          absolutely, stretched the page below the footer. */}
      <div className="sr-only">
        <table>
          <caption>{t('admin.dashboard.dataTable', { chart: title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.dashboard.day')}</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day, index) => (
              <tr key={day}>
                <th scope="row">{formatDay(day, lang)}</th>
                {series.map((s) => (
                  <td key={s.key}>{s.values[index] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
