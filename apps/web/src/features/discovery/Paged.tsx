import { Music } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOr } from '../../api/client';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorBox } from '../../ui/ErrorBox';
import { Spinner } from '../../ui/Spinner';

/** What {@link Paged} reads of a TanStack infinite query. */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
  refetch(): Promise<unknown>;
}

export interface PagedProps {
  query: PagedQuery;
  /** How many results the pages loaded hold. */
  count: number;
  /** What the error box says when the first page failed and the server gave no message. */
  errorText: string;
  /** The empty state's title (the first page came back empty). */
  emptyText: string;
  /** The list of what was loaded. */
  children: ReactNode;
}

/** The spinner of a list or a page that is loading, announced once. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-center py-12" aria-busy="true">
      <Spinner size="lg" label={label ?? t('discovery.list.loading')} />
    </div>
  );
}

/**
 * The states of a paged list (docs/product/routes-and-roles.md#search-and-explore): a spinner until the first
 * page, an error box with "Try again" when it failed, the empty state when it holds nothing, else the list
 * with "Load more" while the server says more exist (busy while the next page loads; its failure shown
 * above the button, which then tries again).
 */
export function Paged({ query, count, errorText, emptyText, children }: PagedProps) {
  const { t } = useTranslation();
  if (query.isPending) return <Loading />;
  if (query.isError && !query.isFetchNextPageError) {
    return (
      <ErrorBox message={serverMessageOr(query.error, errorText)} onRetry={() => void query.refetch()} />
    );
  }
  if (count === 0) {
    return <EmptyState icon={<Music className="size-6" aria-hidden="true" />} title={emptyText} />;
  }
  return (
    <div className="flex flex-col gap-6">
      {children}
      {query.isFetchNextPageError && (
        <p role="alert" dir="auto" className="text-center font-medium text-red-700">
          {t('discovery.list.moreError', { message: serverMessageOr(query.error, errorText) })}
        </p>
      )}
      {query.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('discovery.list.loadMore')}
        </Button>
      )}
    </div>
  );
}
