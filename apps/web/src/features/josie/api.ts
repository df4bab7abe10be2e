import { Josie, MyJosiesResponse, SuccessResponse } from '@josie/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/request';
import { josieKeys } from './read';

export { storeJosie } from './cache';
export { fetchJosie, josieKeys, useJosie } from './read';

/** `GET /api/josies/my-josies` (docs/product/routes-and-roles.md#api): the curator's own josies. */
export function useMyJosies() {
  return useQuery({
    queryKey: josieKeys.mine,
    queryFn: async ({ signal }) =>
      (await request('myJosies', {}, { schema: MyJosiesResponse, signal })).data.posts,
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
