import {
  FIRST_PAINT_BLOCK_ID,
  type FirstPaintQuery,
  type FirstPaintState,
  PAGE_QUERY_KEYS,
} from '@josie/contract';
import { type DehydratedState, hydrate, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { readStoredToken } from '../session/storage';
import { subscribeSession } from '../session/store';

// The answers the server wrote into a page it rendered (the public josie page, the signed-in home feed:
// docs/performance.md, decisions 0008 and 0017), as a TanStack dehydrated state the app hydrates its query
// client from before its first render: the first pages render their data at once, with no request once the
// scripts have run.

/** Whether `value` has the parts of a dehydrated query that `hydrate` reads. */
function isDehydratedQuery(value: unknown): boolean {
  const query = value as Partial<FirstPaintQuery> | null;
  return (
    typeof query === 'object' &&
    query !== null &&
    Array.isArray(query.queryKey) &&
    typeof query.queryHash === 'string' &&
    typeof query.state === 'object' &&
    query.state !== null &&
    query.state.status === 'success'
  );
}

/**
 * Reads the page's first-paint block (`<script type="application/json" id="josie-first-paint"
 * data-user="{id}">`, `apps/server/src/lib/first-paint.ts`) and removes it from the document, so that
 * nothing reads it twice. Answers its state when it was written for `userId` (null: a visitor, whose block
 * names no user), and undefined when there is none, it is unreadable, or it was written for somebody else (a
 * stored session of another account than the one whose cookie the page was served to).
 */
export function takeFirstPaint(userId: string | null): FirstPaintState | undefined {
  if (typeof document === 'undefined') return undefined;
  const block = document.getElementById(FIRST_PAINT_BLOCK_ID);
  if (!block) return undefined;
  block.remove();
  if ((block.dataset.user ?? null) !== userId) return undefined;
  try {
    const state = JSON.parse(block.textContent ?? '') as FirstPaintState;
    // A block that parses but is no dehydrated state (a damaged or foreign page) counts as none.
    return Array.isArray(state?.queries) && state.queries.every(isDehydratedQuery) ? state : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Hydrates `queryClient` with the page's answers written for `userId` ({@link takeFirstPaint},
 * {@link hydratePage}), before the first render: the session provider and the first pages then read them
 * from the cache. Their age counts from now, as the app reads them (they are as fresh as a request sent now,
 * and the server's clock may differ from the browser's). Answers the keys hydrated (none without a block for
 * this user).
 */
export function hydrateFirstPaint(queryClient: QueryClient, userId: string | null): QueryKey[] {
  const state = takeFirstPaint(userId);
  return state ? hydratePage(queryClient, state) : [];
}

/**
 * Hydrates `queryClient`, still empty, with a page's answers `state` (a TanStack dehydrated state) through
 * TanStack's own `hydrate`, their age counting from now. Answers the keys hydrated. The server's rendering
 * of the page (`src/prerender/`) starts from the same.
 */
export function hydratePage(queryClient: QueryClient, state: FirstPaintState): QueryKey[] {
  const now = Date.now();
  const dehydrated: DehydratedState = {
    mutations: [],
    queries: state.queries.map((query) => ({
      ...query,
      dehydratedAt: now,
      state: { ...query.state, dataUpdatedAt: now },
    })),
  };
  hydrate(queryClient, dehydrated);
  return state.queries.map((query) => query.queryKey);
}

/**
 * Whether `queryClient`'s query `queryKey` holds the page's own answer, not yet marked as past
 * ({@link keepFirstPaintForFirstRoute}) nor updated by any request or write of the app: a screen that finds
 * one on mount shows it and asks for nothing.
 */
export function holdsFirstPaint(queryClient: QueryClient, queryKey: QueryKey): boolean {
  const state = queryClient.getQueryState(queryKey);
  return state?.data !== undefined && state.dataUpdateCount === 0 && !state.isInvalidated;
}

/**
 * Keeps the page's answers (the hydrated `keys`) for the route the app opened on only: once `router` leaves
 * that location, or another session is stored (a sign-in or sign-out in this tab or another; not a change of
 * the signed-in user's data), they describe the document as it was served, not what a later mount should
 * show. They are then marked stale (a later mount asks the server, what is on screen stays) and the user
 * served with the page is dropped. Stops listening once done; answers the unsubscribe.
 */
export function keepFirstPaintForFirstRoute(
  router: Pick<DataRouter, 'state' | 'subscribe'>,
  queryClient: QueryClient,
  keys: readonly QueryKey[],
): () => void {
  if (keys.length === 0) return () => {};
  const opened = router.state.location.key;
  const token = readStoredToken();
  const stop = () => {
    stopRouter();
    stopSession();
  };
  const retire = () => {
    stop();
    for (const queryKey of keys) {
      void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
    }
    queryClient.removeQueries({ queryKey: PAGE_QUERY_KEYS.servedUser, exact: true });
  };
  const stopRouter = router.subscribe((state) => {
    if (state.location.key !== opened) retire();
  });
  const stopSession = subscribeSession(() => {
    if (readStoredToken() !== token) retire();
  });
  return stop;
}
