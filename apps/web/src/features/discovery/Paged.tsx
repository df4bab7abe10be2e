import { Music } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore, type LoadMoreQuery } from '../../ui/LoadMore';
import { QueryState } from '../../ui/QueryState';

/** What {@link Paged} reads of a TanStack infinite query. */
export interface PagedQuery extends LoadMoreQuery {
  data: unknown;
  isPending: boolean;
  isError: boolean;
  refetch(options?: { cancelRefetch?: boolean }): Promise<unknown>;
}

export interface PagedProps {
  query: PagedQuery;
  /** How many results the pages loaded hold. */
  count: number;
  /** What the error box says when a page failed, unless the error's code has a text of its own. */
  errorText: string;
  /** The empty state's title (the first page came back empty). */
  emptyText: string;
  /** The list of what was loaded. */
  children: ReactNode;
}

/**
 * The states of a paged list (docs/product/routes-and-roles.md#search-and-explore), through {@link QueryState}:
 * a spinner until the first page, an error box with "Try again" when it failed, the empty state when it holds nothing, else the list
 * with "Load more" while the server says more exist (busy while the next page loads; its failure shown
 * above the button, which then tries again).
 */
export function Paged({ query, count, errorText: failedText, emptyText, children }: PagedProps) {
  const { t } = useTranslation();
  return (
    <QueryState
      query={query}
      errorText={failedText}
      loadingLabel={t('discovery.list.loading')}
      loadingSize="section"
      isEmpty={() => count === 0}
      empty={<EmptyState icon={<Music className="size-6" aria-hidden="true" />} title={emptyText} />}
    >
      {() => (
        <div className="flex flex-col gap-6">
          {children}
          <LoadMore query={query} failedText={failedText} />
        </div>
      )}
    </QueryState>
  );
}
