import { type CuratorRecommendation, DEFAULT_CREATOR_COLOUR } from '@josie/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { Avatar } from '../../ui/Avatar';
import { focusRing } from '../../ui/Button';
import { CreatorName } from '../josie';

export interface CuratorCardProps {
  curator: CuratorRecommendation;
  /** Without the bio and with a smaller avatar (52 px instead of 56 px), for a row of suggestions. */
  compact?: boolean;
  /**
   * Buttons acting on the curator (follow, skip), shown beside the card's text (below it on a narrow
   * screen). A card with actions is not a link: a step of a flow keeps the reader where they are.
   */
  actions?: ReactNode;
  className?: string;
}

/**
 * A curator wherever a list shows one (docs/product/routes-and-roles.md#search-and-explore, #curator-profile,
 * docs/product/rules-and-limits.md#onboarding): the avatar ringed in the curator's colour, the name in their
 * font and colour, their bio on two lines at most, and "Curator · N followers"; the whole card links to
 * `/curator/{id}`, unless it carries `actions`. The home strip's tall portrait cards are a design of their
 * own (`features/feed/CuratorStrip.tsx`).
 */
export function CuratorCard({ curator, compact = false, actions, className }: CuratorCardProps) {
  const { t } = useTranslation();
  const body = (
    <>
      <span
        className="shrink-0 rounded-full p-0.5"
        style={{ backgroundColor: curator.color || DEFAULT_CREATOR_COLOUR }}
      >
        <Avatar src={curator.avatar} name={curator.name} size={compact ? 52 : 56} decorative />
      </span>
      <span className="flex min-w-0 flex-col gap-1">
        <CreatorName
          name={curator.name}
          font={curator.font}
          colour={curator.color}
          className={cn('truncate leading-tight font-bold', !compact && 'text-lg')}
        />
        {!compact && curator.bio && (
          <span dir="auto" className="line-clamp-2 text-sm text-zinc-700">
            {curator.bio}
          </span>
        )}
        <span className="text-xs text-zinc-600">
          {t('curator.label')} · {t('curator.counts.followers', { count: curator.followersCount })}
        </span>
      </span>
    </>
  );
  const card = 'rounded-2xl bg-white shadow-sm ring-1 ring-zinc-200';
  const padding = compact ? 'p-3' : 'p-4';
  if (actions) {
    return (
      <div className={cn('flex flex-col gap-3 sm:flex-row sm:items-center', card, padding, className)}>
        <div className="flex min-w-0 flex-1 items-center gap-3">{body}</div>
        <div className="flex shrink-0 gap-2 self-end sm:self-center">{actions}</div>
      </div>
    );
  }
  return (
    <Link
      to={`/curator/${encodeURIComponent(curator.id)}`}
      className={cn(
        'flex h-full gap-3 transition hover:-translate-y-0.5 hover:shadow-md',
        compact ? 'items-center' : 'items-start',
        card,
        padding,
        focusRing,
        className,
      )}
    >
      {body}
    </Link>
  );
}
