import { useTranslation } from 'react-i18next';
import { errorText } from '../api/errorText';
import { cn } from '../lib/cn';
import { Button, type ButtonProps } from './Button';

/** What {@link LoadMore} reads of a TanStack infinite query. */
export interface LoadMoreQuery {
  error: unknown;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

export interface LoadMoreProps {
  query: LoadMoreQuery;
  /** What the alert says when the next page failed, unless the error's code has a text of its own. */
  failedText: string;
  /** The button's look: outline under a page's list (default), ghost inside a settings section. */
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}

/**
 * The foot of a paged list (docs/product/routes-and-roles.md#search-and-explore): a failed next page as an
 * alert ("Could not load more: …", by the error's code), and "Load more" while the server says more exist,
 * busy while the next page loads; pressed again after a failure, it tries again. What was loaded stays.
 */
export function LoadMore({ query, failedText, variant = 'outline', size, className }: LoadMoreProps) {
  const { t } = useTranslation();
  return (
    <>
      {query.isFetchNextPageError && (
        <p role="alert" dir="auto" className="text-center font-medium text-red-700">
          {t('common.loadMoreError', { message: errorText(t, query.error, failedText) })}
        </p>
      )}
      {query.hasNextPage && (
        <Button
          variant={variant}
          size={size}
          className={cn('self-center', className)}
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('common.loadMore')}
        </Button>
      )}
    </>
  );
}
