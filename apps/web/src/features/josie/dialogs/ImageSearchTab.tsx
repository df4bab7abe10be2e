import {
  IMAGE_SEARCH_PAGE_SIZE,
  type ImageProvider,
  ImageProvidersResponse,
  type ImageSearchItem,
  ImageSearchResponse,
  ImageUrlResponse,
} from '@josie/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { request as callApi } from '../../../api/request';
import { useMutation } from '../../../lib/useMutation';
import { Button } from '../../../ui/Button';
import { ErrorBox } from '../../../ui/ErrorBox';
import { FormError } from '../../../ui/FormError';
import { Input } from '../../../ui/Input';
import { Spinner } from '../../../ui/Spinner';
import type { DraftImage } from '../editor/draft';
import { SearchResults } from './SearchResults';
import { PROVIDER_NAMES, toastIfSessionEnded, UnavailableNote } from './searchShared';

interface SearchRequest {
  provider: ImageProvider;
  term: string;
  page: number;
}

/** A short description of a result for its button's accessible name. */
function describe(image: ImageSearchItem): string {
  return image.tags.slice(0, 3).join(', ') || image.user || image.attribution;
}

/**
 * The search tab of the image dialog (docs/product/routes-and-roles.md#media-dialogs,
 * docs/product/rules-and-limits.md#media, docs/product/messages.md#media,
 * docs/product/rules-and-limits.md#constants; docs/product/differences.md#image-search-and-ai-images): choose
 * a source from `GET /api/images/providers`, search (20 photos a page, safe search on), browse with previous
 * and next ('page X of Y'), and pick one. The chosen image is imported into our storage with `POST
 * /api/images/upload-url` rather than hot-linked; the source is credited under the results.
 */
