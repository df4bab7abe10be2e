import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { errorText } from '../../../api/errorText';
import { ErrorBox } from '../../../ui/ErrorBox';
import { Spinner } from '../../../ui/Spinner';
import { isNotConfigured, UnavailableNote } from './searchShared';

export interface SearchResultsProps<Data> {
  /** Whether a search was asked for; nothing is shown before. */
  active: boolean;
  search: UseQueryResult<Data>;
  /** Whether the answer found nothing. */
  isEmpty(data: Data): boolean;
  /** The spinner's accessible name; the spinner's own default when absent. */
  loadingLabel?: string;
  /** Shown when the server has no configuration for the search (503 `NOT_CONFIGURED`). */
  notConfigured: string;
  /** The message of a failure; a 400 shows the server's own message instead when it sent one. */
  errorText: string;
  /** Shown when nothing was found. */
  emptyText: string;
  /**
   * A tab's own answer to a failure, tried after `NOT_CONFIGURED` and before the generic message (e.g.
   * the audio search's offer to connect the provider); `undefined` leaves the failure to the generic one.
   */
  renderError?(error: Error): ReactNode | undefined;
  /** The results themselves, once there are some. */
  children(data: Data): ReactNode;
}

/**
 * The states of a media search's results shared by the dialogs' search tabs:
 * nothing before a search, a spinner while it runs, a calm note when the search is not configured on this
 * server, an error with Retry, a line when nothing was found, and otherwise `children`.
 */
export function SearchResults<Data>({
  active,
  search,
  isEmpty,
  loadingLabel,
  notConfigured,
  errorText: failedText,
  emptyText,
  renderError,
  children,
}: SearchResultsProps<Data>) {
  const { t } = useTranslation();
  if (!active) return null;
  if (search.isPending) return <Spinner className="mx-auto my-6" label={loadingLabel} />;
  if (search.isError) {
    const error = search.error;
    if (isNotConfigured(error)) return <UnavailableNote>{notConfigured}</UnavailableNote>;
    const own = renderError?.(error);
    if (own !== undefined) return own;
    const message =
      error instanceof ApiError && error.status === 400 ? errorText(t, error, failedText) : failedText;
    return <ErrorBox message={message} onRetry={() => void search.refetch()} />;
  }
  if (isEmpty(search.data)) return <p className="py-6 text-center text-sm text-zinc-600">{emptyText}</p>;
  return children(search.data);
}
