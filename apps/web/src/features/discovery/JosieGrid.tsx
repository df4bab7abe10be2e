import type { Josie } from '@josie/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf } from '../../i18n';
import { cn } from '../../lib/cn';
import { focusRing } from '../../ui/Button';
import { FEED_THEME_STYLES, PostCard, storedFeedTheme } from '../feed';

export interface JosieGridProps {
  posts: readonly Josie[];
  /** The list's accessible name. */
  label: string;
  /** `grid`: columns that wrap; `row`: one row that scrolls sideways (the explore page's genre rows). */
  shape?: 'grid' | 'row';
  className?: string;
}

/** How far an arrow scrolls a row: most of its visible width, so a card stays in view as a landmark. */
const STEP = 0.8;

/**
 * Whether a row can scroll towards its start and its end, in the row's own direction: in a right-to-left
 * row `scrollLeft` runs from 0 to minus the overflow, so its magnitude is how far from the start it is.
 */
function useRowEdges(list: RefObject<HTMLUListElement | null>) {
  const [edges, setEdges] = useState({ start: true, end: true });
  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const from = Math.abs(el.scrollLeft);
    const overflow = el.scrollWidth - el.clientWidth;
    // A pixel of slack: zoomed pages report fractional offsets.
    const next = { start: from <= 1, end: from >= overflow - 1 };
    setEdges((old) => (old.start === next.start && old.end === next.end ? old : next));
  }, [list]);
  // After the commit, not in a layout effect: the arrows come before the row, whose ref is not set yet then.
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    resized?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      resized?.disconnect();
    };
  }, [list, measure]);
  return edges;
}

const arrowClasses = cn(
  'inline-flex size-11 items-center justify-center rounded-full bg-white text-zinc-900 shadow-md ring-1 ring-zinc-200 transition-opacity',
  'hover:bg-brand-50 hover:text-brand-900 disabled:cursor-default disabled:opacity-40 disabled:hover:bg-white',
  focusRing,
);

/**
 * Previous and next buttons over a sideways row (docs/product/routes-and-roles.md#search-and-explore): each
 * scrolls the row by most of its width towards its start or its end. They are buttons (Tab, Enter, Space),
 * named with the row's name in the reader's language, and mirrored in a right-to-left page: "previous"
 * points and scrolls towards the start, which is on the right. A button is disabled at its edge.
 */
function RowArrows({
  list,
  listId,
  label,
}: {
  list: RefObject<HTMLUListElement | null>;
  listId: string;
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const edges = useRowEdges(list);
  // The row runs in the page's direction (AppRoot's `dir`, the interface language's).
  const rtl = directionOf(i18n.resolvedLanguage ?? i18n.language) === 'rtl';
  const scroll = (towards: 'start' | 'end') => {
    const el = list.current;
    if (!el) return;
    const step = el.clientWidth * STEP * (towards === 'end' ? 1 : -1) * (rtl ? -1 : 1);
    el.scrollBy({ left: step, behavior: 'smooth' });
  };
  const arrows = [
    { towards: 'start', text: 'discovery.explore.previous', Icon: ChevronLeft },
    { towards: 'end', text: 'discovery.explore.next', Icon: ChevronRight },
  ] as const;
  return (
    <div className="flex justify-end gap-2 pb-3">
      {arrows.map(({ towards, text, Icon }) => (
        <button
          key={towards}
          type="button"
          className={arrowClasses}
          aria-controls={listId}
          aria-label={t(text, { row: label })}
          disabled={edges[towards]}
          onClick={() => scroll(towards)}
        >
          <Icon className="size-5 rtl:-scale-x-100" aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}

/**
 * Josies as the feed's cards (docs/product/routes-and-roles.md#search-and-explore), in the reader's feed
 * theme as stored on this device. A like or a save changes the shown card at once; the next read of the list
 * brings the server's state. A row has previous and next arrows ({@link RowArrows}) besides scrolling.
 */
export function JosieGrid({ posts, label, shape = 'grid', className }: JosieGridProps) {
  const [theme] = useState(storedFeedTheme);
  const style = FEED_THEME_STYLES[theme];
  const [patches, setPatches] = useState<Record<string, Partial<Josie>>>({});
  const onPatch = useCallback(
    (id: string, patch: Partial<Josie>) => setPatches((all) => ({ ...all, [id]: { ...all[id], ...patch } })),
    [],
  );
  const list = useRef<HTMLUListElement>(null);
  const listId = useId();
  return (
    <div className={cn('rounded-[2rem] p-3 sm:p-5', style.feed, className)} data-theme={theme}>
      {shape === 'row' && <RowArrows list={list} listId={listId} label={label} />}
      <ul
        ref={list}
        id={listId}
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