export function ImageSearchTab({ onAdd }: { onAdd(image: DraftImage): void }) {
  const { t } = useTranslation();
  const id = useId();
  const [term, setTerm] = useState('');
  const [chosenProvider, setChosenProvider] = useState<ImageProvider | null>(null);
  const [termError, setTermError] = useState<string | undefined>();
  const [request, setRequest] = useState<SearchRequest | null>(null);

  const providers = useQuery({
    queryKey: ['images', 'providers'],
    queryFn: ({ signal }) => callApi('imageProviders', {}, { schema: ImageProvidersResponse, signal }),
    staleTime: 30 * 60_000,
    retry: false,
  });
  const provider = chosenProvider ?? providers.data?.[0]?.name ?? null;
  const providerInfo = providers.data?.find((p) => p.name === request?.provider);

  const search = useQuery({
    queryKey: ['images', 'search', request],
    queryFn: ({ signal }) => {
      const query = {
        query: request?.term ?? '',
        page: request?.page ?? 1,
        perPage: IMAGE_SEARCH_PAGE_SIZE,
        imageType: 'photo',
        safeSearch: 'true',
        provider: request?.provider ?? 'pixabay',
      } as const;
      return callApi('imageSearch', { query }, { schema: ImageSearchResponse, signal }).catch(
        (error: unknown) => {
          toastIfSessionEnded(error, t);
          throw error;
        },
      );
    },
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 5 * 60_000,
  });

  const importImage = useMutation({
    mutationFn: (image: ImageSearchItem) =>
      callApi('imageUploadUrl', { body: { url: image.largeImageUrl } }, { schema: ImageUrlResponse }),
    onSuccess: (answer) => onAdd({ source: 'url', url: answer.url }),
    onError: (error) => toastIfSessionEnded(error, t),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!term.trim()) {
      setTermError(t('integrations.imageSearch.termRequired'));
      return;
    }
    if (!provider) return;
    setTermError(undefined);
    setRequest({ provider, term: term.trim(), page: 1 });
  };

  if (providers.isPending) return <Spinner className="mx-auto my-6" />;
  if (providers.isError) {
    return (
      <ErrorBox
        message={t('integrations.imageSearch.providersError')}
        onRetry={() => void providers.refetch()}
      />
    );
  }
  if (providers.data.length === 0 || !provider) {
    return <UnavailableNote>{t('integrations.imageSearch.notConfigured')}</UnavailableNote>;
  }

  const results = (request: SearchRequest, { images, pagination }: ImageSearchResponse) => {
    const go = (page: number) => setRequest({ ...request, page });
    return (
      <div className="flex flex-col gap-3">
        <ul
          aria-label={t('integrations.imageSearch.results')}
          aria-busy={search.isFetching || importImage.isPending}
          className="grid max-h-80 grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-4"
        >
          {images.map((image) => (
            <li key={`${image.provider}-${image.id}`}>
              <button
                type="button"
                title={image.attribution}
                aria-label={t('integrations.imageSearch.use', { name: describe(image) })}
                disabled={importImage.isPending}
                onClick={() => importImage.mutate(image)}
                className="block aspect-square w-full overflow-hidden rounded-xl bg-zinc-100 transition hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-wait disabled:opacity-60"
              >
                <img src={image.thumbnailUrl} alt="" loading="lazy" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
        {importImage.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-zinc-700">
            <Spinner size="sm" decorative />
            {t('integrations.imageSearch.importing')}
          </p>
        )}
        {importImage.isError && (
          <FormError message={errorText(t, importImage.error, t('integrations.imageSearch.importError'))} />
        )}
        <nav
          className="flex items-center justify-between gap-2"
          aria-label={t('integrations.imageSearch.results')}
        >
          <Button
            variant="outline"
            size="sm"
            disabled={pagination.page <= 1 || search.isFetching}
            onClick={() => go(pagination.page - 1)}
          >
            <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t('integrations.imageSearch.previous')}
          </Button>
          <span className="text-sm text-zinc-600" aria-live="polite">
            {t('integrations.imageSearch.page', {
              page: pagination.page,
              total: Math.max(pagination.totalPages, 1),
            })}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={pagination.page >= pagination.totalPages || search.isFetching}
            onClick={() => go(pagination.page + 1)}
          >
            {t('integrations.imageSearch.next')}
            <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          </Button>
        </nav>
        {providerInfo && (
          <p className="text-center text-xs text-zinc-600">
            <a
              href={providerInfo.attributionUrl}
              target="_blank"
              rel="noreferrer noopener"
              className="underline underline-offset-2 hover:text-zinc-950"
            >
              {t('integrations.imageSearch.attribution', {
                provider: PROVIDER_NAMES[providerInfo.name],
              })}
            </a>
          </p>
        )}
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        {providers.data.length > 1 && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-provider`} className="text-sm font-medium text-zinc-800">
              {t('integrations.imageSearch.provider')}
            </label>
            <select
              id={`${id}-provider`}
              value={provider}
              onChange={(event) => setChosenProvider(event.target.value as ImageProvider)}
              className="h-11 rounded-xl border border-zinc-300 bg-white px-3 text-zinc-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              {providers.data.map((p) => (
                <option key={p.name} value={p.name}>
                  {PROVIDER_NAMES[p.name]}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-term`} className="text-sm font-medium text-zinc-800">
            {t('integrations.imageSearch.label')}
          </label>
          <div className="flex gap-2">
            <Input
              id={`${id}-term`}
              type="search"
              autoComplete="off"
              placeholder={t('integrations.imageSearch.placeholder')}
              aria-invalid={termError ? true : undefined}
              aria-describedby={termError ? `${id}-error` : undefined}
              value={term}
              onChange={(event) => setTerm(event.target.value)}
            />
            <Button type="submit" variant="secondary" loading={search.isFetching && !search.isPending}>
              <Search className="size-4" aria-hidden="true" />
              {t('integrations.imageSearch.submit')}
            </Button>
          </div>
          {termError && (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
              {termError}
            </p>
          )}
        </div>
      </form>
      <SearchResults
        active={request !== null}
        search={search}
        isEmpty={(data) => data.images.length === 0}
        notConfigured={t('integrations.imageSearch.notConfigured')}
        errorText={t('integrations.imageSearch.error')}
        emptyText={t('integrations.imageSearch.empty', { query: request?.term })}
      >
        {(data) => request && results(request, data)}
      </SearchResults>
    </div>
  );
}
