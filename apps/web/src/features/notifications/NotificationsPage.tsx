import { BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { Page } from '../../ui/Page';
import { QueryState } from '../../ui/QueryState';
import { useNotificationPages, useUnreadCount } from './api';
import { NotificationItem } from './NotificationItem';
import { useNotificationActions } from './useOpenNotification';

/**
 * `/notifications` (docs/decisions/0024-notifications-centre.md): every notification of the signed-in user,
 * newest first, 20 at a time with "Load more"; "Mark all as read" while any is unread; opening an entry marks
 * it read and goes to its `url`. Loading, empty and error (with retry) states; a failed "Load more" keeps
 * the entries shown and offers the button again.
 */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const pages = useNotificationPages();
  const { data: unread = 0 } = useUnreadCount(true);
  const actions = useNotificationActions();
  const notifications = pages.data?.pages.flatMap((page) => page.notifications) ?? [];

  const body = (
    <QueryState
      query={pages}
      errorText={t('notifications.loadFailed')}
      isEmpty={() => notifications.length === 0}
      empty={
        <EmptyState
          icon={<BellOff className="size-6" aria-hidden="true" />}
          title={t('notifications.empty')}
          description={t('notifications.emptyHint')}
        />
      }
    >
      {() => (
        <div className="flex flex-col gap-4">
          <ul className="flex flex-col gap-1 rounded-3xl bg-white p-2 shadow-sm ring-1 ring-zinc-200/80">
            {notifications.map((notification) => (
              <li key={notification._id}>
                <NotificationItem notification={notification} onOpen={actions.open} />
              </li>
            ))}
          </ul>
          <LoadMore query={pages} failedText={t('notifications.loadFailed')} />
        </div>
      )}
    </QueryState>
  );

  return (
    <Page title={t('notifications.title')}>
      {unread > 0 && notifications.length > 0 && (
        <div className="-mt-4 mb-4 flex justify-end">
          <Button variant="ghost" size="sm" onClick={actions.markAll} loading={actions.marking}>
            {t('notifications.markAllRead')}
          </Button>
        </div>
      )}
      {body}
    </Page>
  );
}
