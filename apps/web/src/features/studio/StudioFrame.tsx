import {
  ERROR_CODES,
  STUDIO_PERIODS,
  type StudioCsvTable,
  type StudioPeriod,
  type StudioRange,
} from '@josie/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { BarChart3, Download, Lock, PenLine, ShieldCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { cn } from '../../lib/cn';
import { useSession } from '../../session/SessionProvider';
import { Button, buttonClasses, focusRing } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { contentFrame } from '../../ui/Page';
import { PageBackdrop } from '../../ui/PageBackdrop';
import { LoadError } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { downloadCsv, type StudioParams } from './api';
import { useStudioFormat } from './format';
import { studioPath, useStudioFlag, useStudioParams } from './params';
import { StudioSkeleton } from './Skeleton';

/** A view of the studio: its tab. */
export type StudioSection = 'overview' | 'josies' | 'audience';

const SECTIONS: ReadonlyArray<{ key: StudioSection; path: string }> = [
  { key: 'overview', path: '/studio' },
  { key: 'josies', path: '/studio/josies' },
  { key: 'audience', path: '/studio/audience' },
];

/** The links between the studio's views, keeping the period and owner; the current one is `aria-current`. */
function StudioTabs({ params, current }: { params: StudioParams; current: StudioSection }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('studio.tabs.label')} className="-mx-1 overflow-x-auto px-1 pb-1">
      <ul className="flex w-full gap-1 rounded-full bg-white p-1 shadow-sm ring-1 ring-zinc-200 sm:w-max">
        {SECTIONS.map(({ key, path }) => (
          <li key={key} className="flex-1 sm:flex-none">
            <NavLink
              to={studioPath(path, params)}
              aria-current={key === current ? 'page' : undefined}
              className={cn(
                'flex h-10 items-center justify-center rounded-full px-4 text-sm font-semibold whitespace-nowrap transition-colors',
                key === current
                  ? 'bg-brand-600 text-white shadow-sm shadow-brand-600/30'
                  : 'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-950',
                focusRing,
              )}
            >
              {t(`studio.tabs.${key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The period picker (7, 30, 90 days, all time): a group of toggle buttons that write `?period=` (the default,
 * 30 days, leaves it out), so the choice survives a reload and goes with a shared link. Other query entries
 * stay, except the josie table's page, which starts again at 1.
 */
export function PeriodPicker({ period }: { period: StudioPeriod }) {
  const { t } = useTranslation();
  const [, setSearch] = useSearchParams();
  const choose = (next: StudioPeriod) =>
    setSearch(
      (current) => {
        const search = new URLSearchParams(current);
        if (next === '30d') search.delete('period');
        else search.set('period', next);
        search.delete('page');
        return search;
      },
      { replace: true },
    );
  return (
    <fieldset className="flex min-w-0 gap-1 rounded-full bg-zinc-100 p-1">
      <legend className="sr-only">{t('studio.period.label')}</legend>
      {STUDIO_PERIODS.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={value === period}
          onClick={() => choose(value)}
          className={cn(
            'h-9 flex-1 shrink-0 rounded-full px-3 text-sm font-semibold whitespace-nowrap transition-colors sm:flex-none',
            value === period ? 'bg-white text-zinc-950 shadow-sm' : 'text-zinc-700 hover:text-zinc-950',
            focusRing,
          )}
        >
          {t(`studio.period.${value}`)}
        </button>
      ))}
    </fieldset>
  );
}

/** The dates a view covers, in the interface's date format. */
export function RangeText({ range }: { range: StudioRange }) {
  const { t } = useTranslation();
  const fmt = useStudioFormat();
  return (
    <p className="text-sm text-zinc-600">
      {range.period === 'all'
        ? t('studio.period.rangeAll', { from: fmt.day(range.from) })
        : t('studio.period.range', { from: fmt.day(range.from), to: fmt.day(range.to) })}
    </p>
  );
}

/**
 * Downloads one of the studio's tables as CSV (decision 0050) for the period and owner shown; a failure is a
 * toast, the page stays.
 */
export function CsvButton({ table, params }: { table: StudioCsvTable; params: StudioParams }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadCsv(table, params);
    } catch {
      toast.error(t('studio.csv.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void download()} disabled={busy} aria-busy={busy}>
      <Download className="size-4" aria-hidden="true" />
      {t('studio.csv.download')}
      <span className="sr-only">: {t(`studio.csv.tables.${table}`)}</span>
    </Button>
  );
}

/** The studio is switched off (the `studio` flag, decision 0050): said plainly, nothing else is asked for. */
export function StudioUnavailable() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<BarChart3 className="size-6" aria-hidden="true" />}
      title={t('studio.unavailable.title')}
      description={t('studio.unavailable.description')}
    />
  );
}

/**
 * Another's studio refused (403): "You can't see this studio" for a named curator's; for one's own, the
 * studio is for those who publish (a listener).
 */
function Forbidden({ other }: { other: boolean }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<Lock className="size-6" aria-hidden="true" />}
      title={other ? t('studio.forbidden.title') : t('studio.forbidden.own')}
      description={other ? t('studio.forbidden.description') : t('studio.forbidden.ownDescription')}
    />
  );
}

/**
 * A new curator's studio: nothing is published yet. The way to the editor is offered to the owner only (an
 * admin looking at someone's studio cannot write in their name).
 */
export function StudioEmpty({ own }: { own: boolean }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<PenLine className="size-6" aria-hidden="true" />}
      title={t('studio.empty.title')}
      description={t('studio.empty.description')}
      action={
        own ? (
          <Link to="/josie/new" className={buttonClasses('primary', 'md')}>
            {t('studio.empty.action')}
          </Link>
        ) : undefined
      }
    />
  );
}

/**
 * One studio read's states (docs/decisions/0017-one-web-data-layer.md): the skeleton until the answer; the
 * flag being off (404 `FEATURE_DISABLED`, the flag turned off since the flags were read) as "not available";
 * 403 as the forbidden state (or `notFound`, when given); other 404s as `notFound`; any other failure with "Try again"; else `children`.
 * A period change keeps the shown numbers until the new ones arrive (`placeholderData`).
 */
export function StudioData<T>({
  query,
  notFound,
  cards,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'isError' | 'error' | 'refetch' | 'isPlaceholderData'>;
  /** What a 404 shows, and a 403 too when given (a josie of someone else's studio), instead of the studio's. */
  notFound?: ReactNode;
  /** How many number cards the skeleton shows. */
  cards?: number;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const params = useStudioParams();
  const { error } = query;
  if (query.data !== undefined && !query.isError) {
    // The previous period's numbers, dimmed, until the new ones arrive.
    return (
      <div
        aria-busy={query.isPlaceholderData}
        className={cn('transition-opacity', query.isPlaceholderData && 'opacity-60')}
      >
        {children(query.data)}
      </div>
    );
  }
  if (!query.isError) return <StudioSkeleton label={t('studio.loading')} cards={cards} />;
  if (error instanceof ApiError && error.code === ERROR_CODES.FEATURE_DISABLED) return <StudioUnavailable />;
  if (error instanceof ApiError && error.status === 403) {
    return <>{notFound ?? <Forbidden other={!!params.curatorId} />}</>;
  }
  if (error instanceof ApiError && error.status === 404) {
    return <>{notFound ?? <LoadError error={error} text={t('studio.curatorNotFound')} ownText />}</>;
  }
  return <LoadError error={error} text={t('studio.loadError')} retry={() => query.refetch()} />;
}

/**
 * The frame of every studio view (docs/product/rules-and-limits.md#studio): the title, a note when an admin
 * looks at a curator's studio (with the way back to their account), the tabs, the period picker and the
 * view's CSV, then the view. While the `studio` flag is off (or not yet read) it shows that instead, and the
 * view asks the server nothing ({@link useStudioEnabled}).
 */
export function StudioFrame({
  section,
  csv,
  range,
  children,
}: {
  section: StudioSection;
  csv?: StudioCsvTable;
  /** The dates shown, once the answer is in. */
  range?: StudioRange;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const params = useStudioParams();
  const flag = useStudioFlag();
  const { user } = useSession();
  // Only an admin may read another's studio (decision 0050); anyone else naming one is refused below.
  const adminViewing = !!params.curatorId && params.curatorId !== user?.id && !!user?.abilities.administer;
  return (
    <div className="relative flex flex-1 flex-col">
      <PageBackdrop />
      <div className={cn(contentFrame, 'flex flex-col gap-6 py-8 sm:py-12')}>
        <header className="flex flex-col gap-4">
          <div className="flex min-w-0 flex-col gap-2">
            <h1 className="text-3xl font-bold tracking-tight text-zinc-950 sm:text-4xl">
              {t('studio.title')}
            </h1>
            <p className="max-w-2xl text-base text-zinc-600">
              {adminViewing ? t('studio.leadAdmin') : t('studio.lead')}
            </p>
          </div>
          {adminViewing && params.curatorId && (
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200">
              <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
              <span>{t('studio.adminViewing')}</span>
              <Link
                to={`/admin/users/${encodeURIComponent(params.curatorId)}`}
                className={cn('font-semibold underline', focusRing)}
              >
                {t('studio.adminUserLink')}
              </Link>
            </p>
          )}
          {flag === 'on' && (
            <>
              <StudioTabs params={params} current={section} />
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                <PeriodPicker period={params.period} />
                <div className="flex flex-wrap items-center justify-between gap-3 sm:justify-end">
                  {range && <RangeText range={range} />}
                  {csv && <CsvButton table={csv} params={params} />}
                </div>
              </div>
            </>
          )}
        </header>
        {flag === 'pending' ? (
          <StudioSkeleton label={t('studio.loading')} />
        ) : flag === 'off' ? (
          <StudioUnavailable />
        ) : (
          children
        )}
      </div>
    </div>
  );
}

/** Whether a studio view may ask the server: only once the flags say the studio is on. */
export function useStudioEnabled(): boolean {
  return useStudioFlag() === 'on';
}

/** Whether the signed-in reader looks at their own studio (not an admin at a curator's). */
export function useOwnStudio(): boolean {
  const { user } = useSession();
  const { curatorId } = useStudioParams();
  return !curatorId || curatorId === user?.id;
}
