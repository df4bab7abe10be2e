import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/request';

// The part of the notifications centre the header's bell needs on every page a signed-in user opens
// (docs/decisions/0024-notifications-centre.md): the query keys and the unread count, with `useQuery` only.
// The lists and the writes (`api.ts`, with TanStack's infinite queries and mutations) load with the dropdown
// and the page, so the first pages carry none of them (docs/performance.md). No zod: answers are typed from
// the contract by type-only imports and trusted.

/**
 * Query keys under `notifications`, a root tied to the user (dropped with the session,
 * docs/decisions/0017-one-web-data-layer.md): the unread count, the dropdown's latest entries and the
 * full list's pages (an infinite query, the cursor as page parameter).
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
  latest: ['notifications', 'latest'] as const,
  pages: ['notifications', 'pages'] as const,
};

/** The caller's unread count (`GET /api/notifications/unread-count`). @throws ApiError */
export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  return (await request('unreadNotificationsCount', {}, { signal })).unreadCount;
}

/**
 * The unread count for the bell, while `enabled` (a signed-in user). Kept fresh by the socket's events
 * (`useNotificationEvents`), so it is not refetched on focus; it is read again after a reconnection.
 */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
