import { request } from '../../api/request';

// Discovery reads (docs/decisions/0021-search-in-postgresql.md): typed by the contract, not parsed with its
// zod schemas (the header's suggestions load on every page, and the server builds these answers from the
// same types, docs/product/README.md#the-contract-is-code).

/** Results per suggestion group in the header's combobox: 3 josies and 3 curators. */
export const SUGGESTIONS_PER_GROUP = 3;

/**
 * Query keys of search (docs/decisions/0017-one-web-data-layer.md): the header's suggestions for a query,
 * and the infinite pages of josies and of curators for a query (the cursor as page parameter). Queries are
 * keyed trimmed, as the server reads them.
 */
export const searchKeys = {
  all: ['search'] as const,
  suggestions: (q: string) => ['search', 'suggestions', q.trim()] as const,
  josies: (q: string) => ['search', 'josies', q.trim()] as const,
  curators: (q: string) => ['search', 'curators', q.trim()] as const,
};

/** Query keys of the explore page's overview and of one genre's infinite pages (the name as written). */
export const exploreKeys = {
  all: ['explore'] as const,
  overview: ['explore', 'overview'] as const,
  genre: (name: string) => ['explore', 'genre', name] as const,
};

/**
 * A page of published josies matching `q` (`GET /api/search/josies`), best match first: `{posts, hasMore,
 * nextCursor}`; `limit` results at most (the feed's page size unless less is asked).
 * @throws ApiError for a refused or failed call.
 */
export async function searchJosies(q: string, cursor: string | null, limit?: number, signal?: AbortSignal) {
  const query = { q: q.trim(), ...(cursor ? { cursor } : {}), ...(limit ? { limit } : {}) };
  return (await request('searchJosies', { query }, { signal })).data;
}

/**
 * A page of curators matching `q` by name and bio (`GET /api/search/curators`): `{curators, hasMore,
 * nextCursor}`.
 * @throws ApiError for a refused or failed call.
 */
export async function searchCurators(q: string, cursor: string | null, limit?: number, signal?: AbortSignal) {
  const query = { q: q.trim(), ...(cursor ? { cursor } : {}), ...(limit ? { limit } : {}) };
  return (await request('searchCurators', { query }, { signal })).data;
}

/**
 * The header's suggestions for `q`: the first {@link SUGGESTIONS_PER_GROUP} josies and curators, asked
 * together.
 * @throws ApiError when either call fails.
 */
export async function fetchSuggestions(q: string, signal?: AbortSignal) {
  const [josies, curators] = await Promise.all([
    searchJosies(q, null, SUGGESTIONS_PER_GROUP, signal),
    searchCurators(q, null, SUGGESTIONS_PER_GROUP, signal),
  ]);
  return { josies: josies.posts, curators: curators.curators };
}

/** The explore page's overview (`GET /api/explore`, public): trending josies, genre rows, new curators. */
export async function fetchExplore(signal?: AbortSignal) {
  return (await request('explore', {}, { signal })).data;
}

/**
 * One page of genre `name`'s published josies, newest first (`GET /api/explore/genres/{name}`).
 * @throws ApiError for a refused or failed call (a genre the server does not know is an empty page, not an error).
 */
export async function fetchGenrePage(name: string, cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? { cursor } : {};
  return (await request('exploreGenre', { params: { name }, query }, { signal })).data;
}

/** The path of the explore page of genre `name` (the genre chips link there). */
export function genrePath(name: string): string {
  return `/explore/genre/${encodeURIComponent(name)}`;
}

/** The path of the search page for `q`, on `tab` (josies unless told). */
export function searchPath(q: string, tab?: 'josies' | 'curators'): string {
  const params = new URLSearchParams({ q: q.trim() });
  if (tab && tab !== 'josies') params.set('tab', tab);
  return `/search?${params}`;
}
