import { Josie, MyJosiesResponse, PendingResponse, SuccessResponse } from '@josie/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { request } from '../../api/request';
import { josieKeys } from './read';

export { fetchJosie, josieKeys, useJosie } from './read';

/** `GET /api/josies/my-josies` (docs/product/routes-and-roles.md#api): the curator's own josies. */
export function useMyJosies() {
  return useQuery({
    queryKey: josieKeys.mine,
    queryFn: async ({ signal }) =>
      (await request('myJosies', {}, { schema: MyJosiesResponse, signal })).data.posts,
  });
}

/** `GET /api/josies/pending` (docs/product/routes-and-roles.md#api: `data.posts`): the review queue. */
export function usePendingJosies() {
  return useQuery({
    queryKey: josieKeys.pending,
    queryFn: async ({ signal }) =>
      (await request('pendingJosies', {}, { schema: PendingResponse, signal })).data.posts,
  });
}

/**
 * `POST /api/josies` (create) or `PUT /api/josies/{id}` (edit): multipart `title`, `paragraphs` (JSON
 * text) and the optional `image` file (docs/product/routes-and-roles.md#api).
 *
 * @throws ApiError 400 with `issues`, 413 for an image over 5 MB, 403/404 for someone else's josie.
 */
export function saveJosie(form: FormData, id?: string): Promise<Josie> {
  if (!id) return request('createJosie', { body: form }, { schema: Josie });
  return request('updateJosie', { params: { id }, body: form }, { schema: Josie });
}

/** `DELETE /api/josies/{id}`: only the creator may. */
export async function deleteJosie(id: string): Promise<void> {
  await request('deleteJosie', { params: { id } }, { schema: SuccessResponse });
}

/** `PUT /api/josies/{id}/approve` (empty body): the josie, now published. */
export function approveJosie(id: string): Promise<Josie> {
  return request('approveJosie', { params: { id } }, { schema: Josie });
}

/** `PUT /api/josies/{id}/reject` with the trimmed reason: the josie, now rejected. */
export function rejectJosie(id: string, rejectionReason: string): Promise<Josie> {
  return request('rejectJosie', { params: { id }, body: { rejectionReason } }, { schema: Josie });
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
