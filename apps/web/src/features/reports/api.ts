import type {
  ModerationActionBody,
  ModerationQueueResponse,
  ReportCreateBody,
  ReportTargetType,
} from '@josie/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';
import { useMutation } from '../../lib/useMutation';

/** Query keys of moderation, one factory per feature (docs/decisions/0017-one-web-data-layer.md). */
export const moderationKeys = {
  all: ['moderation'] as const,
  queue: ['moderation', 'queue'] as const,
};

/** What a report is about: a comment, a josie or an account, by id. */
export interface ReportTarget {
  type: ReportTargetType;
  id: string;
}

/** `POST /api/reports` (docs/product/rules-and-limits.md#reports-and-moderation). */
export function useFileReport() {
  return useMutation({
    mutationFn: (body: ReportCreateBody) => request('createReport', { body }),
  });
}

/** `GET /api/moderation/reports` as pages (keyset cursor): reported targets, the newest report first. */
export function useModerationQueue() {
  return useInfiniteQuery({
    queryKey: moderationKeys.queue,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      request('moderationReports', { query: pageParam ? { cursor: pageParam } : {} }, { signal }),
    getNextPageParam: (last: ModerationQueueResponse) => last.data.nextCursor ?? undefined,
  });
}

/** `POST /api/moderation/actions`: resolves all of a target's open reports; the queue is read again. */
export function useModerationAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerationActionBody) => request('moderationAction', { body }),
    onSettled: () => client.invalidateQueries({ queryKey: moderationKeys.queue }),
  });
}
