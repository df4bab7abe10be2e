import { type CuratorRecommendation, DEFAULT_CREATOR_COLOUR } from '@josie/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { Avatar } from '../../ui/Avatar';
import { focusRing } from '../../ui/Button';
import { CreatorName } from '../josie';

/**
 * A curator in search results and on the explore page (docs/product/routes-and-roles.md#search-and-explore):
 * avatar ringed in the curator's colour, name in their font and colour, their bio (two lines) and follower
 * count, the whole card a link to `/curator/{id}`.
 */
export function CuratorCard({ curator, className }: { curator: CuratorRecommendation; className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/curator/${encodeURIComponent(curator.id)}`}
      className={cn(
        'flex h-full items-start gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-zinc-200 transition hover:-translate-y-0.5 hover:shadow-md',
        focusRing,
        className,
      )}
    >
      <span
        className="shrink-0 rounded-full p-0.5"
        style={{ backgroundColor: curator.color || DEFAULT_CREATOR_COLOUR }}
      >
        <Avatar src={curator.avatar} name={curator.name} size={56} decorative />
      </span>
      <span className="flex min-w-0 flex-col gap-1">
        <CreatorName
          name={curator.name}
          font={curator.font}
          colour={curator.color}
          className="truncate text-lg leading-tight font-bold"
        />
        {curator.bio && (
          <span dir="auto" className="line-clamp-2 text-sm text-zinc-700">
            {curator.bio}
          </span>
        )}
        <span className="text-xs text-zinc-600">
          {t('discovery.curatorCard.role')} ·{' '}
          {t('curator.counts.followers', { count: curator.followersCount })}
        </span>
      </span>
    </Link>
  );
}
