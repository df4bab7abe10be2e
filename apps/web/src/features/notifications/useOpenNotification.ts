import type { Notification } from '@josie/contract';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { toast } from '../../ui/toast';
import { useMarkNotificationsRead } from './api';

/**
 * What opening an entry and "Mark all as read" do (docs/decisions/0024-notifications-centre.md): `open`
 * marks an unread entry read (the count falls at once; the link then goes to its `url`), `markAll` marks
 * every entry read. A failure restores the count and says so in a toast.
 */
export function useNotificationActions() {
  const { t } = useTranslation();
  const mark = useMarkNotificationsRead();
  const onError = (error: unknown) => {
    console.warn('Marking notifications read failed', error);
    toast.error(errorText(t, error, t('notifications.markFailed')));
  };
  return {
    open(notification: Notification) {
      if (notification.readAt === null) mark.mutate([notification._id], { onError });
    },
    markAll() {
      mark.mutate(undefined, { onError });
    },
    marking: mark.isPending,
  };
}
