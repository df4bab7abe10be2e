import { useInfiniteQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { CuratorCard } from '../curator';
import { searchCurators, searchJosies, searchKeys, searchPath } from './api';
import { JosieGrid } from './JosieGrid';
import { Paged } from './Paged';

type Tab = 'josies' | 'curators';

/** The next page's cursor of a page answer, or undefined after the last. */
const nextCursor = (page: { hasMore: boolean; nextCursor: string | null }) =>
  page.hasMore && page.nextCursor ? page.nextCursor : undefined;

/** The josies matching `q`, 20 a page (`GET /api/search/josies`), as the feed's cards. */
function JosieResults({ q }: { q: string }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: searchKeys.josies(q),
    queryFn: ({ pageParam, signal }) => searchJosies(q, pageParam, undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
    retry: false,
  });
  const posts = query.data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <Paged
      query={query}
      count={posts.length}
      errorText={t('discovery.search.josiesError')}
      emptyText={t('discovery.search.josiesEmpty', { query: q })}
    >
      <JosieGrid posts={posts} label={t('discovery.search.josiesLabel', { query: q })} />
    </Paged>
  );
}

/** The curators matching `q`, 20 a page (`GET /api/search/curators`), as cards. */
function CuratorResults({ q }: { q: string }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: searchKeys.curators(q),
    queryFn: ({ pageParam, signal }) => searchCurators(q, pageParam, undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
    retry: false,
  });
  const curators = query.data?.pages.flatMap((page) => page.curators) ?? [];
  return (
    <Paged
      query={query}
      count={curators.length}
      errorText={t('discovery.search.curatorsError')}
      emptyText={t('discovery.search.curatorsEmpty', { query: q })}
    >
      <ul
        aria-label={t('discovery.search.curatorsLabel', { query: q })}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      >
        {curators.map((curator) => (
          <li key={curator.id}>
            <CuratorCard curator={curator} />
          </li>
        ))}
      </ul>
    </Paged>
  );
}

/**
 * `/search?q=&tab=` (docs/product/routes-and-roles.md#search-and-explore), public: a search form, then the
 * matches in two tabs, Josies and Curators; the tab is in the address (`tab=curators`, josies without it), so
 * a shared or reloaded link opens the same one. Each tab loads its own pages when opened. Without a query it
 * asks for nothing and says what to type.
 */
export default function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const tab: Tab = params.get('tab') === 'curators' ? 'curators' : 'josies';

  return (
    <Page
      width="wide"
      title={q ? t('discovery.search.resultsFor', { query: q }) : t('discovery.search.title')}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers we support */}
      <form
        role="search"
        className="mb-8 flex max-w-xl gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const value = String(new FormData(event.currentTarget).get('q') ?? '');
          if (value.trim()) void navigate(searchPath(value, tab));
        }}
      >
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute start-3.5 top-3.5 size-5 text-zinc-500"
            aria-hidden="true"
          />
          <input
            key={q}
            type="search"
            name="q"
            defaultValue={q}
            aria-label={t('discovery.search.field')}
            placeholder={t('discovery.search.field')}
            className="h-12 w-full rounded-full border border-zinc-300 bg-white ps-11 pe-4 text-base text-zinc-900 placeholder:text-zinc-500 focus-visible:outline-2 focus-visible:outline-brand-700"
          />
        </div>
        <Button type="submit" size="lg">
          {t('discovery.search.submit')}
        </Button>
      </form>
      {q === '' ? (
        <p className="text-zinc-600">{t('discovery.search.prompt')}</p>
      ) : (
        <Tabs
          value={tab}
          onValueChange={(value) =>
            setParams(value === 'curators' ? { q, tab: 'curators' } : { q }, { replace: true })
          }
        >
          <TabsList aria-label={t('discovery.search.tabs')} className="self-start">
            <TabsTrigger value="josies">{t('discovery.search.tabJosies')}</TabsTrigger>
            <TabsTrigger value="curators">{t('discovery.search.tabCurators')}</TabsTrigger>
          </TabsList>
          <TabsContent value="josies">
            <JosieResults q={q} />
          </TabsContent>
          <TabsContent value="curators">
            <CuratorResults q={q} />
          </TabsContent>
        </Tabs>
      )}
    </Page>
  );
}
