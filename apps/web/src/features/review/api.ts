import { Josie, PendingResponse } from '@josie/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/request';
import { josieKeys } from '../josie';

// The review queue's calls (docs/product/routes-and-roles.md#api). They parse with the contract's zod
// schemas, so they live here, loaded with the review pages, and not behind the josie feature's entry, which
// the feed's first page imports (docs/performance.md).

/** `GET /api/josies/pending` (docs/product/routes-and-roles.md#api: `data.posts`): the review queue. */
export function usePendingJosies() {
  return useQuery({
    queryKey: josieKeys.pending,
    queryFn: async ({ signal }) =>
      (await request('pendingJosies', {}, { schema: PendingResponse, signal })).data.posts,
  });
}

/** `PUT /api/josies/{id}/approve` (empty body): the josie, now published. */
export function approveJosie(id: string): Promise<Josie> {
  return request('approveJosie', { params: { id } }, { schema: Josie });
}

/** `PUT /api/josies/{id}/reject` with the trimmed reason: the josie, now rejected. */
export function rejectJosie(id: string, rejectionReason: string): Promise<Josie> {
  return request('rejectJosie', { params: { id }, body: { rejectionReason } }, { schema: Josie });
}
