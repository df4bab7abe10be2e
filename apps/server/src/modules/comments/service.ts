import {
  COMMENT_LIMITS,
  type Comment,
  type CommentCreateBody,
  type CommentPolicy,
  type CommentsQuery,
  type CommentsResponse,
  type CommentUpdateBody,
  ERROR_CODES,
  flagEnabled,
  type RepliesQuery,
  type RepliesResponse,
} from '@josie/contract';
import { eq } from 'drizzle-orm';
import { validate as isUuid } from 'uuid';
import type { Db, Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError, errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { ReadCaches } from '../../reads/read-caches.js';
import type { EventBus } from '../../realtime/bus.js';
import { decodeCursor, encodeCursor } from '../feed/index.js';
import type { FlagsService } from '../flags/index.js';
import type { JosiesService } from '../josies/index.js';
import type { Notifier } from '../notifications/index.js';
import { type CommentViewer, canDeleteComment, editWindowPassed } from './access.js';
import { presentComment, presentThread } from './presenter.js';
import {
  blockedByAny,
  type CommentKeyset,
  commentingOn,
  deleteComment,
  deleteCommentsOf,
  deleteEmptyPlaceholder,
  findComment,
  insertComment,
  josieOfComments,
  lockComment,
  markRemoved,
  pageOfReplies,
  pageOfThreads,
  updateCommentBody,
} from './queries.js';

/** An account younger than this (ms) is new: it may post fewer comments per minute (decision 0046). */
export const NEW_ACCOUNT_AGE_MS = 24 * 60 * 60 * 1000;

/** Comments an account may post per minute (docs/product/rules-and-limits.md#rate-limits). */
export const COMMENTS_PER_MINUTE = 10;

/** Comments a new account ({@link NEW_ACCOUNT_AGE_MS}) may post per minute. */
export const NEW_ACCOUNT_COMMENTS_PER_MINUTE = 3;

const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please verify your email address before commenting: open the link we emailed you, or send a new one.';

const josieNotFound = () => errors.notFound('Josie not found');
const commentNotFound = () => errors.notFound('Comment not found');
/**
 * A comment refused because the josie's creator, or the author of the comment answered, blocked the caller
 * (docs/decisions/0048-blocking-and-muting.md): plain, not accusing.
 */
const blockedHere = () => new AppError(403, ERROR_CODES.BLOCKED, "You can't comment here");

/**
 * A page of `size` rows out of the `size + 1` read: the rows shown, and the cursor after the last one when
 * another page follows.
 */
function paged<R extends { createdAt: string; id: string }>(rows: R[], size: number) {
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  const nextCursor = rows.length > size && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null;
  return { shown, nextCursor };
}

/**
 * Comments on published josies (docs/decisions/0046-comments.md; docs/product/rules-and-limits.md#comments):
 * threads one level deep, the creator's policy (everyone, followers, off), a 15-minute edit window for the
 * author, deletion by the author, the josie's creator or a reviewer, and a placeholder for a removed comment
 * that still has replies. Every route is refused with 404 `FEATURE_DISABLED` while the `comments` flag is off.
 * Each write moves the josie's `comment_count` in its transaction (through the josies module, the table's
 * owner) and tells the read caches after commit, so feeds and josie pages show the new count.
 */
export function createCommentsService(deps: {
  db: Db;
  flags: Pick<FlagsService, 'all'>;
  josies: Pick<JosiesService, 'moveCommentCount' | 'setCommentPolicy'>;
  reads: Pick<ReadCaches, 'commented'>;
  /** Raises `comments.changed` after a comment committed: the josie page's readers hear the new count. */
  bus: Pick<EventBus, 'publish'>;
  /**
   * Tells the josie's creator of a comment, and the answered authors of a reply, by a job enqueued in the
   * comment's transaction (docs/decisions/0049-comment-notifications-and-live-visitors.md).
   */
  notifier: Notifier;
}) {
  const { db, flags, josies, reads, bus, notifier } = deps;

  /** After a comment's commit: every instance's caches drop the josie, and its page's readers are told. */
  async function changed(josieId: string, commentCount: number): Promise<void> {
    await reads.commented(josieId);
    bus.publish('comments.changed', { josieId, commentCount });
  }

  /** @throws AppError 404 `FEATURE_DISABLED` while the `comments` flag is off. */
  async function assertEnabled(): Promise<void> {
    if (!flagEnabled('comments', (await flags.all()).comments)) {
      throw new AppError(404, ERROR_CODES.FEATURE_DISABLED, 'Comments are not available');
    }
  }

  /** A `cursor` query value as a keyset, or null for the first page. */
  const keysetOf = (cursor: string | undefined): CommentKeyset | null =>
    cursor ? decodeCursor(cursor) : null;

  /** The comment `id` presented for `actor`, once written (read after commit). */
  async function presentedComment(actor: AuthUser, id: string, josieCreatorId: string): Promise<Comment> {
    const row = await findComment(db, id);
    if (!row) throw commentNotFound();
    return presentComment(row, { viewer: actor, josieCreatorId, now: Date.now() });
  }

  /**
   * Removes a live comment in `tx` when `actor` may: a placeholder when it has replies, else the row (and its
   * thread's placeholder once its last reply goes); the josie's count goes down by one.
   * @throws AppError 404 when unknown or already removed; 403 when `actor` may not delete it.
   */
  async function removeInside(tx: Executor, actor: AuthUser, commentId: string) {
    const row = await lockComment(tx, commentId);
    if (!row || row.removedAt) throw commentNotFound();
    if (!canDeleteComment(actor, { authorId: row.authorId, removed: false }, row.josieCreatorId)) {
      throw errors.forbidden('You can only delete your own comments, or comments on your josies');
    }
    if (row.hasReplies) await markRemoved(tx, commentId);
    else await deleteComment(tx, commentId);
    if (row.parentId) await deleteEmptyPlaceholder(tx, row.parentId);
    const commentCount = await josies.moveCommentCount(tx, row.josieId, -1);
    return { josieId: row.josieId, commentCount: commentCount ?? 0 };
  }

  return {
    /**
     * The checks of an author before their comment is counted against the rate limit: the flag, and a
     * verified email (docs/decisions/0025-account-and-data.md, "Verification").
     * @returns whether the account is new (younger than {@link NEW_ACCOUNT_AGE_MS}), which lowers its limit.
     * @throws AppError 404 `FEATURE_DISABLED`; 403 `EMAIL_NOT_VERIFIED`; 404 when the account is gone.
     */
    async admitAuthor(actor: AuthUser): Promise<{ newAccount: boolean }> {
      await assertEnabled();
      const [row] = await db
        .select({ createdAt: users.createdAt, emailVerifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, actor.id));
      if (!row) throw errors.notFound('User not found');
      if (!row.emailVerifiedAt) {
        throw new AppError(403, ERROR_CODES.EMAIL_NOT_VERIFIED, EMAIL_NOT_VERIFIED_MESSAGE);
      }
      return { newAccount: Date.now() - row.createdAt.getTime() < NEW_ACCOUNT_AGE_MS };
    },

    /**
     * `GET /api/josies/{id}/comments`: a page of a published josie's threads, oldest or newest first, each
     * with its first {@link COMMENT_LIMITS.inlineReplies} replies and its reply count; the comments are one
     * keyset read (`pageOfThreads`).
     * @throws AppError 404 `FEATURE_DISABLED`; 404 when the josie is unknown or not published; 400 for a
     * cursor this server did not write.
     */
    async list(viewer: CommentViewer, josieId: string, query: CommentsQuery): Promise<CommentsResponse> {
      await assertEnabled();
      if (!isUuid(josieId)) throw josieNotFound();
      const after = keysetOf(query.cursor);
      const josie = await josieOfComments(db, josieId);
      if (josie?.status !== 'published') throw josieNotFound();
      const size = COMMENT_LIMITS.pageSize;
      const rows = await pageOfThreads(db, {
        josieId,
        order: query.order,
        after,
        limit: size + 1,
        inlineReplies: COMMENT_LIMITS.inlineReplies,
        viewerId: viewer?.id ?? null,
      });
      const { shown, nextCursor } = paged(rows, size);
      const context = { viewer, josieCreatorId: josie.creatorId, now: Date.now() };
      return {
        data: {
          comments: shown.map((row) => presentThread(row, context)),
          nextCursor,
          commentCount: josie.commentCount,
          policy: josie.policy,
        },
      };
    },

    /**
     * `GET /api/comments/{id}/replies`: a page of a top-level comment's replies after the cursor, oldest
     * first (the web asks from the last inline reply on).
     * @throws AppError 404 `FEATURE_DISABLED`; 404 when the comment is unknown, a reply, or on a josie that
     * is not published; 400 for a bad cursor.
     */
    async replies(viewer: CommentViewer, commentId: string, query: RepliesQuery): Promise<RepliesResponse> {
      await assertEnabled();
      if (!isUuid(commentId)) throw commentNotFound();
      const after = keysetOf(query.cursor);
      const parent = await findComment(db, commentId);
      if (!parent || parent.parentId !== null) throw commentNotFound();
      const josie = await josieOfComments(db, parent.josieId);
      if (josie?.status !== 'published') throw commentNotFound();
      const size = COMMENT_LIMITS.repliesPageSize;
      const rows = await pageOfReplies(db, {
        parentId: commentId,
        after,
        limit: size + 1,
        viewerId: viewer?.id ?? null,
      });
      const { shown, nextCursor } = paged(rows, size);
      const viewing = { viewer, josieCreatorId: josie.creatorId, now: Date.now() };
      return { data: { replies: shown.map((row) => presentComment(row, viewing)), nextCursor } };
    },

    /**
     * `POST /api/josies/{id}/comments`: a comment, or a reply when `parentId` is given; a reply to a reply
     * joins the same thread (its parent becomes that thread's top comment). One transaction writes the
     * comment and moves the josie's count; the parent is locked so a removal cannot race the reply. The
     * caller ran {@link admitAuthor} and the rate limit first.
     * @throws AppError 404 `FEATURE_DISABLED`; 404 when the josie is unknown or not published, or the parent
     * is unknown, removed or on another josie; 403 `BLOCKED` when the josie's creator, or the author of the
     * comment answered or of its thread, blocked the caller (decision 0048); 403 `COMMENTS_CLOSED` / `COMMENTS_FOLLOWERS_ONLY` by the
     * creator's policy (the creator may comment when followers-only); 409 `DUPLICATE_COMMENT` for the
     * author's previous text on this josie again.
     */
    async create(actor: AuthUser, josieId: string, body: CommentCreateBody) {
      await assertEnabled();
      if (!isUuid(josieId)) throw josieNotFound();
      const { id, commentCount, creatorId } = await db.transaction(async (tx) => {
        const facts = await commentingOn(tx, josieId, actor.id);
        if (facts?.status !== 'published') throw josieNotFound();
        if (facts.blocked) throw blockedHere();
        assertPolicyAdmits(facts.policy, actor.id === facts.creatorId || facts.follows);
        if (facts.lastBody === body.text) {
          throw errors.conflict(
            'You just posted this comment on this josie: write something new',
            ERROR_CODES.DUPLICATE_COMMENT,
          );
        }
        const thread = body.parentId ? await threadOf(tx, body.parentId, josieId) : null;
        if (thread && (await blockedByAny(tx, actor.id, thread.authorIds))) throw blockedHere();
        const parentId = thread?.id ?? null;
        const id = await insertComment(tx, { josieId, authorId: actor.id, parentId, body: body.text });
        const commentCount = await josies.moveCommentCount(tx, josieId, 1);
        if (commentCount === undefined) throw josieNotFound();
        // The notification is written by a job, never here (decision 0024); the job skips the author's own
        // josie and comments, and a comment removed before it runs.
        await notifier.caused(tx, { kind: 'comment', commentId: id, repliedToId: body.parentId ?? null });
        return { id, commentCount, creatorId: facts.creatorId };
      });
      notifier.committed();
      await changed(josieId, commentCount);
      // The studio counts posted comments (docs/decisions/0050-curator-studio-counts.md).
      bus.publish('comment.added', { josieId, commentId: id });
      return { data: { comment: await presentedComment(actor, id, creatorId), commentCount } };
    },

    /**
     * `PATCH /api/comments/{id}`: its author replaces the text within {@link COMMENT_LIMITS.editWindowMs}
     * of posting; the comment is then shown as edited (`editedAt`).
     * @throws AppError 404 `FEATURE_DISABLED`; 404 when unknown or removed; 403 `FORBIDDEN` for anyone but
     * its author; 403 `EDIT_WINDOW_CLOSED` after the window.
     */
    async update(actor: AuthUser, commentId: string, body: CommentUpdateBody) {
      await assertEnabled();
      if (!isUuid(commentId)) throw commentNotFound();
      const { josieId, creatorId } = await db.transaction(async (tx) => {
        const row = await lockComment(tx, commentId);
        if (!row || row.removedAt) throw commentNotFound();
        if (row.authorId !== actor.id) throw errors.forbidden('Only its author edits a comment');
        if (editWindowPassed(row.createdAt, Date.now())) {
          throw new AppError(
            403,
            ERROR_CODES.EDIT_WINDOW_CLOSED,
            'A comment can be edited for 15 minutes after posting it',
          );
        }
        await updateCommentBody(tx, commentId, body.text);
        return { josieId: row.josieId, creatorId: row.josieCreatorId };
      });
      const comment = await presentedComment(actor, commentId, creatorId);
      const josie = await josieOfComments(db, josieId);
      return { data: { comment, commentCount: josie?.commentCount ?? 0 } };
    },

    /**
     * `DELETE /api/comments/{id}`: by its author, the josie's creator, an editor or an admin. A comment with
     * replies stays as a placeholder without author or text; one without is deleted, and so is its thread's
     * placeholder when this was the last reply. The josie's count goes down by one in the same transaction.
     * @throws AppError 404 `FEATURE_DISABLED`; 404 when unknown or already removed; 403 for anyone else.
     */
    async remove(actor: AuthUser, commentId: string) {
      await assertEnabled();
      if (!isUuid(commentId)) throw commentNotFound();
      const { josieId, commentCount } = await db.transaction((tx) => removeInside(tx, actor, commentId));
      await changed(josieId, commentCount);
      return { data: { commentCount } };
    },

    /**
     * The moderation queue's `remove-comment` (docs/decisions/0047-reports-and-moderation.md): the same
     * removal as {@link remove} (placeholder rules included), inside the caller's transaction, which also
     * resolves the reports. Call the answer's `committed` after commit.
     * @throws AppError 404 `FEATURE_DISABLED`; 404 when unknown or already removed; 403 for a non-reviewer.
     */
    async removeInModeration(tx: Executor, actor: AuthUser, commentId: string) {
      await assertEnabled();
      if (!isUuid(commentId)) throw commentNotFound();
      const { josieId, commentCount } = await removeInside(tx, actor, commentId);
      return { committed: () => changed(josieId, commentCount) };
    },

    /**
     * Account deletion, inside the caller's transaction: the user's comments go, with the replies under
     * their top comments, and each josie's `comment_count` goes down by the live comments it lost, so no
     * count keeps a trace of them. The read caches are told by the caller's `user.deleted` after commit.
     */
    async removeAllOfUser(tx: Executor, userId: string): Promise<void> {
      for (const { josieId, live } of await deleteCommentsOf(tx, userId)) {
        if (live > 0) await josies.moveCommentCount(tx, josieId, -live);
      }
    },

    /**
     * `PUT /api/josies/{id}/comment-policy`: its creator chooses who may comment (decision 0046); the
     * josie's answers carry the new `commentPolicy` at once.
     * @throws AppError 404 `FEATURE_DISABLED`; 404 when the actor cannot see the josie; 403 for anyone but
     * its creator.
     */
    async setPolicy(actor: AuthUser, josieId: string, policy: CommentPolicy) {
      await assertEnabled();
      const stored = await josies.setCommentPolicy(actor, josieId, policy);
      await reads.commented(josieId);
      return { data: { policy: stored } };
    },
  };
}
export type CommentsService = ReturnType<typeof createCommentsService>;

/**
 * The creator's policy for a would-be commenter (decision 0046).
 * @param admitted - whether they created the josie or follow its creator.
 * @throws AppError 403 `COMMENTS_CLOSED` when off; 403 `COMMENTS_FOLLOWERS_ONLY` for a non-follower.
 */
function assertPolicyAdmits(policy: CommentPolicy, admitted: boolean): void {
  if (policy === 'off') {
    throw new AppError(403, ERROR_CODES.COMMENTS_CLOSED, 'Comments are turned off for this josie');
  }
  if (policy === 'followers' && !admitted) {
    throw new AppError(
      403,
      ERROR_CODES.COMMENTS_FOLLOWERS_ONLY,
      "Only the curator's followers can comment on this josie",
    );
  }
}

/**
 * The top comment of the thread a reply to `parentId` joins, locked until the transaction ends: the parent
 * itself, or its parent when it is a reply (threads are one level deep); with the authors of the comment
 * answered and of the thread's top comment, whose blocks refuse the reply (decision 0048).
 * @throws AppError 404 when the parent is unknown, removed or on another josie.
 */
async function threadOf(
  tx: Executor,
  parentId: string,
  josieId: string,
): Promise<{ id: string; authorIds: string[] }> {
  if (!isUuid(parentId)) throw commentNotFound();
  const parent = await lockComment(tx, parentId);
  if (!parent || parent.josieId !== josieId || parent.removedAt) throw commentNotFound();
  if (parent.parentId === null) return { id: parent.id, authorIds: [parent.authorId] };
  const top = await lockComment(tx, parent.parentId);
  if (!top) throw commentNotFound();
  return { id: top.id, authorIds: [parent.authorId, top.authorId] };
}
