import { useId, useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts';
import { directionOf } from '../../i18n';
import { Card } from './AdminPage';
import { formatDay } from './format';

/** One line or set of bars: a label, a colour and one count per day. */
export interface ChartSeries {
  key: string;
  label: string;
  /** Fill and stroke colour (chosen for contrast on white). */
  color: string;
  values: readonly number[];
}

export interface StatsChartProps {
  title: string;
  /** `YYYY-MM-DD`, oldest first. */
  days: readonly string[];
  series: readonly ChartSeries[];
  /** Bars for discrete events, an area for a steady flow such as page views. */
  kind?: 'bar' | 'area';
}

type Row = { day: string; label: string } & Record<string, number | string>;

const AXIS_TICK = { fontSize: 12, fill: '#52525b' } as const;
const CHART_HEIGHT = 200;

/** The tooltip of a chart: the day, then each series' count, in the page's direction. */
function ChartTooltip({ active, payload, label, dir }: TooltipContentProps & { dir: 'rtl' | 'ltr' }) {
  if (!active || !payload?.length) return null;
  return (
    <div dir={dir} className="rounded-xl bg-white px-3 py-2 text-sm shadow-lg ring-1 ring-zinc-200">
      <p className="font-semibold text-zinc-900">{label}</p>
      <ul>
        {payload.map((entry) => (
          <li key={String(entry.dataKey)} className="flex items-center gap-2 text-zinc-700">
            <span className="size-2.5 rounded-full" style={{ backgroundColor: entry.color }} />
            {entry.name}: <span className="font-semibold text-zinc-900 tabular-nums">{entry.value}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * One dashboard chart of daily counts over the last 30 days (docs/product/routes-and-roles.md#admin), with a
 * heading, the period's total per series and the busiest day. The drawing (recharts, SVG) is for sighted
 * users and hidden from assistive tech; a visually hidden table carries the same numbers. In Hebrew time runs
 * from right to left, like the rest of the page.
 */
export function StatsChart({ title, days, series, kind = 'bar' }: StatsChartProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const gradientId = useId();
  const lang = i18n.language;
  const rtl = directionOf(lang) === 'rtl';

  const rows = useMemo<Row[]>(
    () =>
      days.map((day, index) => {
        // The drawing is laid out left to right; a leading right-to-left mark keeps a Hebrew date
        // ("5 בינו׳") in its own reading order there.
        const label = formatDay(day, lang);
        const row: Row = { day, label: rtl ? `\u200f${label}` : label };
        for (const s of series) row[s.key] = s.values[index] ?? 0;
        return row;
      }),
    [days, series, lang, rtl],
  );

  const totals = series.map((s) => s.values.reduce((sum, value) => sum + value, 0));
  const only = series.length === 1 ? series[0] : undefined;
  const busiest =
    only && (totals[0] ?? 0) > 0
      ? only.values.reduce((best, value, index) => (value > (only.values[best] ?? 0) ? index : best), 0)
      : null;

  const axes = (
    <>
      <CartesianGrid vertical={false} stroke="#e4e4e7" strokeDasharray="4 4" />
      <XAxis
        dataKey="label"
        reversed={rtl}
        tick={AXIS_TICK}
        tickLine={false}
        axisLine={{ stroke: '#d4d4d8' }}
        interval="preserveStartEnd"
        minTickGap={24}
      />
      <YAxis
        orientation={rtl ? 'right' : 'left'}
        allowDecimals={false}
        tick={AXIS_TICK}
        tickLine={false}
        axisLine={false}
        width={36}
      />
      <Tooltip
        content={(props) => <ChartTooltip {...props} dir={rtl ? 'rtl' : 'ltr'} />}
        cursor={{ fill: 'rgba(214, 38, 127, 0.06)' }}
      />
    </>
  );
  const chartProps = {
    responsive: true,
    data: rows,
    accessibilityLayer: false,
    margin: { top: 8, right: 4, bottom: 0, left: 4 },
    style: { width: '100%', height: CHART_HEIGHT },
  } as const;

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

      <div aria-hidden="true" className="-mx-1" dir="ltr">
        {kind === 'area' ? (
          <AreaChart {...chartProps}>
            <defs>
              {series.map((s) => (
                <linearGradient key={s.key} id={`${gradientId}-${s.key}`} x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={s.color} stopOpacity={0.35} />
                  <stop offset="100%" stopColor={s.color} stopOpacity={0.02} />
                </linearGradient>
              ))}
            </defs>
            {axes}
            {series.map((s) => (
              <Area
                key={s.key}
                type="monotone"
                dataKey={s.key}
                name={s.label}
                stroke={s.color}
                strokeWidth={2}
                fill={`url(#${gradientId}-${s.key})`}
                isAnimationActive={false}
              />
            ))}
          </AreaChart>
        ) : (
          <BarChart {...chartProps} barGap={2}>
            {axes}
            {series.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                fill={s.color}
                radius={[4, 4, 0, 0]}
                maxBarSize={series.length > 1 ? 8 : 14}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        )}
      </div>

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
            {rows.map((row) => (
              <tr key={row.day}>
                <th scope="row">{formatDay(row.day, lang)}</th>
                {series.map((s) => (
                  <td key={s.key}>{row[s.key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
