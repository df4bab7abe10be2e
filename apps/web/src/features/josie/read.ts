import { type Josie, PAGE_QUERY_KEYS } from '@josie/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/request';

// The josie page's reads, apart from `api.ts` (whose writes parse with the contract's zod schemas), so that
// the page loads without zod (docs/performance.md).

/** Query keys of the josie screens; `josies` is the root every josie list and josie lives under. */
export const josieKeys = {
  all: ['josies'] as const,
  /** The key the server writes a josie page's answer under (the contract's `pages.ts`). */
  one: PAGE_QUERY_KEYS.josie,
  mine: ['josies', 'mine'] as const,
  pending: ['josies', 'pending'] as const,
};

/**
 * `GET /api/josies/{id}` (docs/product/routes-and-roles.md#api): the josie, or ApiError 404 when it is not
 * visible to the caller. Typed by the contract but not parsed with its zod schema
 * (docs/product/README.md#the-contract-is-code: the web app types its calls with the contract; the server
 * builds this answer from the same types): this read opens the public josie page, whose first scripts must
 * not include zod (docs/performance.md budget, 170 KB gzip).
 */
export function fetchJosie(id: string, signal?: AbortSignal): Promise<Josie> {
  return request('getJosie', { params: { id } }, { signal });
}

/**
 * One josie through TanStack Query. The editor (`editing`) reads a fresh copy of its own that is never
 * refetched behind its back: it copies the josie into its draft once, so an update arriving later
 * must not look like an outside change, and a copy cached by another page must not seed the draft.
 * A visitor opening a josie page starts from the answer the server wrote into the page, hydrated into the
 * cache before the first render (`api/firstPaint.ts`, docs/performance.md), which is as fresh as a request
 * sent now would be: it is not requested again on mount (window focus still refreshes it), until the app
 * leaves the route it opened on.
 */
export function useJosie(id: string, options: { editing?: boolean } = {}) {
  return useQuery({
    queryKey: options.editing ? [...josieKeys.one(id), 'edit'] : josieKeys.one(id),
    queryFn: ({ signal }) => fetchJosie(id, signal),
    // Data that no request has updated yet is the server's first answer, until it is marked as past.
    refetchOnMount: (query) => query.state.dataUpdateCount > 0 || query.state.isInvalidated,
    ...(options.editing
      ? { gcTime: 0, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false }
      : {}),
  });
}
