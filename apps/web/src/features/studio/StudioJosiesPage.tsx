import { STUDIO_METRICS, type StudioJosieSort, type StudioJosiesResponse } from '@josie/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { cn } from '../../lib/cn';
import { Button, buttonClasses, focusRing } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import {
  DEFAULT_TABLE,
  fetchJosies,
  type StudioParams,
  type StudioTableParams,
  studioKeys,
  tableParamsOf,
} from './api';
import { useStudioFormat } from './format';
import { studioPath, useStudioParams } from './params';
import { StudioData, StudioEmpty, StudioFrame, useOwnStudio, useStudioEnabled } from './StudioFrame';

const COLUMNS: readonly StudioJosieSort[] = ['title', 'publishedAt', ...STUDIO_METRICS];

/** The order a column starts in when first chosen: titles A to Z, numbers and dates largest first. */
const firstOrder = (column: StudioJosieSort) => (column === 'title' ? 'asc' : 'desc');

/** The josie table's order and page, read from and written to the address bar (defaults left out). */
function useTableParams(): [StudioTableParams, (next: Partial<StudioTableParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const table = tableParamsOf(search);
  const set = (next: Partial<StudioTableParams>) =>
    setSearch(
      (current) => {
        const merged = { ...tableParamsOf(current), ...next };
        const query = new URLSearchParams(current);
        for (const key of ['sort', 'order', 'page'] as const) {
          if (merged[key] === DEFAULT_TABLE[key]) query.delete(key);
          else query.set(key, String(merged[key]));
        }
        return query;
      },
      { replace: true },
    );
  return [table, set];
}

/** The i18n key of a column's name. */
function columnKey(column: StudioJosieSort) {
  return column === 'title' || column === 'publishedAt'
    ? (`studio.josies.columns.${column}` as const)
    : (`studio.metrics.${column}` as const);
}

function JosiesTable({
  data,
  params,
  table,
  setTable,
}: {
  data: StudioJosiesResponse;
  params: StudioParams;
  table: StudioTableParams;
  setTable: (next: Partial<StudioTableParams>) => void;
}) {
  const { t } = useTranslation();
  const fmt = useStudioFormat();
  const own = useOwnStudio();
  // A page past the end (an old link, or josies unpublished meanwhile) answers no rows and a total of 0: back to
  // the first page rather than "publish your first josie".
  if (data.total === 0 && table.page > 1) return <PastTheEnd onFirst={() => setTable({ page: 1 })} />;
  if (data.total === 0) return <StudioEmpty own={own} />;
  const pages = Math.max(1, Math.ceil(data.total / data.limit));
  const sortBy = (column: StudioJosieSort) =>
    setTable({
      sort: column,
      order: column === table.sort ? (table.order === 'asc' ? 'desc' : 'asc') : firstOrder(column),
      page: 1,
    });
  const Arrow = table.order === 'asc' ? ArrowUp : ArrowDown;

  return (
    <section aria-labelledby="studio-josies" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="studio-josies" className="text-xl font-bold tracking-tight text-zinc-950">
          {t('studio.josies.heading')}
        </h2>
        <p className="text-sm text-zinc-600">{t('studio.josies.count', { count: data.total })}</p>
      </div>
      <div className="overflow-x-auto rounded-3xl bg-white shadow-sm ring-1 ring-zinc-200">
        <table className="w-full min-w-[56rem] text-sm">
          <caption className="sr-only">
            {t('studio.josies.caption', {
              column: t(columnKey(table.sort)),
              order: t(`studio.josies.${table.order}`),
            })}
          </caption>
          <thead>
            <tr className="border-b border-zinc-200 text-zinc-600">
              {COLUMNS.map((column) => {
                const active = column === table.sort;
                return (
                  <th
                    key={column}
                    scope="col"
                    aria-sort={active ? (table.order === 'asc' ? 'ascending' : 'descending') : undefined}
                    className={cn(
                      'px-2 py-2 font-medium whitespace-nowrap',
                      column === 'title'
                        ? 'sticky start-0 z-10 bg-white ps-4 text-start'
                        : column === 'publishedAt'
                          ? 'text-start'
                          : 'text-end',
                    )}
                  >
                    <button
                      type="button"
                      onClick={() => sortBy(column)}
                      className={cn(
                        'inline-flex items-center gap-1 rounded-md px-1 py-1 hover:text-zinc-950',
                        active && 'font-semibold text-zinc-950',
                        focusRing,
                      )}
                    >
                      {t(columnKey(column))}
                      {active && <Arrow className="size-3.5" aria-hidden="true" />}
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {data.items.map((row) => (
              <tr key={row.id} className="group border-b border-zinc-100 last:border-0 hover:bg-zinc-50">
                <th
                  scope="row"
                  className="sticky start-0 z-10 max-w-[10rem] bg-white ps-4 pe-2 text-start font-medium group-hover:bg-zinc-50 sm:max-w-xs"
                >
                  <Link
                    to={studioPath(`/studio/josies/${encodeURIComponent(row.id)}`, params)}
                    className={cn(
                      'block truncate rounded-md py-3 text-zinc-950 hover:text-brand-700 hover:underline',
                      focusRing,
                    )}
                  >
                    <bdi>{row.title}</bdi>
                  </Link>
                </th>
                <td className="px-3 whitespace-nowrap text-zinc-700">
                  {row.publishedAt ? fmt.day(row.publishedAt) : '–'}
                </td>
                {STUDIO_METRICS.map((metric) => (
                  <td key={metric} className="px-3 text-end text-zinc-950 tabular-nums">
                    {fmt.number(row[metric])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav aria-label={t('studio.josies.pagination')} className="flex items-center justify-between gap-3">
          <button
            type="button"
            className={buttonClasses('outline', 'sm')}
            disabled={table.page <= 1}
            onClick={() => setTable({ page: table.page - 1 })}
          >
            <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t('studio.josies.previous')}
          </button>
          <p className="text-sm text-zinc-700" aria-live="polite">
            {t('studio.josies.pageOf', { page: fmt.number(table.page), pages: fmt.number(pages) })}
          </p>
          <button
            type="button"
            className={buttonClasses('outline', 'sm')}
            disabled={table.page >= pages}
            onClick={() => setTable({ page: table.page + 1 })}
          >
            {t('studio.josies.next')}
            <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          </button>
        </nav>
      )}
    </section>
  );
}

/**
 * `/studio/josies` (docs/product/rules-and-limits.md#studio): every published josie with its totals in the
 * period, sorted by any column (the server sorts, so every page agrees) and paged 50 at a time; order and
 * page live in the address bar. Each title opens that josie's page of the studio. One request,
 * `GET /api/studio/josies`.
 */
/** A page of the table past its last josie: said, with the way to the first page. */
function PastTheEnd({ onFirst }: { onFirst: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<SearchX className="size-6" aria-hidden="true" />}
      title={t('studio.josies.pastEnd')}
      action={
        <Button variant="outline" onClick={onFirst}>
          {t('studio.josies.firstPage')}
        </Button>
      }
    />
  );
}

export default function StudioJosiesPage() {
  const params = useStudioParams();
  const enabled = useStudioEnabled();
  const [table, setTable] = useTableParams();
  const query = useQuery({
    queryKey: studioKeys.josies(params, table),
    queryFn: ({ signal }) => fetchJosies(params, table, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
  return (
    <StudioFrame section="josies" csv="josies" range={query.data?.range}>
      <StudioData query={query} cards={0}>
        {(data) => <JosiesTable data={data} params={params} table={table} setTable={setTable} />}
      </StudioData>
    </StudioFrame>
  );
}
