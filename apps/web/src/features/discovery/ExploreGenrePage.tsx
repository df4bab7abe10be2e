import { genreFeedPath } from '@josie/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronLeft, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { cn } from '../../lib/cn';
import { focusRing } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { FeedButton } from '../../ui/FeedButton';
import { Page } from '../../ui/Page';
import { genreName } from '../josie';
import { exploreKeys, fetchGenrePage } from './api';
import { JosieGrid } from './JosieGrid';
import { Paged } from './Paged';

/**
 * `/explore/genre/:name` (docs/product/routes-and-roles.md#search-and-explore, decision 0020), public: the
 * published josies tagged with the genre, newest first, 20 a page with "Load more"
 * (`GET /api/explore/genres/{name}`); the genre chips of josies link here. The title names a seed genre in
 * the reader's language, with a link to the genre's Atom feed (decision 0042). A live genre without josies
 * says it has no josies yet; a name that is no genre (the server's 404: neither live nor on any published
 * josie) says there is no such genre; a failure offers "Try again".
 */
export default function ExploreGenrePage() {
  const { t } = useTranslation();
  const raw = useParams().name ?? '';
  const query = useInfiniteQuery({
    queryKey: exploreKeys.genre(raw),
    queryFn: ({ pageParam, signal }) => fetchGenrePage(raw, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.hasMore && page.nextCursor ? page.nextCursor : undefined),
    retry: false,
  });
  const name = genreName(t, raw);
  const posts = query.data?.pages.flatMap((page) => page.posts) ?? [];
  const back = (
    <Link
      to="/explore"
      className={cn(
        'inline-flex min-h-11 items-center gap-1 rounded-full text-sm font-semibold text-brand-800 hover:underline',
        focusRing,
      )}
    >
      <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      {t('discovery.genre.back')}
    </Link>
  );

  if (query.error instanceof ApiError && query.error.status === 404 && !query.data) {
    return (
      <Page width="wide" title={t('discovery.genre.notFoundTitle')}>
        <div className="-mt-4 mb-6">{back}</div>
        <EmptyState
          icon={<SearchX className="size-6" aria-hidden="true" />}
          title={t('discovery.genre.notFound')}
        />
      </Page>
    );
  }

  return (
    <Page
      width="wide"
      title={<span dir="auto">{name}</span>}
      lead={t('discovery.genre.lead', { genre: name })}
    >
      <div className="-mt-4 mb-6 flex flex-wrap items-center justify-between gap-3">
        {back}
        <FeedButton
          href={genreFeedPath(raw)}
          label={t('discovery.feed.label')}
          hint={t('discovery.feed.genreHint')}
        />
      </div>
      <Paged
        query={query}
        count={posts.length}
        errorText={t('discovery.genre.error')}
        emptyText={t('discovery.genre.empty', { genre: name })}
      >
        <JosieGrid posts={posts} label={t('discovery.genre.lead', { genre: name })} />
      </Paged>
    </Page>
  );
}
