import { onlineManager } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText as textOfError } from '../api/errorText';
import { ErrorBox } from './ErrorBox';
import { Loading, type LoadingProps } from './Spinner';

/** Whether the browser is online, as TanStack Query's `onlineManager` tells it (re-renders on a change). */
function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
}

export interface LoadErrorProps {
  /**
   * The failure: an `ApiError` whose code says more than `text` (not a general one such as `NOT_FOUND`) is
   * shown by that code's text (`errorText`, docs/product/messages.md#errors-from-the-api).
   */
  error?: unknown;
  /** What the box says for any other failure, in the reader's language. */
  text: string;
  /** The box's heading; "Error" by default. */
  title?: string;
  /** Show `text` even when the error's code has a text of its own. */
  ownText?: boolean;
  /**
   * Reads again: the "Try again" button, and on its own once the browser is back online (TanStack Query's
   * `onlineManager`). Without it the box offers no retry (e.g. a profile that does not exist).
   */
  retry?: () => unknown;
  className?: string;
}

/**
 * A read failed (docs/product/messages.md#errors-from-the-api): an alert with the message and "Try again".
 * While the browser is offline it also says the read will run again once the connection is back, and it
 * does: the retry runs when `onlineManager` reports the browser online again.
 */
export function LoadError({ error, text, title, ownText = false, retry, className }: LoadErrorProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const retryRef = useRef(retry);
  retryRef.current = retry;
  const canRetry = retry !== undefined;
  useEffect(() => {
    if (!canRetry) return;
    return onlineManager.subscribe((isOnline) => {
      if (isOnline) retryRef.current?.();
    });
  }, [canRetry]);
  const message = ownText ? text : textOfError(t, error, text);
  return (
    <ErrorBox
      title={title}
      message={online || !canRetry ? message : `${message} ${t('common.offlineRetry')}`}
      onRetry={retry && (() => void retry())}
      className={className}
    />
  );
}

/** What {@link QueryState} reads of a TanStack query (`useQuery`, `useInfiniteQuery` or a look-alike). */
export interface QueryStateQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch(options?: { cancelRefetch?: boolean }): Promise<unknown>;
}

export interface QueryStateProps<T> {
  query: QueryStateQuery<T>;
  /** What the error says unless its code has a text of its own (see {@link LoadErrorProps}). */
  errorText: string;
  errorTitle?: string;
  /** Show `errorText` even when the error's code has a text of its own. */
  ownErrorText?: boolean;
  /** Whether the answer holds nothing to show; `empty` is shown then. */
  isEmpty?: (data: T) => boolean;
  /** The empty state (usually an `EmptyState`). */
  empty?: ReactNode;
  /** The loading state's announcement ("Loading…" by default). */
  loadingLabel?: string;
  /** The loading state's height (see {@link LoadingProps}); `page` by default. */
  loadingSize?: LoadingProps['size'];
  /** The content once the answer is in and not empty. */
  children: (data: T) => ReactNode;
}

/**
 * The states every screen that reads data shows, in one place (docs/decisions/0017-one-web-data-layer.md):
 * {@link Loading} until the first answer; {@link LoadError} with "Try again" (and a retry once back online)
 * when the read failed and there is nothing to show; `empty` when `isEmpty` says the answer holds nothing;
 * else `children` with the answer. A later failure (a refresh in the background, another page of a list)
 * keeps what was shown: the screen says so where it matters (a failed "Load more").
 */
export function QueryState<T>({
  query,
  errorText,
  errorTitle,
  ownErrorText,
  isEmpty,
  empty,
  loadingLabel,
  loadingSize = 'page',
  children,
}: QueryStateProps<T>) {
  if (query.data === undefined) {
    if (query.isError) {
      return (
        <LoadError
          error={query.error}
          text={errorText}
          title={errorTitle}
          ownText={ownErrorText}
          // Joins a read already on its way (TanStack's own refetch on reconnect) instead of restarting it.
          retry={() => query.refetch({ cancelRefetch: false })}
        />
      );
    }
    return <Loading label={loadingLabel} size={loadingSize} />;
  }
  if (isEmpty?.(query.data)) return <>{empty ?? null}</>;
  return <>{children(query.data)}</>;
}
