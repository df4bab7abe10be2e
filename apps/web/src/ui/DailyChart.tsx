import { useId, useMemo } from 'react';
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
import { directionOf } from '../i18n';
import { formatShortDay } from '../lib/shortDay';

/** One series of a {@link DailyChart}: a label, a colour (at least 3:1 on white) and one count per day. */
export interface ChartSeries {
  key: string;
  label: string;
  color: string;
  values: readonly number[];
}

export interface DailyChartProps {
  /** UTC days `YYYY-MM-DD`, oldest first, one per value of every series. */
  days: readonly string[];
  series: readonly ChartSeries[];
  /** Bars for discrete events of a day, an area for a steady flow or a level (page views, followers). */
  kind?: 'bar' | 'area';
  /** Height in px. */
  height?: number;
  /**
   * The series are levels (followers at each day's end), not counts: the scale fits their range instead of
   * starting at 0, where a change of a few among thousands would draw a flat line.
   */
  levels?: boolean;
}

type Row = { day: string; label: string } & Record<string, number | string>;

const AXIS_TICK = { fontSize: 12, fill: '#52525b' } as const;

/** The tooltip: the day, then each series' count in the interface's number format, in the page's direction. */
function ChartTooltip({
  active,
  payload,
  label,
  dir,
  number,
}: TooltipContentProps & { dir: 'rtl' | 'ltr'; number: Intl.NumberFormat }) {
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
              {number.format(Number(entry.value))}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The drawing of daily counts (recharts, SVG) shared by the admin dashboard and the curator studio: for
 * sighted readers only, hidden from assistive tech, so its page must carry the same numbers as a table. Time
 * runs right to left in Hebrew like the rest of the page (the axis reversed, the counts' axis on the right).
 */
export function DailyChart({ days, series, kind = 'bar', height = 200, levels = false }: DailyChartProps) {
  const { i18n } = useTranslation();
  const gradientId = useId();
  const lang = i18n.language;
  const rtl = directionOf(lang) === 'rtl';
  const number = useMemo(() => new Intl.NumberFormat(lang), [lang]);

  const rows = useMemo<Row[]>(
    () =>
      days.map((day, index) => {
        // The drawing is laid out left to right; a leading right-to-left mark keeps a Hebrew date
        // ("5 בינו׳") in its own reading order there.
        const label = formatShortDay(day, lang);
        const row: Row = { day, label: rtl ? `\u200f${label}` : label };
        for (const s of series) row[s.key] = s.values[index] ?? 0;
        return row;
      }),
    [days, series, lang, rtl],
  );

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
        domain={levels ? ['auto', 'auto'] : [0, 'auto']}
        tick={AXIS_TICK}
        tickLine={false}
        axisLine={false}
        width={40}
        tickFormatter={(value: number) => number.format(value)}
      />
      <Tooltip
        content={(props) => <ChartTooltip {...props} dir={rtl ? 'rtl' : 'ltr'} number={number} />}
        cursor={{ fill: 'rgba(214, 38, 127, 0.06)' }}
      />
    </>
  );
  const chartProps = {
    responsive: true,
    data: rows,
    accessibilityLayer: false,
    margin: { top: 8, right: 4, bottom: 0, left: 4 },
    style: { width: '100%', height },
  } as const;

  return (
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
  );
}
