import { FollowResponse, Josie, MyJosiesResponse, PendingResponse, SuccessResponse } from '@josie/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

/** Query keys of the josie screens; `josies` is the root every josie list and josie lives under. */
export const josieKeys = {
  all: ['josies'] as const,
  one: (id: string) => ['josies', 'one', id] as const,
  mine: ['josies', 'mine'] as const,
  pending: ['josies', 'pending'] as const,
};

/** `GET /api/josies/{id}` (spec 000 §7): the josie, or ApiError 404 when it is not visible to the caller. */
export function fetchJosie(id: string, signal?: AbortSignal): Promise<Josie> {
  return api.get(`/api/josies/${encodeURIComponent(id)}`, { schema: Josie, signal });
}

/**
 * One josie through TanStack Query. The editor (`editing`) reads a fresh copy of its own that is never
 * refetched behind its back: it copies the josie into its draft once, so an update arriving later
 * must not look like an outside change, and a copy cached by another page must not seed the draft.
 */
export function useJosie(id: string, options: { editing?: boolean } = {}) {
  return useQuery({
    queryKey: options.editing ? [...josieKeys.one(id), 'edit'] : josieKeys.one(id),
    queryFn: ({ signal }) => fetchJosie(id, signal),
    ...(options.editing
      ? { gcTime: 0, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false }
      : {}),
  });
}

/** `GET /api/josies/my-josies` (spec 001 §7): the curator's own josies. */
export function useMyJosies() {
  return useQuery({
    queryKey: josieKeys.mine,
    queryFn: async ({ signal }) =>
      (await api.get('/api/josies/my-josies', { schema: MyJosiesResponse, signal })).data.posts,
  });
}

/** `GET /api/josies/pending` (spec 000 §7: `data.posts`): the review queue. */
export function usePendingJosies() {
  return useQuery({
    queryKey: josieKeys.pending,
    queryFn: async ({ signal }) =>
      (await api.get('/api/josies/pending', { schema: PendingResponse, signal })).data.posts,
  });
}

/**
 * `POST /api/josies` (create) or `PUT /api/josies/{id}` (edit): multipart `title`, `paragraphs` (JSON
 * text) and the optional `image` file (spec 001 §7).
 *
 * @throws ApiError 400 with `issues`, 413 for an image over 5 MB, 403/404 for someone else's josie.
 */
export function saveJosie(form: FormData, id?: string): Promise<Josie> {
  if (!id) return api.upload('/api/josies', form, { schema: Josie });
  return api.put(`/api/josies/${encodeURIComponent(id)}`, form, { schema: Josie });
}

/** `DELETE /api/josies/{id}`: only the creator may. */
export async function deleteJosie(id: string): Promise<void> {
  await api.delete(`/api/josies/${encodeURIComponent(id)}`, { schema: SuccessResponse });
}

/** `PUT /api/josies/{id}/approve` (empty body): the josie, now published. */
export function approveJosie(id: string): Promise<Josie> {
  return api.put(`/api/josies/${encodeURIComponent(id)}/approve`, undefined, { schema: Josie });
}

/** `PUT /api/josies/{id}/reject` with the trimmed reason: the josie, now rejected. */
export function rejectJosie(id: string, rejectionReason: string): Promise<Josie> {
  return api.put(`/api/josies/${encodeURIComponent(id)}/reject`, { rejectionReason }, { schema: Josie });
}

/** `POST /api/users/follow/{id}` or `/unfollow/{id}` (spec 001 §7): the caller's followed ids after it. */
export async function setFollowing(curatorId: string, follow: boolean): Promise<string[]> {
  const path = `/api/users/${follow ? 'follow' : 'unfollow'}/${encodeURIComponent(curatorId)}`;
  return (await api.post(path, undefined, { schema: FollowResponse })).following;
}

/**
 * Puts a josie the server just answered into every cached place it shows: its own entry, and the
 * curator's list and the review queue when they hold it (removed from the queue once it left pending).
 */
export function storeJosie(queryClient: QueryClient, josie: Josie): void {
  queryClient.setQueryData(josieKeys.one(josie._id), josie);
  queryClient.setQueryData<Josie[]>(josieKeys.mine, (list) =>
    list?.map((item) => (item._id === josie._id ? josie : item)),
  );
  queryClient.setQueryData<Josie[]>(josieKeys.pending, (list) =>
    josie.status === 'pending'
      ? list?.map((item) => (item._id === josie._id ? josie : item))
      : list?.filter((item) => item._id !== josie._id),
  );
}
