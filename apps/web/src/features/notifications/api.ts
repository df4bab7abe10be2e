import type { Notification, NotificationsResponse } from '@josie/contract';
import { NOTIFICATIONS_DROPDOWN_SIZE, NOTIFICATIONS_PAGE_SIZE } from '@josie/contract';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { request } from '../../api/request';
import { useMutation } from '../../lib/useMutation';
import { notificationKeys } from './unreadCount';

export { notificationKeys, useUnreadCount } from './unreadCount';

// The notifications centre's lists and writes (docs/decisions/0024-notifications-centre.md), loaded with
// the bell's dropdown and the `/notifications` page; the bell's own reads are in `unreadCount.ts`.

/** One page of `GET /api/notifications`. */
export type NotificationsPage = NotificationsResponse['data'];

/**
 * A page of the caller's notifications, newest first: `limit` entries (at most
 * {@link NOTIFICATIONS_PAGE_SIZE}) after `cursor` (the previous page's `nextCursor`; none for the first).
 * @throws ApiError
 */
export async function fetchNotifications(
  cursor: string | null,
  limit: number = NOTIFICATIONS_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<NotificationsPage> {
  const answer = await request(
    'notifications',
    { query: { ...(cursor ? { cursor } : {}), limit } },
    { signal },
  );
  return answer.data;
}

/**
 * Marks the caller's notifications `ids` read, or all of them without `ids` (`POST
 * /api/notifications/read`); answers the unread count after it. @throws ApiError
 */
export async function markNotificationsRead(ids?: string[]): Promise<number> {
  return (await request('markNotificationsRead', { body: ids ? { ids } : {} })).unreadCount;
}

/** The dropdown's latest {@link NOTIFICATIONS_DROPDOWN_SIZE} entries. */
export function useLatestNotifications() {
  return useQuery({
    queryKey: notificationKeys.latest,
    queryFn: ({ signal }) => fetchNotifications(null, NOTIFICATIONS_DROPDOWN_SIZE, signal),
  });
}

/** The full list, a page of {@link NOTIFICATIONS_PAGE_SIZE} at a time (`fetchNextPage` loads more). */
export function useNotificationPages() {
  return useInfiniteQuery({
    queryKey: notificationKeys.pages,
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, NOTIFICATIONS_PAGE_SIZE, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : null),
  });
}

/** Marks the cached entries `ids` (all of them without `ids`) read at `readAt`, in the dropdown and the list. */
function markCachedRead(client: QueryClient, ids: readonly string[] | undefined, readAt: string): void {
  const mark = (n: Notification): Notification =>
    n.readAt === null && (!ids || ids.includes(n._id)) ? { ...n, readAt } : n;
  client.setQueryData<NotificationsPage>(notificationKeys.latest, (page) =>
    page ? { ...page, notifications: page.notifications.map(mark) } : page,
  );
  client.setQueryData<InfiniteData<NotificationsPage, string | null>>(notificationKeys.pages, (data) =>
    data
      ? { ...data, pages: data.pages.map((p) => ({ ...p, notifications: p.notifications.map(mark) })) }
      : data,
  );
}

/**
 * Marks notifications read: `mutate(ids)` for some (opening one), `mutate(undefined)` for all ("Mark all as
 * read"). Optimistic: the entries show read and the count falls at once (by the unread ones among `ids`, to
 * 0 for all); the server's count replaces it on success, and a failure restores both.
 */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | undefined) => markNotificationsRead(ids),
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: notificationKeys.unreadCount });
      const previous = {
        count: client.getQueryData<number>(notificationKeys.unreadCount),
        latest: client.getQueryData(notificationKeys.latest),
        pages: client.getQueryData(notificationKeys.pages),
      };
      const unreadAmong = ids ? ids.filter((id) => isCachedUnread(client, id)).length : Infinity;
      client.setQueryData<number>(notificationKeys.unreadCount, (count) =>
        count === undefined ? count : Math.max(0, count - unreadAmong),
      );
      markCachedRead(client, ids, new Date().toISOString());
      return previous;
    },
    onSuccess: (unreadCount) => client.setQueryData(notificationKeys.unreadCount, unreadCount),
    onError: (_error, _ids, previous) => {
      if (!previous) return;
      client.setQueryData(notificationKeys.unreadCount, previous.count);
      client.setQueryData(notificationKeys.latest, previous.latest);
      client.setQueryData(notificationKeys.pages, previous.pages);
    },
  });
}

/** Whether the entry `id` is cached as unread (an entry not cached counts as unread: the server decides). */
function isCachedUnread(client: QueryClient, id: string): boolean {
  const latest = client.getQueryData<NotificationsPage>(notificationKeys.latest)?.notifications ?? [];
  const pages =
    client
      .getQueryData<InfiniteData<NotificationsPage, string | null>>(notificationKeys.pages)
      ?.pages.flatMap((p) => p.notifications) ?? [];
  const found = [...latest, ...pages].find((n) => n._id === id);
  return found ? found.readAt === null : true;
}
