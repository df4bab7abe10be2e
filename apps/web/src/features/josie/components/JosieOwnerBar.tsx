import type { Josie } from '@josie/contract';
import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../ui/Button';
import { latestRejectionReason } from '../status';
import { JosieStatusBadge } from './JosieStatusBadge';

/**
 * What the josie page shows its creator and reviewers above the josie: the status and, when the viewer may
 * edit, the edit link (the server's `abilities`, docs/decisions/0015-endpoints-in-the-contract.md); and to
 * the creator of a rejected josie, the latest reason (docs/product/routes-and-roles.md#josie-page).
 */
export default function JosieOwnerBar({ josie, owner }: { josie: Josie; owner: boolean }) {
  const { t } = useTranslation();
  const may = josie.abilities;
  return (
    <>
      {may.seeReviews && (
        <div className="flex flex-wrap items-center gap-3">
          <JosieStatusBadge status={josie.status} />
          {may.edit && (
            <Link to={`/josie/edit/${josie._id}`} className={buttonClasses('outline', 'sm')}>
              <Pencil className="size-4" aria-hidden="true" />
              {t('josie.view.edit')}
            </Link>
          )}
        </div>
      )}
      {owner && josie.status === 'rejected' && (
        <div className="rounded-2xl bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200 ring-inset">
          <p className="font-semibold">{t('josie.rejectionReasonLabel')}</p>
          <p dir="auto" className="whitespace-pre-wrap">
            {latestRejectionReason(josie) ?? t('josie.noRejectionReason')}
          </p>
          <p className="mt-2">{t('josie.editor.rejectedHelp')}</p>
        </div>
      )}
    </>
  );
}
