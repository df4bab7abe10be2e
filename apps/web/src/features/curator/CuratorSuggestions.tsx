import { type CuratorRecommendation, DEFAULT_CREATOR_COLOUR } from '@josie/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { Avatar } from '../../ui/Avatar';
import { focusRing } from '../../ui/Button';
import { CreatorName } from '../josie';
import { curatorKeys, fetchRecommendations } from './api';

/** A recommended curator as a small card linking to their profile. */
export function CuratorMiniCard({
  curator,
  className,
}: {
  curator: CuratorRecommendation;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/curator/${encodeURIComponent(curator.id)}`}
      className={cn(
        'flex items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-zinc-200 transition hover:-translate-y-0.5 hover:shadow-md',
        focusRing,
        className,
      )}
    >
      <span
        className="rounded-full p-0.5"
        style={{ backgroundColor: curator.color || DEFAULT_CREATOR_COLOUR }}
      >
        <Avatar src={curator.avatar} name={curator.name} size={52} decorative />
      </span>
      <span className="flex min-w-0 flex-col">
        <CreatorName
          name={curator.name}
          font={curator.font}
          colour={curator.color}
          className="truncate font-bold"
        />
        <span className="text-xs text-zinc-600">
          {t('curator.counts.followers', { count: curator.followersCount })}
        </span>
      </span>
    </Link>
  );
}

/**
 * 'You may also like' (docs/product/routes-and-roles.md#curator-profile,
 * docs/product/messages.md#feed-and-curators, docs/product/rules-and-limits.md#constants): up to `limit`
 * random curators other than this one and the ones already followed, each linking to its profile; 'Error
 * loading recommendations' on failure and 'No curator recommendations available at this time' when there is
 * none. The pick is kept for the visit (no reshuffle on refocus).
 */
export function CuratorSuggestions({ curatorId, limit }: { curatorId: string; limit: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const suggestions = useQuery({
    queryKey: curatorKeys.recommendations('random', curatorId, limit),
    queryFn: ({ signal }) =>
      fetchRecommendations({ limit, strategy: 'random', exclude: [curatorId] }, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-zinc-950">
        {t('curator.suggestions.title')}
      </h2>
      {suggestions.isPending ? (
        <div className="grid gap-3 sm:grid-cols-3" aria-busy="true">
          <span className="sr-only" role="status">
            {t('common.loading')}
          </span>
          {Array.from({ length: limit }, (_, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
              key={index}
              aria-hidden="true"
              className="h-[78px] animate-pulse rounded-2xl bg-zinc-200/70"
            />
          ))}
        </div>
      ) : suggestions.isError ? (
        <p role="alert" className="font-medium text-red-700">
          {t('curator.suggestions.error')}
        </p>
      ) : suggestions.data.length === 0 ? (
        <p className="text-zinc-600">{t('curator.suggestions.empty')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-3">
          {suggestions.data.slice(0, limit).map((curator) => (
            <li key={curator.id}>
              <CuratorMiniCard curator={curator} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
