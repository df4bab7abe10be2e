import { ChevronDown } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { cn } from '../../lib/cn';
import { focusRing } from '../../ui/Button';
import { type StudioFormat, useStudioFormat } from './format';

/** One drawn series: a label, a colour (at least 3:1 on white, as graphics need) and one count per day. */
export interface StudioSeries {
  key: string;
  label: string;
  color: string;
  values: readonly number[];
}

export interface StudioChartProps {
  title: string;
  /** UTC days `YYYY-MM-DD`, oldest first, one per value of every series. */
  days: readonly string[];
  series: readonly StudioSeries[];
  /**
   * The table's columns when they are more than the drawing's (the overview draws one metric and tables
   * them all); the drawn series by default.
   */
  tableSeries?: readonly StudioSeries[];
  /** Bars for counts of a day, an area for a level that carries over (followers). */
  kind?: 'bar' | 'area';
  className?: string;
}

type Row = { day: string; label: string } & Record<string, number | string>;

const AXIS_TICK = { fontSize: 12, fill: '#52525b' } as const;
const CHART_HEIGHT = 220;

function ChartTooltip({
  active,
  payload,
  label,
  dir,
  fmt,
}: TooltipContentProps & { dir: 'rtl' | 'ltr'; fmt: StudioFormat }) {
  if (!active || !payload?.length) return null;
  return (
    <div dir={dir} className="rounded-xl bg-white px-3 py-2 text-sm shadow-lg ring-1 ring-zinc-200">
      <p className="font-semibold text-zinc-900">{label}</p>
      <ul>
        {payload.map((entry) => (
          <li key={String(entry.dataKey)} className="flex items-center gap-2 text-zinc-700">
            <span className="size-2.5 rounded-full" style={{ backgroundColor: entry.color }} />
            {entry.name}:{' '}
            <span className="font-semibold text-zinc-900 tabular-nums">
              {fmt.number(Number(entry.value))}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A studio chart of daily counts (docs/product/rules-and-limits.md#studio) drawn with recharts: for sighted
 * readers only (hidden from assistive tech), time running right to left in Hebrew like the page. A button
 * under it shows the same numbers as a table, which assistive tech reads while it is hidden from the eye.
 */
export function StudioChart({ title, days, series, tableSeries, kind = 'bar', className }: StudioChartProps) {
  const { t } = useTranslation();
  const fmt = useStudioFormat();
  const titleId = useId();
  const tableId = useId();
  const gradientId = useId();
  const [tableShown, setTableShown] = useState(false);
  const rtl = directionOf(fmt.lang) === 'rtl';
  const columns = tableSeries ?? series;

  const rows = useMemo<Row[]>(
    () =>
      days.map((day, index) => {
        // The drawing is laid out left to right; a leading right-to-left mark keeps a Hebrew date in its own
        // reading order there.
        const label = fmt.shortDay(day);
        const row: Row = { day, label: rtl ? `\u200f${label}` : label };
        for (const s of columns) row[s.key] = s.values[index] ?? 0;
        for (const s of series) row[s.key] = s.values[index] ?? 0;
        return row;
      }),
    [days, series, columns, fmt, rtl],
  );
  const empty = series.every((s) => s.values.every((value) => value === 0));

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
        width={40}
        tickFormatter={(value: number) => fmt.number(value)}
      />
      <Tooltip
        content={(props) => <ChartTooltip {...props} dir={rtl ? 'rtl' : 'ltr'} fmt={fmt} />}
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
    <section
      aria-labelledby={titleId}
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-zinc-200 sm:p-5',
        className,
      )}
    >
      <div className="flex flex-col gap-1">
        <h3 id={titleId} className="text-lg font-semibold text-zinc-950">
          {title}
        </h3>
        {series.length > 1 && (
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-700">
            {series.map((s) => (
              <li key={s.key} className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className="size-2.5 rounded-full"
                  style={{ backgroundColor: s.color }}
                />
                {s.label}
              </li>
            ))}
          </ul>
        )}
        {empty && <p className="text-sm text-zinc-600">{t('studio.chart.noActivity')}</p>}
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
                maxBarSize={series.length > 1 ? 10 : 16}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        )}
      </div>

      <button
        type="button"
        aria-expanded={tableShown}
        aria-controls={tableId}
        onClick={() => setTableShown((shown) => !shown)}
        className={cn(
          'inline-flex items-center gap-1 self-start rounded-full px-2 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50',
          focusRing,
        )}
      >
        <ChevronDown
          className={cn('size-4 transition-transform', tableShown && 'rotate-180')}
          aria-hidden="true"
        />
        {tableShown ? t('studio.chart.hideTable') : t('studio.chart.showTable')}
      </button>
      {/* Hidden from the eye until asked for, never from assistive tech. The wrapper hides it: a table
          ignores the 1 px height and clipping of `sr-only`. */}
      <div id={tableId} className={tableShown ? 'max-h-96 overflow-auto' : 'sr-only'}>
        <table className="w-full text-sm">
          <caption className="sr-only">{t('studio.chart.perDay', { metric: title })}</caption>
          <thead className="sticky top-0 bg-white">
            <tr className="border-b border-zinc-200 text-zinc-600">
              <th scope="col" className="py-2 pe-3 text-start font-medium">
                {t('studio.chart.day')}
              </th>
              {columns.map((s) => (
                <th key={s.key} scope="col" className="px-2 py-2 text-end font-medium">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.day} className="border-b border-zinc-100">
                <th
                  scope="row"
                  className="py-1.5 pe-3 text-start font-normal whitespace-nowrap text-zinc-700"
                >
                  {fmt.day(row.day)}
                </th>
                {columns.map((s) => (
                  <td key={s.key} className="px-2 py-1.5 text-end text-zinc-950 tabular-nums">
                    {fmt.number(s.values[index] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
