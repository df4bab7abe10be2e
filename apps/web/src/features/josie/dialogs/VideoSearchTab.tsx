import { type VideoContent, VideoSearchResponse } from '@josie/contract';
import { useQuery } from '@tanstack/react-query';
import { Film } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, serverMessageOr } from '../../../api/client';
import { request } from '../../../api/request';
import { ErrorBox } from '../../../ui/ErrorBox';
import { Input } from '../../../ui/Input';
import { Spinner } from '../../../ui/Spinner';
import { isNotConfigured, SEARCH_DEBOUNCE_MS, UnavailableNote, useDebouncedValue } from './searchShared';

/**
 * The YouTube search tab of the video dialog (spec 001 §2 Dialogs; issue 7): results follow the typed
 * words after a 500 ms pause (`GET /api/video/search`), each result is already the `video` paragraph's
 * content. 503 `NOT_CONFIGURED` says the search is not configured; a 400 shows the server's message;
 * other failures video.add.searchError.
 */
export function VideoSearchTab({ onAdd }: { onAdd(video: VideoContent): void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: ['video', 'search', debounced],
    queryFn: ({ signal }) =>
      request(
        'videoSearch',
        { query: { query: debounced, type: 'video' } },
        {
          schema: VideoSearchResponse,
          signal,
        },
      ),
    enabled: debounced.length > 0,
    retry: false,
    staleTime: 60_000,
  });

  const results = () => {
    if (!debounced) return null;
    if (search.isPending) return <Spinner className="mx-auto my-6" />;
    if (search.isError) {
      if (isNotConfigured(search.error)) {
        return <UnavailableNote>{t('integrations.videoSearch.notConfigured')}</UnavailableNote>;
      }
      const message =
        search.error instanceof ApiError && search.error.status === 400
          ? serverMessageOr(search.error, t('integrations.videoSearch.error'))
          : t('integrations.videoSearch.error');
      return <ErrorBox message={message} onRetry={() => void search.refetch()} />;
    }
    if (search.data.items.length === 0) {
      return (
        <p className="py-6 text-center text-sm text-zinc-600">
          {t('integrations.videoSearch.empty', { query: debounced })}
        </p>
      );
    }
    return (
      <ul
        aria-label={t('integrations.videoSearch.results')}
        className="flex max-h-80 flex-col gap-1 overflow-y-auto pe-1"
      >
        {search.data.items.map((video) => (
          <li key={`${video.type}-${video.id}`}>
            <button
              type="button"
              aria-label={t('integrations.videoSearch.add', { name: video.title })}
              onClick={() => onAdd(video)}
              className="flex w-full items-center gap-3 rounded-2xl p-2 text-start transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              {video.thumbnailUrl ? (
                <img
                  src={video.thumbnailUrl}
                  alt=""
                  loading="lazy"
                  className="aspect-video w-24 shrink-0 rounded-xl bg-zinc-100 object-cover"
                />
              ) : (
                <span className="flex aspect-video w-24 shrink-0 items-center justify-center rounded-xl bg-zinc-100">
                  <Film className="size-5 text-zinc-500" aria-hidden="true" />
                </span>
              )}
              <span className="flex min-w-0 flex-col">
                <span className="line-clamp-2 font-medium text-zinc-950" dir="auto">
                  {video.title}
                </span>
                <span className="truncate text-sm text-zinc-600" dir="auto">
                  {video.channelTitle}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-zinc-800">
          {t('integrations.videoSearch.label')}
        </label>
        <Input
          id={inputId}
          type="search"
          dir="auto"
          autoComplete="off"
          placeholder={t('integrations.videoSearch.placeholder')}
          aria-describedby={`${inputId}-hint`}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <p id={`${inputId}-hint`} className="text-xs text-zinc-600">
          {t('integrations.videoSearch.hint')}
        </p>
      </div>
      {results()}
    </div>
  );
}
