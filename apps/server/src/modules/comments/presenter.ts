import type { Comment, CommentThread } from '@josie/contract';
import { type CommentViewer, canDeleteComment, canEditComment } from './access.js';
import type { CommentRow, ThreadRow } from './queries.js';

/** What presenting a comment for a viewer needs besides its row. */
export interface CommentContext {
  viewer: CommentViewer;
  /** The creator of the josie the comment is on (who may delete it). */
  josieCreatorId: string;
  /** The time of the answer, ms since the epoch (the edit window). */
  now: number;
}

/**
 * Builds the contract {@link Comment}; never sends a row (docs/ARCHITECTURE.md#practices). A removed comment
 * (a placeholder kept for its replies) carries neither author nor text.
 */
export function presentComment(row: CommentRow, context: CommentContext): Comment {
  const removed = row.removedAt !== null;
  const facts = { authorId: row.authorId, createdAt: row.createdAt, removed };
  return {
    _id: row.id,
    josieId: row.josieId,
    parentId: row.parentId,
    author: removed
      ? null
      : { _id: row.authorId, name: row.authorName ?? '', avatar: row.authorAvatar ?? null },
    text: removed ? null : row.body,
    removed,
    createdAt: row.createdAt,
    editedAt: removed ? null : row.editedAt,
    canEdit: canEditComment(context.viewer, facts, context.now),
    canDelete: canDeleteComment(context.viewer, facts, context.josieCreatorId),
  };
}

/** A top-level comment with its first replies and reply count. */
export function presentThread(row: ThreadRow, context: CommentContext): CommentThread {
  return {
    ...presentComment(row, context),
    replies: row.replies.map((reply) => presentComment(reply, context)),
    replyCount: row.replyCount,
  };
}
