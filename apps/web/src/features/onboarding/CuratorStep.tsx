import { type CuratorRecommendation, DEFAULT_CREATOR_COLOUR } from '@josie/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { Spinner } from '../../ui/Spinner';
import { CreatorName } from '../josie';

export interface CuratorStepProps {
  /** The recommended curators not yet followed or skipped; null while loading. */
  remaining: readonly CuratorRecommendation[] | null;
  /** At least one curator was followed or skipped (an empty list then means "all done"). */
  acted: boolean;
  /** The recommendations could not be loaded. */
  loadFailed: boolean;
  onRetry(): void;
  /** The curator whose follow call is running. */
  followingId: string | null;
  onFollow(curator: CuratorRecommendation): void;
  onSkip(curator: CuratorRecommendation): void;
}

/**
 * Step 3 of onboarding (docs/product/rules-and-limits.md#onboarding): up to 5 curators picked by the user's
 * genres, each followed or skipped and then taken off the list.
 */
export function CuratorStep({
  remaining,
  acted,
  loadFailed,
  onRetry,
  followingId,
  onFollow,
  onSkip,
}: CuratorStepProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-zinc-950">
          {t('onboarding.curators.title')}
        </h2>
        <p className="text-zinc-600">{t('onboarding.curators.lead')}</p>
      </div>
      {loadFailed ? (
        <ErrorBox message={t('recommendations.loadError')} onRetry={onRetry} />
      ) : remaining === null ? (
        <div className="flex justify-center py-10">
          <Spinner size="lg" />
        </div>
      ) : remaining.length === 0 ? (
        <p className="rounded-2xl bg-zinc-100 px-4 py-6 text-center text-zinc-700">
          {acted ? t('onboarding.curators.done') : t('recommendations.empty')}
        </p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col gap-3">
          {remaining.map((curator) => (
            <li
              key={curator.id}
              className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-zinc-200 sm:flex-row sm:items-center"
            >
              <div className="flex min-w-0 flex-1 items-center gap-3">
                <span
                  className="shrink-0 rounded-full p-0.5"
                  style={{ backgroundColor: curator.color || DEFAULT_CREATOR_COLOUR }}
                >
                  <Avatar src={curator.avatar} name={curator.name} size={56} decorative />
                </span>
                <div className="flex min-w-0 flex-col">
                  <CreatorName
                    name={curator.name}
                    font={curator.font}
                    colour={curator.color}
                    className="truncate text-lg font-bold"
                  />
                  <span className="text-xs text-zinc-600">
                    {t('curator.counts.followers', { count: curator.followersCount })}
                  </span>
                  {curator.bio && (
                    <p dir="auto" className="mt-1 line-clamp-2 text-sm text-zinc-700">
                      {curator.bio}
                    </p>
                  )}
                </div>
              </div>
              <div className="flex shrink-0 gap-2 self-end sm:self-center">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={followingId !== null}
                  onClick={() => onSkip(curator)}
                  aria-label={t('recommendations.skipName', { name: curator.name })}
                >
                  {t('recommendations.skip')}
                </Button>
                <Button
                  size="sm"
                  loading={followingId === curator.id}
                  disabled={followingId !== null && followingId !== curator.id}
                  onClick={() => onFollow(curator)}
                  aria-label={t('recommendations.followName', { name: curator.name })}
                >
                  {t('recommendations.follow')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
