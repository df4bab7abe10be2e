import type { Notification, NotificationKind } from '@josie/contract';
import type { TFunction } from 'i18next';
import {
  CircleCheck,
  CircleX,
  ClipboardList,
  Heart,
  type LucideIcon,
  Mail,
  Music,
  Ticket,
  UserPlus,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { formatRelativeTime } from '../../lib/relativeTime';
import { Avatar } from '../../ui/Avatar';
import { focusRing } from '../../ui/Button';

/** Each kind's icon beside its text. */
const ICONS: Record<NotificationKind, LucideIcon> = {
  follower: UserPlus,
  'invite-joined': Ticket,
  'josie-approved': CircleCheck,
  'josie-rejected': CircleX,
  likes: Heart,
  'new-josie': Music,
  'review-waiting': ClipboardList,
  'contact-message': Mail,
};

/**
 * The sentence of a notification in the current language (docs/decisions/0024-notifications-centre.md):
 * the first actor's name ("Someone" when none is named), the subject's title, and for grouped kinds (likes,
 * josies waiting for review) how many others acted, with the language's plural forms ("Noa and 19 others
 * liked ‘…’"; Hebrew has a dual).
 */
export function notificationText(notification: Notification, t: TFunction): string {
  const name = notification.actors.items[0]?.name ?? t('notifications.someone');
  const title = notification.subject?.title ?? '';
  const others = Math.max(0, notification.actors.total - 1);
  switch (notification.kind) {
    case 'follower':
      return t('notifications.text.follower', { name });
    case 'invite-joined':
      return t('notifications.text.inviteJoined', { name });
    case 'josie-approved':
      return t('notifications.text.josieApproved', { title });
    case 'josie-rejected':
      return notification.subject?.reason
        ? t('notifications.text.josieRejected', { title, reason: notification.subject.reason })
        : t('notifications.text.josieRejectedNoReason', { title });
    case 'likes':
      return others > 0
        ? t('notifications.text.likesOthers', { name, title, count: others })
        : t('notifications.text.likes', { name, title });
    case 'new-josie':
      return t('notifications.text.newJosie', { name, title });
    case 'review-waiting':
      return others > 0
        ? t('notifications.text.reviewWaitingOthers', { name, count: others })
        : t('notifications.text.reviewWaiting', { name });
    case 'contact-message':
      return t('notifications.text.contactMessage', { name, title });
  }
}

export interface NotificationItemProps {
  notification: Notification;
  /** Called when the entry is opened (before the navigation to its `url`): marks it read. */
  onOpen: (notification: Notification) => void;
  /** Smaller padding, for the header's dropdown. */
  compact?: boolean;
}

/**
 * One entry of the dropdown and the list: the first actor's avatar (or the kind's icon), the sentence, how
 * long ago, and an unread dot (told to screen readers as "Unread"). The whole entry is a link to the
 * notification's `url`; opening it calls `onOpen` first.
 */
export function NotificationItem({ notification, onOpen, compact = false }: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const Icon = ICONS[notification.kind];
  const actor = notification.actors.items[0];
  const unread = notification.readAt === null;
  return (
    <Link
      to={notification.url}
      onClick={() => onOpen(notification)}
      data-unread={unread || undefined}
      className={cn(
        'flex items-start gap-3 rounded-2xl text-start transition-colors hover:bg-brand-50',
        compact ? 'px-3 py-2.5' : 'px-4 py-3',
        unread && 'bg-brand-50/50',
        focusRing,
      )}
    >
      <span className="relative shrink-0">
        {actor ? (
          <Avatar src={actor.avatar} name={actor.name} size={40} decorative />
        ) : (
          <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Icon className="size-5" aria-hidden="true" />
          </span>
        )}
        {actor && (
          <span className="absolute -bottom-1 -end-1 inline-flex size-5 items-center justify-center rounded-full bg-white text-brand-700 ring-1 ring-zinc-200">
            <Icon className="size-3" aria-hidden="true" />
          </span>
        )}
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span dir="auto" className={cn('text-sm text-zinc-900', unread && 'font-semibold')}>
          {notificationText(notification, t)}
        </span>
        <time dateTime={notification.createdAt} className="text-xs text-zinc-600">
          {formatRelativeTime(notification.createdAt, i18n.language)}
        </time>
      </span>
      {unread && (
        <span className="mt-1.5 flex shrink-0 items-center">
          <span aria-hidden="true" className="size-2.5 rounded-full bg-brand-600" />
          <span className="sr-only">{t('notifications.unread')}</span>
        </span>
      )}
    </Link>
  );
}
