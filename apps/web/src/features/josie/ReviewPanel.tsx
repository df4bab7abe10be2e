import type { Josie } from '@josie/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RejectReasonBox, ReviewButtons, useReview } from '../review';

/** The review panel of an editor or admin while the josie is pending (docs/product/routes-and-roles.md#review, docs/product/rules-and-limits.md#review-flow). */
export default function ReviewPanel({ josie }: { josie: Josie }) {
  const { t } = useTranslation();
  const review = useReview(josie);
  const boxId = useId();
  return (
    <section
      aria-labelledby={`${boxId}-heading`}
      className="flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-amber-200"
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${boxId}-heading`} className="font-semibold text-zinc-950">
          {t('review.panelTitle')}
        </h2>
        <p className="text-sm text-zinc-600">{t('review.panelHelp')}</p>
      </div>
      <RejectReasonBox review={review} id={boxId} />
      <ReviewButtons review={review} reasonBoxId={boxId} />
    </section>
  );
}
