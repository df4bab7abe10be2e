import { z } from 'zod';
import { COMMENT_LIMITS, COMMENT_POLICIES } from './catalogues.js';
import { text } from './common.js';
import { PathId } from './social.js';

/**
 * Control characters other than tab, line feed and carriage return (C0, DEL and C1): invisible, and some
 * terminals and mail clients act on them. A comment holding one is refused like any ill-formed field.
 */
const CONTROL = /(?![\t\n\r])\p{Cc}/u;

/** The English message of a comment refused for a control character; the web shows its own text. */
export const COMMENT_CONTROL_MESSAGE = 'A comment cannot contain control characters';

/**
 * A comment's text (docs/product/rules-and-limits.md#comments): line breaks kept (`\r\n` becomes `\n`),
 * trimmed, 1-2,000 characters, plain text (the web makes links clickable and renders nothing else), no lone
 * surrogate ({@link text}) and no control character but tab and line breaks.
 */
export const CommentText = text()
  .refine((value) => !CONTROL.test(value), { message: COMMENT_CONTROL_MESSAGE })
  .transform((value) => value.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, { error: 'A comment cannot be empty' })
      .max(COMMENT_LIMITS.textMaxLength, {
        error: `A comment must be at most ${COMMENT_LIMITS.textMaxLength} characters`,
      }),
  );

/** `POST /api/josies/{id}/comments`: the text, and the comment it replies to (a reply's reply joins its thread). */
export const CommentCreateBody = z.object({ text: CommentText, parentId: PathId.optional() });
export type CommentCreateBody = z.infer<typeof CommentCreateBody>;

/** `PATCH /api/comments/{id}`: the new text (its author, within `COMMENT_LIMITS.editWindowMs` of posting). */
export const CommentUpdateBody = z.object({ text: CommentText });
export type CommentUpdateBody = z.infer<typeof CommentUpdateBody>;

/** `PUT /api/josies/{id}/comment-policy`: the josie's creator's choice. */
export const CommentPolicyBody = z.object({ policy: z.enum(COMMENT_POLICIES) });
export type CommentPolicyBody = z.infer<typeof CommentPolicyBody>;

/** `?order=&cursor=` of a josie's comments: oldest first by default. */
export const CommentsQuery = z.object({
  order: z.enum(['oldest', 'newest']).default('oldest'),
  cursor: text().max(200).optional(),
});
export type CommentsQuery = z.infer<typeof CommentsQuery>;

/** `?cursor=` of a comment's replies (oldest first). */
export const RepliesQuery = z.object({ cursor: text().max(200).optional() });
export type RepliesQuery = z.infer<typeof RepliesQuery>;

/** A comment's author as shown beside it. */
export const CommentAuthor = z.object({ _id: text(), name: text(), avatar: text().nullable() });
export type CommentAuthor = z.infer<typeof CommentAuthor>;

/**
 * One comment. A removed comment that still has replies stays as a placeholder: `removed` true, `author`
 * and `text` null. `editedAt` is set once its author edited it. `canEdit` and `canDelete` are the viewer's
 * (its author within the edit window; its author, the josie's creator, an editor or an admin).
 */
export const Comment = z.object({
  _id: text(),
  josieId: text(),
  parentId: text().nullable(),
  author: CommentAuthor.nullable(),
  text: text().nullable(),
  removed: z.boolean(),
  createdAt: text(),
  editedAt: text().nullable(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type Comment = z.infer<typeof Comment>;

/** A top-level comment with its first replies (oldest first) and how many replies it has. */
export const CommentThread = Comment.extend({ replies: z.array(Comment), replyCount: z.number().int() });
export type CommentThread = z.infer<typeof CommentThread>;

/** `GET /api/josies/{id}/comments`: a page of threads, the josie's live comment count and the policy. */
export const CommentsResponse = z.object({
  data: z.object({
    comments: z.array(CommentThread),
    nextCursor: text().nullable(),
    commentCount: z.number().int(),
    policy: z.enum(COMMENT_POLICIES),
  }),
});
export type CommentsResponse = z.infer<typeof CommentsResponse>;

/** `GET /api/comments/{id}/replies`: a page of replies, oldest first. */
export const RepliesResponse = z.object({
  data: z.object({ replies: z.array(Comment), nextCursor: text().nullable() }),
});
export type RepliesResponse = z.infer<typeof RepliesResponse>;

/** Answer of a comment posted or edited: the comment and the josie's comment count after it. */
export const CommentResponse = z.object({
  data: z.object({ comment: Comment, commentCount: z.number().int() }),
});
export type CommentResponse = z.infer<typeof CommentResponse>;

/** Answer of a comment deleted: the josie's comment count after it. */
export const CommentDeleteResponse = z.object({ data: z.object({ commentCount: z.number().int() }) });
export type CommentDeleteResponse = z.infer<typeof CommentDeleteResponse>;

/** Answer of `PUT /api/josies/{id}/comment-policy`. */
export const CommentPolicyResponse = z.object({ data: z.object({ policy: z.enum(COMMENT_POLICIES) }) });
export type CommentPolicyResponse = z.infer<typeof CommentPolicyResponse>;
