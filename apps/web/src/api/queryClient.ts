import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/**
 * Query roots whose data does not depend on who is signed in; everything else is dropped when the
 * session changes so one user's data never shows to the next.
 */
export const PUBLIC_QUERY_ROOTS: ReadonlySet<string> = new Set(['flags', 'auth-providers']);

/**
 * The app's TanStack Query client: one retry for network and server failures, none for 4xx answers
 * (retrying a refusal cannot succeed).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Drops every cached query tied to a user: all but {@link PUBLIC_QUERY_ROOTS} and the ones `keep`
 * accepts (e.g. the new session's own entry).
 */
export function removeUserQueries(
  queryClient: QueryClient,
  keep: (queryKey: readonly unknown[]) => boolean = () => false,
): void {
  queryClient.removeQueries({
    predicate: (query) => !PUBLIC_QUERY_ROOTS.has(String(query.queryKey[0])) && !keep(query.queryKey),
  });
}
