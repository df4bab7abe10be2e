import {
  AUDIO_PROVIDERS,
  AUDIO_TYPES,
  type AudioItemContent,
  type AudioProvider,
  type AudioSearchItem,
  AudioSearchResponse,
  type AudioType,
  INTEGRATION_ERROR_CODES,
  isImageSource,
  OAuthConnectResponse,
  type Provider,
  SupportedTypesResponse,
} from '@josie/contract';
import { useQuery } from '@tanstack/react-query';
import { Music } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { errorText } from '../../../api/errorText';
import { request } from '../../../api/request';
import { useMutation } from '../../../lib/useMutation';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/Tabs';
import { ResultList } from './ResultList';
import { ResultRow } from './ResultRow';
import { SearchField } from './SearchField';
import { SearchResults } from './SearchResults';
import { PROVIDER_NAMES, toastIfSessionEnded } from './searchShared';

/** The sign-in provider that grants access to an audio provider's search (YouTube is Google's). */
const SIGN_IN_PROVIDER: Record<AudioProvider, Provider> = { spotify: 'spotify', youtube: 'google' };

/** The `audioItem` content of a search result (docs/product/data-and-config.md#data): `{name, type, url, provider, image, id, artist}`. */
export function audioItemFromSearch(item: AudioSearchItem): AudioItemContent {
  return {
    name: item.name,
    type: item.type,
    url: item.url,
    provider: item.provider,
    image: item.image && isImageSource(item.image) ? item.image : null,
    id: item.id,
    ...(item.artist ? { artist: item.artist } : {}),
  };
}

/**
 * `GET /api/audio/supported-types/{provider}`: the types the provider can search. When the call fails only
 * tracks are assumed (docs/product/messages.md#media).
 */
function useSupportedTypes(provider: AudioProvider) {
  const query = useQuery({
    queryKey: ['audio', 'supported-types', provider],
    queryFn: ({ signal }) =>
      request('audioSupportedTypes', { params: { provider } }, { schema: SupportedTypesResponse, signal }),
    staleTime: 30 * 60_000,
    retry: false,
  });
  const supported = query.data?.supportedTypes;
  const types: AudioType[] = supported ? AUDIO_TYPES.filter((type) => supported[type]) : ['track'];
  return { types, pending: query.isPending, failed: query.isError };
}

/**
 * The audio search tab (docs/product/routes-and-roles.md#media-dialogs,
 * docs/product/rules-and-limits.md#media, docs/product/messages.md#media;
 * docs/product/rules-and-limits.md#media): provider tabs (Spotify, YouTube), type tabs (tracks, albums,
 * playlists, as the provider supports), and results that follow the typed words after a 500 ms pause, in a
 * scrolling list. Choosing one adds it. Errors: 400 shows the server's message, 401 `PROVIDER_AUTH` offers to
 * connect the provider, 503 `NOT_CONFIGURED` says the search is not configured, anything else 'Failed to
 * search audio content'.
 */
export function AudioSearchTab({ onAdd }: { onAdd(item: AudioItemContent): void }) {
  const { t } = useTranslation();
  const [provider, setProvider] = useState<AudioProvider>('spotify');

  return (
    <SearchField
      label={t('integrations.audioSearch.label')}
      placeholder={t('integrations.audioSearch.placeholder')}
      hint={t('integrations.audioSearch.hint')}
    >
      {(debounced) => (
        <Tabs value={provider} onValueChange={(value) => setProvider(value as AudioProvider)}>
          <TabsList aria-label={t('integrations.audioSearch.providers')}>
            {AUDIO_PROVIDERS.map((name) => (
              <TabsTrigger key={name} value={name}>
                {PROVIDER_NAMES[name]}
              </TabsTrigger>
            ))}
          </TabsList>
          {AUDIO_PROVIDERS.map((name) => (
            <TabsContent key={name} value={name}>
              <ProviderSearch provider={name} query={debounced} onAdd={onAdd} />
            </TabsContent>
          ))}
        </Tabs>
      )}
    </SearchField>
  );
}

