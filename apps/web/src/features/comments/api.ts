import {
  type Comment,
  type CommentPolicy,
  type CommentsResponse,
  type Josie,
  PAGE_QUERY_KEYS,
  type RepliesResponse,
} from '@josie/contract';
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';
import { useMutation } from '../../lib/useMutation';

/** The order of a josie's threads (docs/decisions/0046-comments.md): oldest first by default. */
export type CommentOrder = 'oldest' | 'newest';

/** Query keys of comments, one factory per feature (docs/decisions/0017-one-web-data-layer.md). */
export const commentKeys = {
  all: ['comments'] as const,
  josie: (josieId: string) => ['comments', 'josie', josieId] as const,
  threads: (josieId: string, order: CommentOrder) => ['comments', 'josie', josieId, order] as const,
  replies: (commentId: string) => ['comments', 'replies', commentId] as const,
};

/**
 * `GET /api/josies/{id}/comments` as pages (keyset cursor): each page's threads with their first replies,
 * the josie's live count and its policy.
 */
export function useComments(josieId: string, order: CommentOrder) {
  return useInfiniteQuery({
    queryKey: commentKeys.threads(josieId, order),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      request(
        'josieComments',
        { params: { id: josieId }, query: { order, ...(pageParam ? { cursor: pageParam } : {}) } },
        { signal },
      ),
    getNextPageParam: (last: CommentsResponse) => last.data.nextCursor ?? undefined,
  });
}

/**
 * `GET /api/comments/{id}/replies` as pages, asked for once "more replies" is pressed (`enabled`): the whole
 * thread's replies from the first, oldest first, which take the place of the inline ones.
 */
export function useReplies(commentId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: commentKeys.replies(commentId),
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      request(
        'commentReplies',
        { params: { id: commentId }, query: pageParam ? { cursor: pageParam } : {} },
        { signal },
      ),
    getNextPageParam: (last: RepliesResponse) => last.data.nextCursor ?? undefined,
  });
}

/** After a write: every list of the josie's comments is read again, and the page's count set. */
function useSettled(josieId: string) {
  const client = useQueryClient();
  return (commentCount: number) => {
    // The josie page's answer (its key is the contract's, as features/josie/read.ts reads it).
    client.setQueryData<Josie>(PAGE_QUERY_KEYS.josie(josieId), (josie) =>
      josie ? { ...josie, commentCount } : josie,
    );
    // The feeds' cards carry the count too (`feedKeys.all`): read again when next shown.
    void client.invalidateQueries({ queryKey: ['feed'] });
    return Promise.all([
      client.invalidateQueries({ queryKey: commentKeys.josie(josieId) }),
      client.invalidateQueries({ queryKey: ['comments', 'replies'] }),
    ]);
  };
}

/** `POST /api/josies/{id}/comments`: a comment, or a reply to `parentId`. */
export function usePostComment(josieId: string) {
  const settled = useSettled(josieId);
  return useMutation({
    mutationFn: (input: { text: string; parentId?: string }) =>
      request('createComment', { params: { id: josieId }, body: input }),
    onSuccess: (answer) => settled(answer.data.commentCount),
  });
}

/** `PATCH /api/comments/{id}`: its author's new text, within 15 minutes of posting. */
export function useEditComment(josieId: string) {
  const settled = useSettled(josieId);
  return useMutation({
    mutationFn: (input: { comment: Comment; text: string }) =>
      request('updateComment', { params: { id: input.comment._id }, body: { text: input.text } }),
    onSuccess: (answer) => settled(answer.data.commentCount),
  });
}

/** `DELETE /api/comments/{id}`. */
export function useDeleteComment(josieId: string) {
  const settled = useSettled(josieId);
  return useMutation({
    mutationFn: (comment: Comment) => request('deleteComment', { params: { id: comment._id } }),
    onSuccess: (answer) => settled(answer.data.commentCount),
  });
}

/** `PUT /api/josies/{id}/comment-policy`: the josie's creator's choice of who may comment. */
export function setCommentPolicy(josieId: string, policy: CommentPolicy) {
  return request('setCommentPolicy', { params: { id: josieId }, body: { policy } });
}

/** The threads of all loaded pages, in order. */
export function threadsOf(data: InfiniteData<CommentsResponse> | undefined) {
  return data?.pages.flatMap((page) => page.data.comments) ?? [];
}
