import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { focusRing } from '../../ui/Button';
import { type ChartSeries, DailyChart } from '../../ui/DailyChart';
import { Panel } from './Cards';
import { useStudioFormat } from './format';

/** One drawn series: a label, a colour (at least 3:1 on white, as graphics need) and one count per day. */
export type StudioSeries = ChartSeries;

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
  /** The table's caption when it holds more than the title says (the overview's); the title by default. */
  tableCaption?: string;
  /** Bars for counts of a day, an area for a level that carries over (followers). */
  kind?: 'bar' | 'area';
  /** The series are levels, not counts (see {@link DailyChart}). */
  levels?: boolean;
  className?: string;
}

/**
 * A studio chart of daily counts (docs/product/rules-and-limits.md#studio), drawn by {@link DailyChart} for
 * sighted readers only (hidden from assistive tech), time running right to left in Hebrew like the page. A button
 * under it shows the same numbers as a table, which assistive tech reads while it is hidden from the eye.
 */
export function StudioChart({
  title,
  days,
  series,
  tableSeries,
  tableCaption,
  kind = 'bar',
  levels,
  className,
}: StudioChartProps) {
  const { t } = useTranslation();
  const fmt = useStudioFormat();
  const tableId = useId();
  const [tableShown, setTableShown] = useState(false);
  const columns = tableSeries ?? series;

  const empty = series.every((s) => s.values.every((value) => value === 0));

  return (
    <Panel
      title={title}
      className={className}
      head={
        <>
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
        </>
      }
    >
      <DailyChart days={days} series={series} kind={kind} height={220} levels={levels} />

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
          <caption className="sr-only">{tableCaption ?? title}</caption>
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
            {days.map((day, index) => (
              <tr key={day} className="border-b border-zinc-100">
                <th
                  scope="row"
                  className="py-1.5 pe-3 text-start font-normal whitespace-nowrap text-zinc-700"
                >
                  {fmt.day(day)}
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
    </Panel>
  );
}
