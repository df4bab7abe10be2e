import type { Josie } from '@josie/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, Eye, Music, Pencil, Plus, Trash2 } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/dates';
import { useMutation } from '../../lib/useMutation';
import { buttonClasses, focusRing } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { IconButton } from '../../ui/IconButton';
import { Page } from '../../ui/Page';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { deleteJosie, josieKeys, useMyJosies } from './api';
import {
  CardTable,
  CardTableBody,
  CardTableCell,
  CardTableHead,
  CardTableHeader,
  CardTableRow,
} from './components/CardTable';
import { JosieStatusBadge } from './components/JosieStatusBadge';
import { DEFAULT_SORT, type JosieSort, nextSort, sortJosies } from './josieSort';
import { RowDetails } from './RowDetails';
import { SortButton } from './SortButton';

const actionLink = cn(
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-zinc-800 transition-colors hover:bg-zinc-100',
  focusRing,
);

/**
 * `/my-josies` (docs/product/routes-and-roles.md#authoring): the curator's josies, sortable by last update
 * (default, newest first) or title. Each row shows title, status and last update, and offers expand (excerpt,
 * status, rejection reason), edit, delete (after a confirmation; josie.deleteError on failure) and view. On
 * narrow screens the rows become cards. An empty list offers to create the first josie; a floating button
 * always does.
 */
