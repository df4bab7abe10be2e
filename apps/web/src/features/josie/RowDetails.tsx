import { excerpt, type Josie } from '@josie/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';
import { JosieStatusBadge } from './components/JosieStatusBadge';
import { displayStatus, latestRejectionReason } from './status';

/** The expanded part of a row: excerpt, status and the latest rejection reason (docs/product/rules-and-limits.md#josies). */
export function RowDetails({ josie }: { josie: Josie }) {
  const { t, i18n } = useTranslation();
  const status = displayStatus(josie.status);
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
      <dt className="font-semibold text-zinc-800">{t('josie.list.excerpt')}</dt>
      <dd dir="auto" className="text-zinc-700">
        {josie.text.trim() ? excerpt(josie.text) : t('josie.list.noText')}
      </dd>
      <dt className="font-semibold text-zinc-800">{t('josie.list.status')}</dt>
      <dd>
        <JosieStatusBadge status={josie.status} />
      </dd>
      {status === 'rejected' && (
        <>
          <dt className="font-semibold text-zinc-800">{t('josie.rejectionReasonLabel')}</dt>
          <dd dir="auto" className="whitespace-pre-wrap text-red-800">
            {latestRejectionReason(josie) ?? t('josie.noRejectionReason')}
          </dd>
        </>
      )}
      <dt className="font-semibold text-zinc-800">{t('josie.list.created')}</dt>
      <dd className="text-zinc-700">{formatDate(josie.createdAt, i18n.resolvedLanguage)}</dd>
    </dl>
  );
}
