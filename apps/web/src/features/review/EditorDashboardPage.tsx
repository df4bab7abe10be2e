import { excerpt, type Josie } from '@josie/contract';
import { ChevronDown, ClipboardCheck, Pencil } from 'lucide-react';
import { type MouseEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/dates';
import { focusRing } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { IconButton } from '../../ui/IconButton';
import { Page } from '../../ui/Page';
import { QueryState } from '../../ui/QueryState';
import {
  CardTable,
  CardTableBody,
  CardTableCell,
  CardTableHead,
  CardTableHeader,
  CardTableRow,
  CreatorName,
  latestRejectionReason,
  wasRejected,
} from '../josie';
import { usePendingJosies } from './api';
import { RejectReasonBox, ReviewButtons } from './ReviewControls';
import { useReview } from './useReview';

/** Clicks on the row's own controls must not also open the josie. */
const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * One pending josie: the row (click opens `/josie/{id}`), its details (the latest rejection reason of a
 * resubmitted josie, docs/product/rules-and-limits.md#review-flow) and the reject reason box, each a row of
 * its own.
 */
function PendingRow({ josie }: { josie: Josie }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const review = useReview(josie);
  const [open, setOpen] = useState(false);
  const id = useId();
  const detailsId = `${id}-details`;
  const reasonBoxId = `${id}-reason`;
  const rejectedBefore = wasRejected(josie);
  return (
    <>
      <CardTableRow
        onClick={() => navigate(`/josie/${josie._id}`)}
        className={cn(
          'cursor-pointer gap-3 bg-white p-4 ring-1 ring-zinc-200 transition-colors hover:bg-brand-50/40 md:border-t md:border-zinc-100 md:p-0 md:ring-0',
          open || review.rejectOpen ? 'rounded-t-3xl' : 'rounded-3xl',
        )}
      >
        <CardTableCell className="md:px-2">
          <div className="flex items-center gap-2">
            <IconButton
              label={open ? t('review.collapse') : t('review.expand')}
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={(event) => {
                stop(event);
                setOpen((value) => !value);
              }}
              className="-ms-2 md:ms-0"
            >
              <ChevronDown
                className={cn('size-5 transition-transform', open && 'rotate-180')}
                aria-hidden="true"
              />
            </IconButton>
            <div className="flex min-w-0 flex-col items-start gap-0.5">
              <Link
                to={`/josie/${josie._id}`}
                onClick={stop}
                dir="auto"
                className={cn('rounded font-semibold wrap-anywhere text-zinc-950 hover:underline', focusRing)}
              >
                {josie.title}
              </Link>
              <span className="text-sm text-zinc-600">
                {t('review.by')}{' '}
                <CreatorName
                  name={josie.creator.name}
                  font={josie.creator.preferences.myFont}
                  colour={josie.creator.preferences.myColor}
                />
              </span>
              {rejectedBefore && (
                <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">
                  {t('review.resubmitted')}
                </span>
              )}
            </div>
          </div>
        </CardTableCell>
        <CardTableCell className="text-sm text-zinc-600 md:whitespace-nowrap">
          <span className="md:sr-only">{t('review.columnUpdated')}: </span>
          <time dateTime={josie.updatedAt}>{formatDate(josie.updatedAt, i18n.resolvedLanguage)}</time>
        </CardTableCell>
        <CardTableCell className="md:px-2" onClick={stop}>
          <div className="flex flex-wrap items-center gap-1 md:flex-nowrap md:justify-end">
            <Link
              to={`/josie/edit/${josie._id}`}
              aria-label={t('review.edit')}
              title={t('review.edit')}
              className={cn(
                'inline-flex size-11 items-center justify-center rounded-full text-zinc-800 hover:bg-zinc-100',
                focusRing,
              )}
            >
              <Pencil className="size-5" aria-hidden="true" />
            </Link>
            <ReviewButtons review={review} reasonBoxId={reasonBoxId} size="sm" />
          </div>
        </CardTableCell>
      </CardTableRow>
      <CardTableRow
        id={detailsId}
        hidden={!open}
        className={cn(
          '-mt-3 bg-zinc-50 px-4 pb-4 ring-1 ring-zinc-200 md:mt-0 md:ring-0',
          review.rejectOpen ? '' : 'rounded-b-3xl md:rounded-none',
        )}
      >
        <CardTableCell colSpan={3} className="pt-3 md:px-5 md:pt-1 md:pb-4">
          {open && (
            <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
              <dt className="font-semibold text-zinc-800">{t('review.lastRejection')}</dt>
              <dd
                dir="auto"
                className={cn('whitespace-pre-wrap', rejectedBefore ? 'text-red-800' : 'text-zinc-600')}
              >
                {rejectedBefore
                  ? (latestRejectionReason(josie) ?? t('josie.noRejectionReason'))
                  : t('review.neverRejected')}
              </dd>
              <dt className="font-semibold text-zinc-800">{t('review.excerpt')}</dt>
              <dd dir="auto" className="text-zinc-700">
                {josie.text.trim() ? excerpt(josie.text) : t('josie.list.noText')}
              </dd>
            </dl>
          )}
        </CardTableCell>
      </CardTableRow>
      <CardTableRow
        hidden={!review.rejectOpen}
        className="-mt-3 rounded-b-3xl bg-red-50/60 px-4 pb-4 ring-1 ring-zinc-200 md:mt-0 md:rounded-none md:ring-0"
      >
        <CardTableCell colSpan={3} className="pt-3 md:px-5 md:pb-4">
          <RejectReasonBox review={review} id={reasonBoxId} className="md:max-w-xl" />
        </CardTableCell>
      </CardTableRow>
    </>
  );
}

/**
 * `/editor/dashboard` (docs/product/routes-and-roles.md#review): the review queue of pending josies with
 * title, last update and actions. A row opens the josie; Edit goes to the edit form
 * (docs/product/differences.md#editors-may-edit); a row expands to the latest rejection reason; Approve and
 * Reject (two presses, with a reason) work from the row. A failed load shows 'Error' and the message.
 */
export default function EditorDashboardPage() {
  const { t } = useTranslation();
  const query = usePendingJosies();

  const content = (
    <QueryState
      query={query}
      errorText={t('review.loadError')}
      isEmpty={(data) => data.length === 0}
      empty={
        <EmptyState
          icon={<ClipboardCheck className="size-6" aria-hidden="true" />}
          title={t('review.emptyTitle')}
          description={t('review.emptyDescription')}
        />
      }
    >
      {(data) => (
        <CardTable caption={t('review.caption')}>
          <CardTableHead>
            <CardTableHeader>{t('review.columnTitle')}</CardTableHeader>
            <CardTableHeader>{t('review.columnUpdated')}</CardTableHeader>
            <CardTableHeader end>{t('review.columnActions')}</CardTableHeader>
          </CardTableHead>
          <CardTableBody>
            {data.map((josie) => (
              <PendingRow key={josie._id} josie={josie} />
            ))}
          </CardTableBody>
        </CardTable>
      )}
    </QueryState>
  );

  return (
    <Page
      title={t('review.title')}
      lead={query.data ? t('review.lead', { count: query.data.length }) : t('review.leadLoading')}
      width="wide"
    >
      <nav aria-label={t('review.queues')} className="mb-4 flex gap-2 text-sm">
        <span aria-current="page" className="rounded-full bg-zinc-900 px-3 py-1.5 font-semibold text-white">
          {t('review.title')}
        </span>
        <Link
          to="/editor/moderation"
          className={cn(
            'rounded-full px-3 py-1.5 text-zinc-700 ring-1 ring-zinc-200 hover:bg-zinc-50',
            focusRing,
          )}
        >
          {t('review.moderationQueue')}
        </Link>
      </nav>
      {content}
    </Page>
  );
}