export default function MyJosiesPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useMyJosies();
  const [sort, setSort] = useState<JosieSort>(DEFAULT_SORT);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [toDelete, setToDelete] = useState<Josie | null>(null);

  const removal = useMutation({
    mutationFn: (josie: Josie) => deleteJosie(josie._id),
    onSuccess: (_, josie) => {
      queryClient.setQueryData<Josie[]>(josieKeys.mine, (list) => list?.filter((j) => j._id !== josie._id));
      queryClient.removeQueries({ queryKey: josieKeys.one(josie._id) });
      void queryClient.invalidateQueries({ queryKey: josieKeys.all });
      toast.success(t('josie.deleteSuccess'));
    },
    onError: () => toast.error(t('josie.deleteError')),
    onSettled: () => setToDelete(null),
  });

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  // The list once loaded and not empty.
  const list = (data: Josie[]) => {
    const josies = sortJosies(data, sort, i18n.resolvedLanguage ?? 'en');
    const direction = t(
      sort.field === 'title'
        ? sort.direction === 'asc'
          ? 'josie.list.orderTitleAsc'
          : 'josie.list.orderTitleDesc'
        : sort.direction === 'asc'
          ? 'josie.list.orderUpdatedAsc'
          : 'josie.list.orderUpdatedDesc',
    );
    return (
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <fieldset className="flex items-center gap-3">
            <legend className="float-start text-sm font-medium text-zinc-700">
              {t('josie.list.sortBy')}
            </legend>
            <div className="flex gap-1 rounded-full bg-zinc-100 p-1">
              <SortButton field="updatedAt" sort={sort} onSort={(f) => setSort(nextSort(sort, f))} />
              <SortButton field="title" sort={sort} onSort={(f) => setSort(nextSort(sort, f))} />
            </div>
          </fieldset>
          <p className="text-sm text-zinc-600" aria-live="polite">
            {direction}
          </p>
        </div>

        <CardTable caption={t('josie.list.caption')}>
          <CardTableHead>
            <CardTableHeader>{t('josie.list.columnTitle')}</CardTableHeader>
            <CardTableHeader>{t('josie.list.columnUpdated')}</CardTableHeader>
            <CardTableHeader end>{t('josie.list.columnActions')}</CardTableHeader>
          </CardTableHead>
          <CardTableBody>
            {josies.map((josie) => {
              const open = expanded.has(josie._id);
              const detailsId = `josie-details-${josie._id}`;
              return (
                <Fragment key={josie._id}>
                  <CardTableRow
                    className={cn(
                      'gap-2 bg-white p-4 ring-1 ring-zinc-200 md:border-t md:border-zinc-100 md:p-0 md:ring-0',
                      open ? 'rounded-t-3xl' : 'rounded-3xl',
                    )}
                  >
                    <CardTableCell className="md:px-2">
                      <div className="flex items-center gap-2">
                        <IconButton
                          label={open ? t('josie.list.collapse') : t('josie.list.expand')}
                          aria-expanded={open}
                          aria-controls={detailsId}
                          onClick={() => toggle(josie._id)}
                          className="-ms-2 md:ms-0"
                        >
                          <ChevronDown
                            className={cn('size-5 transition-transform', open && 'rotate-180')}
                            aria-hidden="true"
                          />
                        </IconButton>
                        <div className="flex min-w-0 flex-col items-start gap-1">
                          <span dir="auto" className="font-semibold wrap-anywhere text-zinc-950">
                            {josie.title}
                          </span>
                          <JosieStatusBadge status={josie.status} />
                        </div>
                      </div>
                    </CardTableCell>
                    <CardTableCell className="text-sm text-zinc-600 md:whitespace-nowrap">
                      <span className="md:sr-only">{t('josie.list.columnUpdated')}: </span>
                      <time dateTime={josie.updatedAt}>
                        {formatDate(josie.updatedAt, i18n.resolvedLanguage)}
                      </time>
                    </CardTableCell>
                    <CardTableCell className="md:px-2">
                      <div className="flex justify-start gap-1 md:justify-end">
                        <Link
                          to={`/josie/edit/${josie._id}`}
                          aria-label={t('josie.list.edit')}
                          title={t('josie.list.edit')}
                          className={actionLink}
                        >
                          <Pencil className="size-5" aria-hidden="true" />
                        </Link>
                        <IconButton label={t('josie.list.delete')} onClick={() => setToDelete(josie)}>
                          <Trash2 className="size-5 text-red-700" aria-hidden="true" />
                        </IconButton>
                        <Link
                          to={`/josie/${josie._id}`}
                          aria-label={t('josie.list.view')}
                          title={t('josie.list.view')}
                          className={actionLink}
                        >
                          <Eye className="size-5" aria-hidden="true" />
                        </Link>
                      </div>
                    </CardTableCell>
                  </CardTableRow>
                  <CardTableRow
                    id={detailsId}
                    hidden={!open}
                    className="-mt-3 rounded-b-3xl bg-zinc-50 px-4 pb-4 ring-1 ring-zinc-200 md:mt-0 md:rounded-none md:ring-0"
                  >
                    <CardTableCell colSpan={3} className="pt-3 md:px-5 md:pt-1 md:pb-4">
                      {open && <RowDetails josie={josie} />}
                    </CardTableCell>
                  </CardTableRow>
                </Fragment>
              );
            })}
          </CardTableBody>
        </CardTable>
      </div>
    );
  };

  return (
    <Page title={t('josie.list.title')} lead={t('josie.list.lead')} width="wide">
      <QueryState
        query={query}
        errorText={t('josie.list.loadError')}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            icon={<Music className="size-6" aria-hidden="true" />}
            title={t('josie.list.emptyTitle')}
            description={t('josie.list.emptyDescription')}
            action={
              <Link to="/josie/new" className={buttonClasses('primary', 'md')}>
                <Plus className="size-4" aria-hidden="true" />
                {t('josie.list.createFirst')}
              </Link>
            }
          />
        }
      >
        {list}
      </QueryState>
      {/* Sticky, not fixed: it floats over the list while the list scrolls by, and stops at the end of the
          page instead of covering the footer's links. */}
      <div className="pointer-events-none sticky bottom-5 z-30 mt-6 flex justify-end sm:bottom-8">
        <Link
          to="/josie/new"
          className={cn(
            'pointer-events-auto inline-flex h-14 min-w-14 items-center justify-center gap-2 rounded-full bg-brand-600 px-4 font-semibold text-white shadow-lg shadow-brand-900/30 transition-colors hover:bg-brand-700 sm:px-6',
            focusRing,
          )}
        >
          <Plus className="size-6" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t('josie.list.create')}</span>
        </Link>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !removal.isPending) setToDelete(null);
        }}
        title={t('josie.list.deleteTitle')}
        description={toDelete ? t('josie.list.deleteDescription', { title: toDelete.title }) : undefined}
        confirmLabel={t('josie.list.deleteConfirm')}
        destructive
        pending={removal.isPending}
        onConfirm={() => toDelete && removal.mutate(toDelete)}
      />
    </Page>
  );
}
