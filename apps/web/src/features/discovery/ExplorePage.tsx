import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serverMessageOr } from '../../api/client';
import { cn } from '../../lib/cn';
import { focusRing } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorBox } from '../../ui/ErrorBox';
import { Page } from '../../ui/Page';
import { genreName } from '../josie';
import { exploreKeys, fetchExplore, genrePath } from './api';
import { CuratorCard } from './CuratorCard';
import { JosieGrid } from './JosieGrid';
import { Loading } from './Paged';

const seeAllClasses = cn(
  'inline-flex min-h-11 shrink-0 items-center gap-1 rounded-full px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50',
  focusRing,
);

/** A titled section of the explore page, with an optional "See all" link beside the title. */
function Section({
  title,
  seeAll,
  children,
}: {
  title: string;
  seeAll?: { to: string; label: string };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} dir="auto" className="text-xl font-bold tracking-tight text-zinc-950 sm:text-2xl">
          {title}
        </h2>
        {seeAll && (
          <Link to={seeAll.to} aria-label={seeAll.label} className={seeAllClasses}>
            {t('discovery.explore.seeAll')}
            <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

/**
 * `/explore` (docs/product/routes-and-roles.md#search-and-explore), public, so a visitor sees real music
 * before signing up: trending josies (likes of the last 7 days), a sideways-scrolling row per genre that has
 * published josies with "See all" to its genre page, and the newest curators (`GET /api/explore`). A spinner
 * while loading, an error box with "Try again", and an empty state when nothing is published yet.
 */
export default function ExplorePage() {
  const { t } = useTranslation();
  const explore = useQuery({
    queryKey: exploreKeys.overview,
    queryFn: ({ signal }) => fetchExplore(signal),
    staleTime: 60_000,
    retry: false,
  });
  const data = explore.data;
  const nothing =
    data && data.trending.length === 0 && data.genres.length === 0 && data.newCurators.length === 0;

  return (
    <Page width="wide" title={t('discovery.explore.title')} lead={t('discovery.explore.lead')}>
      {explore.isPending ? (
        <Loading label={t('discovery.explore.loading')} />
      ) : explore.isError ? (
        <ErrorBox
          message={serverMessageOr(explore.error, t('discovery.explore.error'))}
          onRetry={() => void explore.refetch()}
        />
      ) : !data || nothing ? (
        <EmptyState title={t('discovery.explore.empty')} />
      ) : (
        <div className="flex flex-col gap-12">
          <Section title={t('discovery.explore.trending')}>
            {data.trending.length > 0 ? (
              <JosieGrid posts={data.trending} label={t('discovery.explore.trending')} shape="row" />
            ) : (
              <p className="text-zinc-600">{t('discovery.explore.trendingEmpty')}</p>
            )}
          </Section>
          {data.genres.map((row) => {
            const name = genreName(t, row.name);
            return (
              <Section
                key={row.name}
                title={name}
                seeAll={{
                  to: genrePath(row.name),
                  label: t('discovery.explore.seeAllGenre', { genre: name }),
                }}
              >
                <JosieGrid posts={row.posts} label={name} shape="row" />
              </Section>
            );
          })}
          <Section title={t('discovery.explore.newCurators')}>
            {data.newCurators.length > 0 ? (
              <ul
                aria-label={t('discovery.explore.newCurators')}
                className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
              >
                {data.newCurators.map((curator) => (
                  <li key={curator.id}>
                    <CuratorCard curator={curator} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-zinc-600">{t('discovery.explore.curatorsEmpty')}</p>
            )}
          </Section>
        </div>
      )}
    </Page>
  );
}
