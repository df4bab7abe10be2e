import { Check, X } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/Button';
import { Textarea } from '../../ui/Input';
import type { ReviewState } from './useReview';

/** Longest rejection reason the server accepts (contract `RejectBody`). */
const REASON_MAX_LENGTH = 2000;

/**
 * The Approve and Reject buttons of a pending josie (docs/product/routes-and-roles.md#review,
 * docs/product/rules-and-limits.md#review-flow). Reject reads 'Confirm reject' while the reason box is open,
 * and a Cancel button beside it hides the box and clears its text. `reasonBoxId` links the reject button to
 * the box it reveals.
 */
export function ReviewButtons({
  review,
  reasonBoxId,
  size = 'md',
  className,
}: {
  review: ReviewState;
  reasonBoxId: string;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={cn('flex flex-wrap items-center gap-2 md:flex-nowrap', className)}>
      <Button
        size={size}
        className="bg-emerald-700 shadow-emerald-700/30 hover:bg-emerald-800 active:bg-emerald-900 disabled:hover:bg-emerald-700"
        loading={review.approving}
        disabled={review.busy}
        onClick={review.approve}
      >
        {!review.approving && <Check className="size-4" aria-hidden="true" />}
        {t('review.approve')}
      </Button>
      <Button
        size={size}
        variant={review.rejectOpen ? 'danger' : 'outline'}
        loading={review.rejecting}
        disabled={review.busy}
        aria-expanded={review.rejectOpen}
        aria-controls={reasonBoxId}
        onClick={review.pressReject}
      >
        {!review.rejecting && <X className="size-4" aria-hidden="true" />}
        {review.rejectOpen ? t('review.confirmReject') : t('review.reject')}
      </Button>
      {review.rejectOpen && (
        <Button size={size} variant="ghost" onClick={review.cancelReject} disabled={review.rejecting}>
          {t('common.cancel')}
        </Button>
      )}
    </div>
  );
}

/**
 * The reason box the first press of Reject reveals (docs/product/rules-and-limits.md#review-flow): a labelled
 * text area (its Cancel is among the {@link ReviewButtons}). Rendered (hidden) even while closed so the
 * reject button's `aria-controls` always points at something.
 */
export function RejectReasonBox({
  review,
  id,
  className,
}: {
  review: ReviewState;
  id: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const fieldId = useId();
  const hintId = `${fieldId}-hint`;
  const { focusRequest } = review;
  useEffect(() => {
    if (focusRequest > 0) document.getElementById(fieldId)?.focus();
  }, [focusRequest, fieldId]);
  return (
    <div id={id} hidden={!review.rejectOpen} className={cn('flex flex-col gap-2', className)}>
      <label htmlFor={fieldId} className="text-sm font-semibold text-zinc-900">
        {t('review.reasonLabel')}
      </label>
      <Textarea
        id={fieldId}
        rows={3}
        maxLength={REASON_MAX_LENGTH}
        value={review.reason}
        aria-describedby={hintId}
        onChange={(event) => review.setReason(event.target.value)}
        disabled={review.rejecting}
      />
      <p id={hintId} className="text-xs text-zinc-600">
        {t('review.reasonHint')}
      </p>
    </div>
  );
}
