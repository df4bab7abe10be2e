import type { AccountRelationsResponse } from '@josie/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';
import { useMutation } from '../../lib/useMutation';
import { useSession } from '../../session/SessionProvider';

/** Which list: the accounts the reader blocked, or muted (docs/decisions/0048-blocking-and-muting.md). */
export type RelationKind = 'blocks' | 'mutes';

/** Query keys of the blocked and muted lists, one factory per feature (decision 0017). */
export const blockKeys = {
  all: ['blocks'] as const,
  list: (kind: RelationKind) => ['blocks', kind] as const,
};

/** `GET /api/blocks` or `GET /api/mutes` as pages (keyset cursor), newest first. */
export function useRelations(kind: RelationKind) {
  return useInfiniteQuery({
    queryKey: blockKeys.list(kind),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      request(
        kind === 'blocks' ? 'listBlocks' : 'listMutes',
        { query: pageParam ? { cursor: pageParam } : {} },
        { signal },
      ),
    getNextPageParam: (last: AccountRelationsResponse) => last.data.nextCursor ?? undefined,
  });
}

/** The accounts of all loaded pages, in order. */
export function accountsOf(pages: { pages: AccountRelationsResponse[] } | undefined) {
  return pages?.pages.flatMap((page) => page.data.accounts) ?? [];
}

/**
 * After a block, mute or their undoing: the lists, every comment list (`commentKeys.all` of the comments
 * feature: the server filters them for the reader) and the account's profile (`isBlocked`, its counts) are
 * read again; a block also ends the reader's follow of the account, so the stored `following` drops it.
 */
function useSettled() {
  const client = useQueryClient();
  const { user, updateUser } = useSession();
  return (userId: string, endsFollow: boolean) => {
    if (endsFollow && user?.following.includes(userId)) {
      updateUser({ ...user, following: user.following.filter((id) => id !== userId) });
    }
    return Promise.all([
      client.invalidateQueries({ queryKey: blockKeys.all }),
      client.invalidateQueries({ queryKey: ['comments'] }),
      client.invalidateQueries({ queryKey: ['profile', userId] }),
    ]);
  };
}

/**
 * Blocks or mutes (the block and mute routes, POST and DELETE): `active` true blocks (or mutes) `userId`, false undoes it.
 * Each is idempotent on the server.
 */
export function useSetRelation(kind: RelationKind) {
  const settled = useSettled();
  return useMutation({
    mutationFn: ({ userId, active }: { userId: string; active: boolean }) => {
      if (kind === 'blocks') {
        return active
          ? request('block', { body: { userId } })
          : request('unblock', { params: { id: userId } });
      }
      return active ? request('mute', { body: { userId } }) : request('unmute', { params: { id: userId } });
    },
    onSuccess: (_, { userId, active }) => settled(userId, kind === 'blocks' && active),
  });
}
