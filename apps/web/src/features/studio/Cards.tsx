import type { StudioPeriod, StudioTotal } from '@josie/contract';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { focusRing } from '../../ui/Button';
import { Change } from './Change';
import { useStudioFormat } from './format';

/**
 * A titled white card of the studio (a chart, a breakdown, a table): a region named by its `h3`, with an
 * optional line under the title.
 */
export function Panel({
  title,
  hint,
  head,
  className,
  children,
}: {
  title: string;
  hint?: ReactNode;
  /** More under the title (a legend, a note). */
  head?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
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
        {hint && <p className="text-sm text-zinc-600">{hint}</p>}
        {head}
      </div>
      {children}
    </section>
  );
}

const cardClasses = 'flex min-w-0 flex-col gap-1 rounded-3xl p-4 shadow-sm';

/**
 * One number of the studio with its label and, when it has a previous period, its change. With `onSelect`
 * it is a toggle button that picks the chart below (pressed while its metric is drawn).
 */
export function MetricCard({
  label,
  value,
  total,
  period,
  selected,
  onSelect,
  className,
}: {
  label: string;
  /** The number shown; `total.current` when absent. */
  value?: number;
  total?: StudioTotal;
  period: StudioPeriod;
  selected?: boolean;
  onSelect?: () => void;
  className?: string;
}) {
  const fmt = useStudioFormat();
  const body = (
    <>
      <span className="text-sm font-medium text-zinc-600">{label}</span>
      <span className="text-2xl font-bold text-zinc-950 tabular-nums sm:text-3xl">
        {fmt.number(value ?? total?.current ?? 0)}
      </span>
      {total && <Change total={total} period={period} />}
    </>
  );
  if (!onSelect)
    return <div className={cn(cardClasses, 'bg-white ring-1 ring-zinc-200', className)}>{body}</div>;
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onSelect}
      className={cn(
        cardClasses,
        'cursor-pointer text-start transition-shadow hover:shadow-md',
        selected ? 'bg-brand-50 ring-2 ring-brand-600' : 'bg-white ring-1 ring-zinc-200',
        focusRing,
        className,
      )}
    >
      {body}
    </button>
  );
}

/** One line of a breakdown: its label and count. */
export interface BreakdownEntry {
  key: string;
  label: ReactNode;
  value: number;
}

/**
 * A breakdown of a total (plays by service, readers by surface or language, followers by source) as a list of
 * bars sized by their share: plain HTML, so it reads in order to assistive tech and mirrors in Hebrew by
 * itself. Entries keep their given order; empty ones are left out.
 */
export function Breakdown({
  title,
  hint,
  entries,
  empty,
  color = 'bg-brand-500',
}: {
  title: string;
  hint?: string;
  entries: readonly BreakdownEntry[];
  /** What it says when every count is 0. */
  empty: string;
  /** The bars' Tailwind background class. */
  color?: string;
}) {
  const { t } = useTranslation();
  const fmt = useStudioFormat();
  const total = entries.reduce((sum, entry) => sum + entry.value, 0);
  const shown = entries.filter((entry) => entry.value > 0);
  return (
    <Panel title={title} hint={hint}>
      {total === 0 ? (
        <p className="text-sm text-zinc-600">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {shown.map((entry) => {
            const share = entry.value / total;
            return (
              <li key={entry.key} className="flex flex-col gap-1">
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="min-w-0 text-zinc-800">{entry.label}</span>
                  <span className="shrink-0 text-zinc-950 tabular-nums">
                    <span className="font-semibold">{fmt.number(entry.value)}</span>{' '}
                    <span className="text-zinc-600">
                      ({t('studio.josie.share', { percent: fmt.percent(share), total: fmt.number(total) })})
                    </span>
                  </span>
                </div>
                <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-zinc-100">
                  <div
                    className={cn('h-full rounded-full', color)}
                    style={{ width: `${Math.max(share * 100, 2)}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
