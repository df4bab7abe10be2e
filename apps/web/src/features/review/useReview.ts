import type { Josie } from '@josie/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { track } from '../../analytics/track';
import { useMutation } from '../../lib/useMutation';
import { useSession } from '../../session/SessionProvider';
import { toast } from '../../ui/toast';
import { josieKeys, storeJosie } from '../josie';
import { approveJosie, rejectJosie } from './api';

/** Seconds from the josie's creation to now (docs/product/routes-and-roles.md#api `review_time_seconds`); 0 for a bad date. */
export function reviewTimeSeconds(createdAt: string, now: number = Date.now()): number {
  const created = Date.parse(createdAt);
  return Number.isFinite(created) ? Math.max(0, Math.round((now - created) / 1000)) : 0;
}

/** What {@link useReview} answers for one josie. */
export interface ReviewState {
  approve(): void;
  approving: boolean;
  /**
   * The reject button (docs/product/rules-and-limits.md#review-flow): the first press reveals the reason box;
   * the second sends the trimmed reason, or shows josie.rejectionReasonRequired when it is blank.
   */
  pressReject(): void;
  rejecting: boolean;
  /** Whether the reason box is shown (the reject button then reads 'Confirm reject'). */
  rejectOpen: boolean;
  reason: string;
  setReason(value: string): void;
  /** Hides the reason box and clears its text. */
  cancelReject(): void;
  /** Rises each time the reason box should take focus: when it opens and when a blank reason is refused. */
  focusRequest: number;
  /** Either call is running. */
  busy: boolean;
}

/**
 * Approve and reject of one pending josie by an editor or admin
 * (docs/product/rules-and-limits.md#review-flow, docs/product/routes-and-roles.md#api,
 * docs/product/messages.md#josies): the calls, their toasts (josie.approvalSuccess/approvalError,
 * josie.rejectionSuccess/rejectionError), the analytics events `approve_josie` and `reject_josie` ({josie_id,
 * josie_title, editor_id, editor_role, review_time_seconds}, plus `reason`), and the two-press reject flow.
 * The answered josie replaces the cached copies (it leaves the review queue).
 *
 * @param onReviewed runs with the reviewed josie after a successful call.
 */
export function useReview(josie: Josie, onReviewed?: (josie: Josie) => void): ReviewState {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [rejectOpen, setRejectOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [focusRequest, setFocusRequest] = useState(0);

  const reviewParams = () => ({
    josie_id: josie._id,
    josie_title: josie.title,
    editor_id: user?._id ?? '',
    editor_role: user?.role ?? '',
    review_time_seconds: reviewTimeSeconds(josie.createdAt),
  });

  const done = (updated: Josie) => {
    storeJosie(queryClient, updated);
    // Feeds and profiles change when a josie is published.
    void queryClient.invalidateQueries({ queryKey: josieKeys.all });
    onReviewed?.(updated);
  };

  const approval = useMutation({
    mutationFn: () => approveJosie(josie._id),
    onSuccess: (updated) => {
      toast.success(t('josie.approvalSuccess'));
      track('approve_josie', reviewParams());
      done(updated);
    },
    onError: () => toast.error(t('josie.approvalError')),
  });

  const rejection = useMutation({
    mutationFn: (trimmed: string) => rejectJosie(josie._id, trimmed),
    onSuccess: (updated, trimmed) => {
      toast.success(t('josie.rejectionSuccess'));
      track('reject_josie', { ...reviewParams(), reason: trimmed });
      setRejectOpen(false);
      setReason('');
      done(updated);
    },
    onError: () => toast.error(t('josie.rejectionError')),
  });

  const focusReason = () => setFocusRequest((n) => n + 1);

  return {
    approve: () => approval.mutate(),
    approving: approval.isPending,
    pressReject: () => {
      if (!rejectOpen) {
        setRejectOpen(true);
        focusReason();
        return;
      }
      const trimmed = reason.trim();
      if (!trimmed) {
        toast.error(t('josie.rejectionReasonRequired'));
        focusReason();
        return;
      }
      rejection.mutate(trimmed);
    },
    rejecting: rejection.isPending,
    rejectOpen,
    reason,
    setReason,
    cancelReject: () => {
      setRejectOpen(false);
      setReason('');
    },
    focusRequest,
    busy: approval.isPending || rejection.isPending,
  };
}
