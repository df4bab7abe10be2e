import { type VideoContent, VideoSearchResponse } from '@josie/contract';
import { useQuery } from '@tanstack/react-query';
import { Film } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { ResultList } from './ResultList';
import { ResultRow } from './ResultRow';
import { SearchField } from './SearchField';
import { SearchResults } from './SearchResults';

/**
 * The YouTube search tab of the video dialog (docs/product/routes-and-roles.md#media-dialogs;
 * docs/product/rules-and-limits.md#media): results follow the typed words after a 500 ms pause (`GET
 * /api/video/search`), each result is already the `video` paragraph's content. 503 `NOT_CONFIGURED` says the
 * search is not configured; a 400 shows the server's message; other failures video.add.searchError.
 */
export function VideoSearchTab({ onAdd }: { onAdd(video: VideoContent): void }) {
  const { t } = useTranslation();
  return (
    <SearchField
      label={t('integrations.videoSearch.label')}
      placeholder={t('integrations.videoSearch.placeholder')}
      hint={t('integrations.videoSearch.hint')}
    >
      {(query) => <VideoResults query={query} onAdd={onAdd} />}
    </SearchField>
  );
}

/** The YouTube videos found for `query` (`GET /api/video/search`); nothing while it is empty. */
function VideoResults({ query, onAdd }: { query: string; onAdd(video: VideoContent): void }) {
  const { t } = useTranslation();
  const search = useQuery({
    queryKey: ['video', 'search', query],
    queryFn: ({ signal }) =>
      request('videoSearch', { query: { query, type: 'video' } }, { schema: VideoSearchResponse, signal }),
    enabled: query.length > 0,
    retry: false,
    staleTime: 60_000,
  });

  return (
    <SearchResults
      active={query.length > 0}
      search={search}
      isEmpty={(data) => data.items.length === 0}
      notConfigured={t('integrations.videoSearch.notConfigured')}
      errorText={t('integrations.videoSearch.error')}
      emptyText={t('integrations.videoSearch.empty', { query: query })}
    >
      {(data) => (
        <ResultList label={t('integrations.videoSearch.results')}>
          {data.items.map((video) => (
            <ResultRow
              key={`${video.type}-${video.id}`}
              label={t('integrations.videoSearch.add', { name: video.title })}
              onPick={() => onAdd(video)}
              title={video.title}
              detail={video.channelTitle}
              image={video.thumbnailUrl}
              icon={Film}
              thumbnail="wide"
            />
          ))}
        </ResultList>
      )}
    </SearchResults>
  );
}
