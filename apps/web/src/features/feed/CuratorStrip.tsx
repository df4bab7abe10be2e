import { type CuratorCard, DEFAULT_CREATOR_COLOUR } from '@josie/contract';
import { useQuery } from '@tanstack/react-query';
import { type PointerEvent, useDeferredValue, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../api/errorText';
import { cn } from '../../lib/cn';
import { Avatar } from '../../ui/Avatar';
import { focusRing } from '../../ui/Button';
import { CreatorName } from '../josie';
import { feedKeys, fetchCuratorCards } from './api';

/** Query key of the home strip's curator cards. */

/** How far (px) a pressed mouse must move before the press becomes a drag rather than a click. */
const DRAG_THRESHOLD = 6;
const SKELETONS = 5;

/**
 * Drag-to-scroll for a horizontal list with a mouse (touch and trackpads scroll natively). A press that
 * moved further than {@link DRAG_THRESHOLD} swallows the click that ends it, so dropping a drag on a card
 * does not open it. Scrolling by the pointer's movement works in both directions of writing: moving the
 * content with the pointer is the same physical motion in LTR and RTL.
 */
function useDragScroll() {
  const drag = useRef<{ x: number; scroll: number; moved: boolean; pointer: number } | null>(null);
  const suppressClick = useRef(false);
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.pointerType !== 'mouse' || event.button !== 0) return;
      drag.current = {
        x: event.clientX,
        scroll: event.currentTarget.scrollLeft,
        moved: false,
        pointer: event.pointerId,
      };
      suppressClick.current = false;
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const state = drag.current;
      if (!state || state.pointer !== event.pointerId) return;
      const dx = event.clientX - state.x;
      if (!state.moved && Math.abs(dx) < DRAG_THRESHOLD) return;
      if (!state.moved) {
        state.moved = true;
        event.currentTarget.setPointerCapture(event.pointerId);
      }
      event.currentTarget.scrollLeft = state.scroll - dx;
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const state = drag.current;
      if (!state || state.pointer !== event.pointerId) return;
      suppressClick.current = state.moved;
      drag.current = null;
      if (event.currentTarget.hasPointerCapture(event.pointerId)) {
        event.currentTarget.releasePointerCapture(event.pointerId);
      }
    },
    onPointerCancel() {
      drag.current = null;
    },
    onClickCapture(event: { preventDefault(): void; stopPropagation(): void }) {
      if (!suppressClick.current) return;
      suppressClick.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
    onDragStart(event: { preventDefault(): void }) {
      // Native image and link dragging would fight the scroll.
      event.preventDefault();
    },
  };
}

/** One curator card: 150 x 327 px, the avatar as a portrait, the name in the curator's font and colour. */
function CuratorCardLink({ curator }: { curator: CuratorCard }) {
  const { t } = useTranslation();
  const colour = curator.color || DEFAULT_CREATOR_COLOUR;
  return (
    <Link
      to={`/curator/${encodeURIComponent(curator.id)}`}
      className={cn(
        'group relative flex h-[327px] w-[150px] shrink-0 flex-col overflow-hidden rounded-3xl bg-zinc-950 shadow-lg shadow-zinc-900/20 transition-transform',
        'hover:-translate-y-1',
        focusRing,
      )}
      style={{ boxShadow: `inset 0 4px 0 0 ${colour}` }}
    >
      <div className="relative h-[220px] w-full overflow-hidden">
        {curator.avatar ? (
          <img
            src={curator.avatar}
            alt=""
            draggable={false}
            className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
          />
        ) : (
          <div className="flex size-full items-center justify-center" style={{ backgroundColor: colour }}>
            <Avatar name={curator.name} size={96} decorative />
          </div>
        )}
        <div className="absolute inset-x-0 bottom-0 h-20 bg-linear-to-t from-zinc-950 to-transparent" />
      </div>
      <div className="flex flex-1 flex-col justify-end gap-1 px-3 pb-4">
        <CreatorName
          name={curator.name}
          font={curator.font}
          colour={colour}
          background="#09090b"
          className="line-clamp-3 text-lg leading-tight font-bold"
        />
        <span className="text-xs font-medium text-zinc-300">{t('feed.curators.role')}</span>
      </div>
    </Link>
  );
}

/**
 * The home strip (docs/product/routes-and-roles.md#home-and-feed): a horizontal row of curator cards, each
 * linking to `/curator/{id}`, that scrolls natively (touch, trackpad, shift+wheel, keyboard focus moving
 * along the links) and by dragging with a mouse. Five skeleton cards while loading; on failure 'Error loading
 * curators: ' and the message.
 */
export function CuratorStrip() {
  const { t } = useTranslation();
  const headingId = useId();
  const drag = useDragScroll();
  const curators = useQuery({
    queryKey: feedKeys.strip,
    // Not aborted when the page unmounts (no `signal`): TanStack Query cancels a read whose signal was
    // taken once its last observer leaves, so React's second mount (StrictMode) would send it again.
    queryFn: () => fetchCuratorCards(),
    // On the signed-in home page the server rendered (docs/performance.md), the cards it wrote into the page
    // are in the cache already (`api/firstPaint.ts`), as fresh as a request sent now would be.
    staleTime: 60_000,
  });
  // The cards render at transition priority, in slices that leave the main thread free (The
  // (docs/performance.md) query's answer otherwise renders them in one long task); the skeletons stay until
  // then.
  const cards = useDeferredValue(curators.data);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-bold tracking-tight text-zinc-950">
        {t('feed.curators.title')}
      </h2>
      {curators.isError ? (
        <p role="alert" className="font-medium text-red-700" dir="auto">
          {t('feed.curators.error', {
            message: errorText(t, curators.error, t('feed.curators.loadError')),
          })}
        </p>
      ) : cards === undefined ? (
        <div className="-mx-4 flex gap-4 overflow-hidden px-4" aria-busy="true">
          <span className="sr-only" role="status">
            {t('feed.curators.loading')}
          </span>
          {Array.from({ length: SKELETONS }, (_, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
              key={index}
              data-testid="curator-skeleton"
              aria-hidden="true"
              className="h-[327px] w-[150px] shrink-0 animate-pulse rounded-3xl bg-linear-to-b from-zinc-200 to-zinc-100"
            />
          ))}
        </div>
      ) : cards.length === 0 ? (
        <p className="text-zinc-600">{t('feed.curators.empty')}</p>
      ) : (
        <ul
          className="-mx-4 flex cursor-grab gap-4 overflow-x-auto overscroll-x-contain px-4 pt-1 pb-4 select-none active:cursor-grabbing [scrollbar-width:thin]"
          {...drag}
        >
          {cards.map((curator) => (
            <li key={curator.id} className="shrink-0">
              <CuratorCardLink curator={curator} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