function ProviderSearch({
  provider,
  query,
  onAdd,
}: {
  provider: AudioProvider;
  query: string;
  onAdd(item: AudioItemContent): void;
}) {
  const { t } = useTranslation();
  const supported = useSupportedTypes(provider);
  const [chosen, setChosen] = useState<AudioType>('track');
  const type = supported.types.includes(chosen) ? chosen : 'track';

  if (supported.pending) return <Spinner className="mx-auto my-6" label={t('common.loading')} />;
  return (
    <div className="flex flex-col gap-3">
      {supported.failed && (
        <p className="text-xs text-zinc-600">{t('integrations.audioSearch.onlyTracks')}</p>
      )}
      <Tabs value={type} onValueChange={(value) => setChosen(value as AudioType)}>
        {supported.types.length > 1 && (
          <TabsList aria-label={t('integrations.audioSearch.types.label')} className="self-start">
            {supported.types.map((name) => (
              <TabsTrigger key={name} value={name} className="px-3 py-1.5">
                {t(`integrations.audioSearch.types.${name}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        )}
        {supported.types.map((name) => (
          <TabsContent key={name} value={name}>
            <AudioResults provider={provider} type={name} query={query} onAdd={onAdd} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function AudioResults({
  provider,
  type,
  query,
  onAdd,
}: {
  provider: AudioProvider;
  type: AudioType;
  query: string;
  onAdd(item: AudioItemContent): void;
}) {
  const { t } = useTranslation();
  const providerName = PROVIDER_NAMES[provider];
  const search = useQuery({
    queryKey: ['audio', 'search', provider, type, query],
    queryFn: ({ signal }) =>
      request(
        'audioSearch',
        { query: { query, type, provider } },
        {
          schema: AudioSearchResponse,
          signal,
        },
      ).catch((error: unknown) => {
        toastIfSessionEnded(error, t);
        throw error;
      }),
    enabled: query.length > 0,
    retry: false,
    staleTime: 60_000,
  });
  const connect = useMutation({
    mutationFn: () =>
      request(
        'oauthConnect',
        {
          params: { provider: SIGN_IN_PROVIDER[provider] },
          body: { returnTo: `${window.location.pathname}${window.location.search}` },
        },
        { schema: OAuthConnectResponse },
      ),
    onSuccess: ({ url }) => window.location.assign(url),
  });

  return (
    <SearchResults
      active={query.length > 0}
      search={search}
      isEmpty={(data) => data.items.length === 0}
      loadingLabel={t('common.loading')}
      notConfigured={t('integrations.audioSearch.notConfigured', { provider: providerName })}
      errorText={t('integrations.audioSearch.error')}
      emptyText={t('integrations.audioSearch.empty', { query })}
      renderError={(error) =>
        error instanceof ApiError &&
        error.status === 401 &&
        error.code === INTEGRATION_ERROR_CODES.PROVIDER_AUTH ? (
          <div className="flex flex-col gap-3 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
            <p role="alert">{t('integrations.audioSearch.providerAuth', { provider: providerName })}</p>
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              loading={connect.isPending}
              onClick={() => connect.mutate()}
            >
              {t('integrations.audioSearch.connect', { provider: providerName })}
            </Button>
            {connect.isError && (
              <p role="alert">{errorText(t, connect.error, t('integrations.audioSearch.error'))}</p>
            )}
          </div>
        ) : undefined
      }
    >
      {(data) => (
        <ResultList label={t('integrations.audioSearch.results')}>
          {data.items.map((item) => (
            <ResultRow
              key={`${item.provider}-${item.id}`}
              label={t('integrations.audioSearch.add', { name: item.name })}
              onPick={() => onAdd(audioItemFromSearch(item))}
              title={item.name}
              detail={[
                item.artist,
                item.tracks ? t('integrations.audioSearch.tracks', { count: item.tracks.total }) : '',
              ]
                .filter(Boolean)
                .join(' · ')}
              image={item.image}
              icon={Music}
            />
          ))}
        </ResultList>
      )}
    </SearchResults>
  );
}
