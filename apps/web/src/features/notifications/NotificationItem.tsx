import type { Notification, NotificationKind } from '@josie/contract';
import type { TFunction } from 'i18next';
import {
  CircleCheck,
  CircleX,
  ClipboardList,
  Flag,
  Heart,
  type LucideIcon,
  Mail,
  MessageCircle,
  MessageCircleReply,
  Music,
  Ticket,
  UserPlus,
} from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
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
  comment: MessageCircle,
  reply: MessageCircleReply,
  'report-resolved': Flag,
};

/** The sentence of each outcome of a resolved report (the `reason` of its subject). */
const REPORT_OUTCOME_KEYS: Record<string, NotificationSentenceParts['key']> = {
  dismissed: 'notifications.text.reportDismissed',
  'comment-removed': 'notifications.text.reportCommentRemoved',
  'josie-sent-back': 'notifications.text.reportJosieSentBack',
  'account-suspended': 'notifications.text.reportAccountSuspended',
};

/** A notification's sentence before translation: its key under `notifications.text` and its values. */
export interface NotificationSentenceParts {
  key: `notifications.text.${
    | 'follower'
    | 'inviteJoined'
    | 'josieApproved'
    | 'josieRejected'
    | 'josieRejectedNoReason'
    | 'likes'
    | 'likesOthers'
    | 'newJosie'
    | 'reviewWaiting'
    | 'reviewWaitingOthers'
    | 'contactMessage'
    | 'comment'
    | 'commentOthers'
    | 'reply'
    | 'replyOthers'
    | 'reportDismissed'
    | 'reportCommentRemoved'
    | 'reportJosieSentBack'
    | 'reportAccountSuspended'}`;
  values: { name?: string; title?: string; reason?: string; count?: number };
}

/**
 * The parts of a notification's sentence (docs/decisions/0024-notifications-centre.md): the first actor's
 * name ("Someone" when none is named), the subject's title, and for grouped kinds (likes, comments, replies,
 * josies waiting for review) how many others acted, with the language's plural forms ("Noa and 19 others liked ‘…’"; Hebrew
 * has a dual).
 */
export function notificationSentence(notification: Notification, t: TFunction): NotificationSentenceParts {
  const name = notification.actors.items[0]?.name ?? t('notifications.someone');
  const title = notification.subject?.title ?? '';
  const others = Math.max(0, notification.actors.total - 1);
  switch (notification.kind) {
    case 'follower':
      return { key: 'notifications.text.follower', values: { name } };
    case 'invite-joined':
      return { key: 'notifications.text.inviteJoined', values: { name } };
    case 'josie-approved':
      return { key: 'notifications.text.josieApproved', values: { title } };
    case 'josie-rejected':
      return notification.subject?.reason
        ? { key: 'notifications.text.josieRejected', values: { title, reason: notification.subject.reason } }
        : { key: 'notifications.text.josieRejectedNoReason', values: { title } };
    case 'likes':
      return others > 0
        ? { key: 'notifications.text.likesOthers', values: { name, title, count: others } }
        : { key: 'notifications.text.likes', values: { name, title } };
    case 'new-josie':
      return { key: 'notifications.text.newJosie', values: { name, title } };
    case 'review-waiting':
      return others > 0
        ? { key: 'notifications.text.reviewWaitingOthers', values: { name, count: others } }
        : { key: 'notifications.text.reviewWaiting', values: { name } };
    case 'contact-message':
      return { key: 'notifications.text.contactMessage', values: { name, title } };
    // Grouped like likes (decision 0049): per josie and day, per thread and day.
    case 'comment':
      return others > 0
        ? { key: 'notifications.text.commentOthers', values: { name, title, count: others } }
        : { key: 'notifications.text.comment', values: { name, title } };
    case 'reply':
      return others > 0
        ? { key: 'notifications.text.replyOthers', values: { name, title, count: others } }
        : { key: 'notifications.text.reply', values: { name, title } };
    // The outcome is the subject's `reason` (decision 0047); who acted is not named.
    case 'report-resolved':
      return {
        key: REPORT_OUTCOME_KEYS[notification.subject?.reason ?? ''] ?? REPORT_OUTCOME_KEYS.dismissed!,
        values: {},
      };
  }
}

/**
 * Names, titles and reasons are people's own text, in either script: each is isolated in a `<bdi>` (its
 * direction its own), so "Lior Listener" inside a Hebrew sentence, or "נועה" inside an English one, neither
 * reorders the sentence nor is reordered by it (docs/product/hebrew-glossary.md#directions).
 */
const ISOLATED = { name: <bdi />, title: <bdi />, reason: <bdi /> };

/** A notification's sentence in the current language, each name and title isolated ({@link ISOLATED}). */
export function NotificationSentence({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const { key, values } = notificationSentence(notification, t);
  return <Trans t={t} i18nKey={key} values={values} count={values.count} components={ISOLATED} />;
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
        <span className={cn('text-sm text-zinc-900', unread && 'font-semibold')}>
          <NotificationSentence notification={notification} />
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
