import type { Notification, NotificationKind } from '@josie/contract';
import type { NotificationRow } from './queries.js';

/**
 * The app path an entry opens (docs/decisions/0024-notifications-centre.md): the josie, its editor for a
 * rejection, its comments section for a comment or a reply (decision 0049), the follower's profile, the
 * invites page, the review queue, the admin dashboard's messages.
 */
export function notificationUrl(row: Pick<NotificationRow, 'kind' | 'subjectId' | 'actors'>): string {
  const kind: NotificationKind = row.kind;
  switch (kind) {
    case 'josie-approved':
    case 'likes':
    case 'new-josie':
      return `/josie/${row.subjectId}`;
    // The josie's comments section (decision 0049).
    case 'comment':
    case 'reply':
      return `/josie/${row.subjectId}#comments`;
    case 'josie-rejected':
      return `/josie/edit/${row.subjectId}`;
    case 'follower':
      return row.actors[0] ? `/profile/${row.actors[0]._id}` : '/profile';
    case 'invite-joined':
      return '/invites';
    case 'review-waiting':
      return '/editor/dashboard';
    case 'contact-message':
      return '/admin/dashboard';
    case 'report-resolved':
      return '/notifications';
  }
}

/** A row of `notificationsOf` as the API answers it. */
export function presentNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    createdAt: row.updatedAt,
    readAt: row.readAt,
    actors: { total: row.total, items: row.actors },
    subject:
      row.subjectType && row.subjectId
        ? { type: row.subjectType, _id: row.subjectId, title: row.title ?? '', reason: row.reason }
        : null,
    url: notificationUrl(row),
  };
}
