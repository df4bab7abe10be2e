import { NOTIFICATIONS_DROPDOWN_SIZE } from '@josie/contract';
import { BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../api/errorText';
import { cn } from '../../lib/cn';
import { focusRing } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { Spinner } from '../../ui/Spinner';
import { useLatestNotifications, useUnreadCount } from './api';
import { NotificationItem } from './NotificationItem';
import { useNotificationActions } from './useOpenNotification';

export interface NotificationsDropdownProps {
  /** Closes the dropdown (after following an entry or "See all"). */
  onClose: () => void;
}

/**
 * The bell's dropdown (docs/decisions/0024-notifications-centre.md): the latest
 * {@link NOTIFICATIONS_DROPDOWN_SIZE} entries, "Mark all as read" while any is unread, and a link to the
 * full list at `/notifications`; loading, empty ("Nothing yet") and error (with retry) states. Loaded on the
 * first opening, so the header's first page carries none of it (docs/performance.md).
 */
export default function NotificationsDropdown({ onClose }: NotificationsDropdownProps) {
  const { t } = useTranslation();
  const latest = useLatestNotifications();
  const { data: unread = 0 } = useUnreadCount(true);
  const actions = useNotificationActions();
  const notifications = latest.data?.notifications ?? [];

  return (
    <section aria-label={t('notifications.title')} className="flex max-h-[min(32rem,75vh)] flex-col">
      <header className="flex items-center justify-between gap-3 border-b border-zinc-100 px-4 py-3">
        <h2 className="text-base font-semibold text-zinc-950">{t('notifications.title')}</h2>
        {unread > 0 && (
          <button
            type="button"
            onClick={actions.markAll}
            disabled={actions.marking}
            className={cn(
              'min-h-11 rounded-full px-3 text-sm font-medium text-brand-800 hover:bg-brand-50 disabled:opacity-60',
              focusRing,
            )}
          >
            {t('notifications.markAllRead')}
          </button>
        )}
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {latest.isPending ? (
          <div className="flex justify-center p-6">
            <Spinner />
          </div>
        ) : latest.isError ? (
          <ErrorBox
            message={errorText(t, latest.error, t('notifications.loadFailed'))}
            onRetry={() => void latest.refetch()}
          />
        ) : notifications.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
            <BellOff className="size-6 text-zinc-500" aria-hidden="true" />
            <p className="font-semibold text-zinc-900">{t('notifications.empty')}</p>
            <p className="text-sm text-zinc-600">{t('notifications.emptyHint')}</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-1">
            {notifications.map((notification) => (
              <li key={notification._id}>
                <NotificationItem
                  notification={notification}
                  compact
                  onOpen={(n) => {
                    actions.open(n);
                    onClose();
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <footer className="border-t border-zinc-100 p-2">
        <Link
          to="/notifications"
          onClick={onClose}
          className={cn(
            'flex min-h-11 items-center justify-center rounded-2xl text-sm font-semibold text-brand-800 hover:bg-brand-50',
            focusRing,
          )}
        >
          {t('notifications.seeAll')}
        </Link>
      </footer>
    </section>
  );
}
