import type { Notification, NotificationEvent, UnreadCountEvent } from '@josie/contract';
import { NOTIFICATIONS_DROPDOWN_SIZE } from '@josie/contract';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useFeedEvent, useFeedJoined } from '../../realtime/useFeedEvents';
import { useSessionEnded } from '../../session/useSessionEnded';
import type { NotificationsPage } from './api';
import { notificationKeys } from './unreadCount';

/** `list` with `notification` first and no older copy of it (a grouped entry that gained an actor moves up). */
function withFirst(list: readonly Notification[], notification: Notification): Notification[] {
  return [notification, ...list.filter((n) => n._id !== notification._id)];
}

/**
 * Keeps the bell and the lists live while `enabled` (a signed-in user), on the shared socket
 * (docs/decisions/0024-notifications-centre.md): a `notification` sets the unread count and puts the entry
 * first in the cached dropdown and list; `notifications-read` (read on another tab or device) sets the
 * count and reads the lists again. After a reconnection (not the first join) the count is read again, as
 * events may have been missed meanwhile.
 */
export function useNotificationEvents(enabled: boolean): void {
  const client = useQueryClient();
  const joins = useRef(0);

  useFeedEvent(
    'notification',
    ({ notification, unreadCount }: NotificationEvent) => {
      client.setQueryData(notificationKeys.unreadCount, unreadCount);
      client.setQueryData<NotificationsPage>(notificationKeys.latest, (page) =>
        page
          ? {
              ...page,
              notifications: withFirst(page.notifications, notification).slice(
                0,
                NOTIFICATIONS_DROPDOWN_SIZE,
              ),
            }
          : page,
      );
      client.setQueryData<InfiniteData<NotificationsPage, string | null>>(notificationKeys.pages, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page, i) => ({
                ...page,
                notifications:
                  i === 0
                    ? withFirst(page.notifications, notification)
                    : page.notifications.filter((n) => n._id !== notification._id),
              })),
            }
          : data,
      );
    },
    enabled,
  );

  useFeedEvent(
    'notifications-read',
    ({ unreadCount }: UnreadCountEvent) => {
      client.setQueryData(notificationKeys.unreadCount, unreadCount);
      void client.invalidateQueries({ queryKey: notificationKeys.latest });
      void client.invalidateQueries({ queryKey: notificationKeys.pages });
    },
    enabled,
  );

  useFeedJoined(() => {
    joins.current += 1;
    if (joins.current > 1) void client.invalidateQueries({ queryKey: notificationKeys.unreadCount });
  }, enabled);
}

/**
 * {@link useNotificationEvents} (and {@link useSessionEnded}: the page signs out when the server ends its
 * session) as a component that renders nothing: the bell loads it after its first
 * render, so the socket's code stays out of the first pages (docs/performance.md).
 */
export default function NotificationsLive(): null {
  useNotificationEvents(true);
  useSessionEnded(true);
  return null;
}
