import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { cn } from '../../lib/cn';
import { focusRing } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { genreName } from '../josie';
import { exploreKeys, fetchGenrePage } from './api';
import { JosieGrid } from './JosieGrid';
import { Paged } from './Paged';

/**
 * `/explore/genre/:name` (docs/product/routes-and-roles.md#search-and-explore, decision 0020), public: the
 * published josies tagged with the genre, newest first, 20 a page with "Load more"
 * (`GET /api/explore/genres/{name}`); the genre chips of josies link here. The title names a seed genre in
 * the reader's language. A genre the server does not know answers an empty page (decision 0023), which says
 * the genre has no josies yet; a failure offers "Try again".
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

  return (
    <Page
      width="wide"
      title={<span dir="auto">{name}</span>}
      lead={t('discovery.genre.lead', { genre: name })}
    >
      <Link
        to="/explore"
        className={cn(
          '-mt-4 mb-6 inline-flex min-h-11 items-center gap-1 rounded-full text-sm font-semibold text-brand-800 hover:underline',
          focusRing,
        )}
      >
        <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        {t('discovery.genre.back')}
      </Link>
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
