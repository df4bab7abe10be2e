import type { CuratorRecommendation } from '@josie/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { LoadError } from '../../ui/QueryState';
import { Loading } from '../../ui/Spinner';
import { CuratorCard } from '../curator';

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
        <LoadError text={t('recommendations.loadError')} ownText retry={onRetry} />
      ) : remaining === null ? (
        <Loading />
      ) : remaining.length === 0 ? (
        <p className="rounded-2xl bg-zinc-100 px-4 py-6 text-center text-zinc-700">
          {acted ? t('onboarding.curators.done') : t('recommendations.empty')}
        </p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col gap-3">
          {remaining.map((curator) => (
            <li key={curator.id}>
              <CuratorCard
                curator={curator}
                actions={
                  <>
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
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
