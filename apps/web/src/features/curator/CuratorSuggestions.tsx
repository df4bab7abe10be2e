import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../ui/QueryState';
import { curatorKeys, fetchRecommendations } from './api';
import { CuratorCard } from './CuratorCard';

/**
 * 'You may also like' (docs/product/routes-and-roles.md#curator-profile,
 * docs/product/messages.md#feed-and-curators, docs/product/rules-and-limits.md#constants): up to `limit`
 * random curators other than this one and the ones already followed, each a {@link CuratorCard} linking to
 * its profile; 'Error loading recommendations' with "Try again" on failure and 'No curator recommendations available at this time' when there is
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
        <LoadError
          text={t('curator.suggestions.error')}
          ownText
          retry={() => suggestions.refetch({ cancelRefetch: false })}
        />
      ) : suggestions.data.length === 0 ? (
        <p className="text-zinc-600">{t('curator.suggestions.empty')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-3">
          {suggestions.data.slice(0, limit).map((curator) => (
            <li key={curator.id}>
              <CuratorCard curator={curator} compact />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
