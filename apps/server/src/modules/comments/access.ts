import { COMMENT_LIMITS, REVIEWER_ROLES, type Role } from '@josie/contract';

/** Who acts on a comment: a signed-in user's id and role, or null for a visitor. */
export type CommentViewer = { id: string; role: Role } | null;

/** What the rules read of a comment. */
interface CommentFacts {
  authorId: string;
  /** When it was posted (ISO 8601 or a Date). */
  createdAt: string | Date;
  removed: boolean;
}

/**
 * Whether `viewer` may edit the comment: its author, while it is not removed, within
 * `COMMENT_LIMITS.editWindowMs` (15 minutes) of posting it (docs/decisions/0046-comments.md).
 * @param now - the time of the edit, ms since the epoch.
 */
export function canEditComment(viewer: CommentViewer, comment: CommentFacts, now: number): boolean {
  if (viewer === null || viewer.id !== comment.authorId || comment.removed) return false;
  return now - new Date(comment.createdAt).getTime() <= COMMENT_LIMITS.editWindowMs;
}

/** Whether the edit window of a comment posted at `createdAt` has passed at `now` (ms since the epoch). */
export function editWindowPassed(createdAt: string | Date, now: number): boolean {
  return now - new Date(createdAt).getTime() > COMMENT_LIMITS.editWindowMs;
}

/**
 * Whether `viewer` may delete the comment: its author, the creator of the josie it is on, an editor or an
 * admin (docs/decisions/0046-comments.md). A placeholder is not deleted again.
 */
export function canDeleteComment(
  viewer: CommentViewer,
  comment: Omit<CommentFacts, 'createdAt'>,
  josieCreatorId: string,
): boolean {
  if (viewer === null || comment.removed) return false;
  return (
    viewer.id === comment.authorId ||
    viewer.id === josieCreatorId ||
    (REVIEWER_ROLES as readonly Role[]).includes(viewer.role)
  );
}
