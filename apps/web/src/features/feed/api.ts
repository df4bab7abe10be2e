import { PAGE_QUERY_KEYS } from '@josie/contract';
import { request } from '../../api/request';

// Reads are typed by the contract but not parsed with its zod schemas
// (docs/product/README.md#the-contract-is-code: the server builds these answers from the same types), so that
// the feed loads without zod (docs/performance.md); writes parse their answers with the schemas, loaded on
// the first write (`schemas.ts`).

/**
 * Where a feed's pages come from (docs/product/routes-and-roles.md#api;
 * docs/product/differences.md#feed-content, docs/product/differences.md#saved-josies): the signed-in user's
 * feed, one curator's published josies, or the user's saved list.
 */
export type FeedSource = { kind: 'following' } | { kind: 'curator'; curatorId: string } | { kind: 'saved' };

/**
 * Query keys of the feed's reads (docs/decisions/0017-one-web-data-layer.md), under `feed`, a root tied
 * to the user (dropped with the session): the home strip's curator cards, each source's pages (an
 * infinite query of {@link fetchFeedPage} answers, the cursor as page parameter), and each source's catch-up
 * read (its first page again, kept only while it runs). The strip's and the pages'
 * keys are the contract's (`pages.ts`), which the server writes the home page's answers under.
 */
export const feedKeys = {
  all: ['feed'] as const,
  strip: PAGE_QUERY_KEYS.curatorStrip,
  pages: (source: FeedSource) => PAGE_QUERY_KEYS.feedPages(feedSourceKey(source)),
  /** A source's catch-up read of its first page after the socket (re)joins (`useFeed`'s `catchUp`). */
  catchUp: (source: FeedSource) => ['feed', 'catch-up', feedSourceKey(source)] as const,
};

/** A stable string naming a source, for effect dependencies and query keys. */
export function feedSourceKey(source: FeedSource): string {
  return source.kind === 'curator' ? `curator:${source.curatorId}` : source.kind;
}

/** A source's page after `cursor` (the first page without one), from the source's endpoint. */
function readPage(source: FeedSource, cursor: string | undefined, signal?: AbortSignal) {
  const query = { cursor };
  switch (source.kind) {
    case 'following':
      return request('getFeed', { query }, { signal });
    case 'curator':
      return request('getCuratorFeed', { params: { curatorId: source.curatorId }, query }, { signal });
    case 'saved':
      return request('getSavedFeed', { query }, { signal });
  }
}

/**
 * One page (20 josies, newest first) of a feed: `{posts, hasMore, nextCursor}`. Without `cursor` the
 * first page; with the previous page's `nextCursor` the next one.
 * @throws ApiError for a refused or failed call.
 */
export async function fetchFeedPage(source: FeedSource, cursor: string | null, signal?: AbortSignal) {
  return (await readPage(source, cursor ?? undefined, signal)).data;
}

/** Toggles the caller's like of josie `id`: the new state and count (`POST /api/josies/{id}/like`). */
export async function toggleLike(id: string) {
  const { LikeResponse } = await import('./schemas');
  return (await request('toggleLike', { params: { id } }, { schema: LikeResponse })).data;
}

/** Toggles whether josie `id` is in the caller's saved list (`POST /api/josies/{id}/save`, docs/product/differences.md#saved-josies). */
export async function toggleSave(id: string) {
  const { SaveResponse } = await import('./schemas');
  return (await request('toggleSave', { params: { id } }, { schema: SaveResponse })).data;
}

/** The home strip's curator cards (`GET /api/users/curators/feed`). */
export async function fetchCuratorCards(signal?: AbortSignal) {
  return (await request('curatorsFeed', {}, { signal })).curators;
}
