import { JOSIE_STATUSES, type Josie, type JosieStatus } from '@josie/contract';

/** A josie's status for display: unknown statuses display as pending (docs/product/data-and-config.md#data). */
export function displayStatus(status: string | null | undefined): JosieStatus {
  return (JOSIE_STATUSES as readonly string[]).includes(status ?? '') ? (status as JosieStatus) : 'pending';
}

/**
 * The rejection reason to show (docs/product/rules-and-limits.md#josies): the reason of the latest review
 * with action `rejected`, else the josie's `rejectionReason`, else null (the caller shows its 'no reason'
 * text).
 */
export function latestRejectionReason(josie: Pick<Josie, 'reviews' | 'rejectionReason'>): string | null {
  let latest: Josie['reviews'][number] | null = null;
  for (const review of josie.reviews ?? []) {
    if (review.action !== 'rejected') continue;
    if (!latest || Date.parse(review.reviewedAt) >= Date.parse(latest.reviewedAt)) latest = review;
  }
  const reason = latest?.rejectionReason?.trim() || josie.rejectionReason?.trim();
  return reason || null;
}

/** Whether the josie was ever rejected (a resubmitted josie keeps its rejection reviews). */
export function wasRejected(josie: Pick<Josie, 'reviews' | 'rejectionReason' | 'status'>): boolean {
  return (
    josie.status === 'rejected' ||
    josie.reviews.some((review) => review.action === 'rejected') ||
    Boolean(josie.rejectionReason)
  );
}
