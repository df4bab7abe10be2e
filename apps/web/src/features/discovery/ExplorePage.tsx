import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { focusRing } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { QueryState } from '../../ui/QueryState';
import { CuratorCard } from '../curator';
import { genreName } from '../josie';
import { sortByLabel } from '../preferences';
import { exploreKeys, fetchExplore, genrePath } from './api';
import { JosieGrid } from './JosieGrid';

const seeAllClasses = cn(
  'inline-flex min-h-11 shrink-0 items-center gap-1 rounded-full px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50',
  focusRing,
);

/**
 * A titled section of the explore page, with an optional "See all" link beside the title; `id` is the target
 * of the genre index's link to it.
 */
function Section({
  id,
  title,
  seeAll,
  children,
}: {
  id?: string;
  title: string;
  seeAll?: { to: string; label: string };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className="flex scroll-mt-20 flex-col gap-3">
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

/** The in-page target of a genre row (the position: names may hold any character). */
const rowId = (index: number) => `genre-row-${index}`;

/**
 * The genre index at the top of the page: a link to each genre row below, by its name in the reader's
 * language, so a reader need not scroll a page of many rows to find one.
 */
function GenreIndex({ names }: { names: readonly string[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <nav aria-labelledby={titleId} className="flex flex-col gap-2">
      <h2 id={titleId} className="text-sm font-semibold text-zinc-700">
        {t('discovery.explore.genreIndex')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {names.map((name, index) => (
          <li key={rowId(index)}>
            <a
              href={`#${rowId(index)}`}
              dir="auto"
              className={cn(
                'inline-flex min-h-11 items-center rounded-full bg-white px-4 text-sm font-semibold text-zinc-800 ring-1 ring-zinc-300 ring-inset hover:bg-brand-50 hover:text-brand-900',
                focusRing,
              )}
            >
              {name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * `/explore` (docs/product/routes-and-roles.md#search-and-explore), public, so a visitor sees real music
 * before signing up: an index of the genres at the top, trending josies (likes of the last 7 days), a
 * sideways-scrolling row per genre that has published josies (with previous and next arrows, in the reader's
 * alphabetical order of the names shown) with "See all" to its genre page, and the newest curators (`GET
 * /api/explore`). A spinner while loading, an error box with "Try again", and an empty state when nothing is
 * published yet.
 */
export default function ExplorePage() {
  const { t, i18n } = useTranslation();
  const explore = useQuery({
    queryKey: exploreKeys.overview,
    queryFn: ({ signal }) => fetchExplore(signal),
    staleTime: 60_000,
    retry: false,
  });

  return (
    <Page width="wide" title={t('discovery.explore.title')} lead={t('discovery.explore.lead')}>
      <QueryState
        query={explore}
        errorText={t('discovery.explore.error')}
        loadingLabel={t('discovery.explore.loading')}
        loadingSize="section"
        isEmpty={(data) =>
          data.trending.length === 0 && data.genres.length === 0 && data.newCurators.length === 0
        }
        empty={<EmptyState title={t('discovery.explore.empty')} />}
      >
        {(data) => {
          const rows = sortByLabel(
            data.genres.map((row) => ({ ...row, label: genreName(t, row.name) })),
            (row) => row.label,
            i18n.resolvedLanguage,
          );
          return (
            <div className="flex flex-col gap-12">
              {rows.length > 0 && <GenreIndex names={rows.map((row) => row.label)} />}
              <Section title={t('discovery.explore.trending')}>
                {data.trending.length > 0 ? (
                  <JosieGrid posts={data.trending} label={t('discovery.explore.trending')} shape="row" />
                ) : (
                  <p className="text-zinc-600">{t('discovery.explore.trendingEmpty')}</p>
                )}
              </Section>
              {rows.map((row, index) => {
                const name = row.label;
                return (
                  <Section
                    key={row.name}
                    id={rowId(index)}
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
          );
        }}
      </QueryState>
    </Page>
  );
}
