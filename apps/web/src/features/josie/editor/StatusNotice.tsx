import type { Josie } from '@josie/contract';
import { useTranslation } from 'react-i18next';
import { latestRejectionReason } from '../status';
import { Notice } from './Notice';

/** The review status notices of a josie being edited (docs/product/rules-and-limits.md#josies; docs/product/differences.md#editing-sends-back-to-review, docs/product/differences.md#editors-may-edit). */
export function StatusNotice({ josie, ownJosie }: { josie: Josie; ownJosie: boolean }) {
  const { t } = useTranslation();
  if (!ownJosie) {
    return (
      <Notice tone="info" title={t('josie.editor.reviewerEditing', { name: josie.creator.name })}>
        <p>{t('josie.editor.reviewerEditingHelp', { name: josie.creator.name })}</p>
      </Notice>
    );
  }
  if (josie.status === 'rejected') {
    const reason = latestRejectionReason(josie);
    return (
      <Notice tone="warning" title={t('josie.editor.rejectedTitle')}>
        <p className="font-medium">{t('josie.rejectionReasonLabel')}</p>
        <p dir="auto" className="text-start whitespace-pre-wrap">
          {reason ?? t('josie.noRejectionReason')}
        </p>
        <p>{t('josie.editor.rejectedHelp')}</p>
      </Notice>
    );
  }
  if (josie.status === 'published') {
    return <Notice tone="info" title={t('josie.editor.publishedNotice')} />;
  }
  return <Notice tone="info" title={t('josie.editor.pendingNotice')} />;
}
