import type { Josie } from '@josie/contract';
import { useCallback, useState } from 'react';
import { cn } from '../../lib/cn';
import { FEED_THEME_STYLES, PostCard, storedFeedTheme } from '../feed';

export interface JosieGridProps {
  posts: readonly Josie[];
  /** The list's accessible name. */
  label: string;
  /** `grid`: columns that wrap; `row`: one row that scrolls sideways (the explore page's genre rows). */
  shape?: 'grid' | 'row';
  className?: string;
}

/**
 * Josies as the feed's cards (docs/product/routes-and-roles.md#search-and-explore), in the reader's feed
 * theme as stored on this device. A like or a save changes the shown card at once; the next read of the list
 * brings the server's state.
 */
export function JosieGrid({ posts, label, shape = 'grid', className }: JosieGridProps) {
  const [theme] = useState(storedFeedTheme);
  const style = FEED_THEME_STYLES[theme];
  const [patches, setPatches] = useState<Record<string, Partial<Josie>>>({});
  const onPatch = useCallback(
    (id: string, patch: Partial<Josie>) => setPatches((all) => ({ ...all, [id]: { ...all[id], ...patch } })),
    [],
  );
  return (
    <div className={cn('rounded-[2rem] p-3 sm:p-5', style.feed, className)} data-theme={theme}>
      <ul
        aria-label={label}
        className={cn(
          shape === 'grid'
            ? 'grid items-start gap-6 sm:grid-cols-2 lg:grid-cols-3'
            : 'flex snap-x gap-4 overflow-x-auto overscroll-x-contain pb-2 [scrollbar-width:thin]',
        )}
      >
        {posts.map((post, index) => (
          <li key={post._id} className={cn(shape === 'row' && 'w-[17rem] shrink-0 snap-start sm:w-[19rem]')}>
            <PostCard
              post={patches[post._id] ? { ...post, ...patches[post._id] } : post}
              theme={style}
              layout="list"
              index={index}
              onPatch={onPatch}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
