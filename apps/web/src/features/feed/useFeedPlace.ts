import { type RefObject, useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Where a reader was in a feed: the first post that starts in view, and its top's distance from the viewport's top (px). */
interface Place {
  postId: string;
  top: number;
}

/** The reader's place per history entry (React Router's `location.key`), for this tab's lifetime. */
const places = new Map<string, Place>();

/**
 * The first of `items` that starts in view (top at or below the viewport's top), else the last one, found by
 * bisection (they are in page order). A card cut by the viewport's top would move with its own height once
 * drawn, so the place is taken from the next one.
 */
function firstInView(items: readonly HTMLElement[]): HTMLElement | undefined {
  let low = 0;
  let high = items.length - 1;
  let found = items.at(-1);
  while (low <= high) {
    const middle = (low + high) >> 1;
    const item = items[middle] as HTMLElement;
    if (item.getBoundingClientRect().top >= 0) {
      found = item;
      high = middle - 1;
    } else {
      low = middle + 1;
    }
  }
  return found;
}

/**
 * Keeps the reader's place in a feed across Back and Forward, by post rather than by offset: a feed's cards
 * that were never drawn in this mount hold a 560 px placeholder (`content-visibility`, docs/performance.md),
 * so the offset React Router's `ScrollRestoration` restores lands on another post. While the reader scrolls,
 * the first post that starts in view and its distance from the viewport's top are remembered for the history entry;
 * when `returning` (Back or Forward, `lib/useReturning.ts`) and that post is rendered, the page is scrolled
 * so that it sits where it was (docs/decisions/0040-one-request-per-action-and-lazy-parts.md, "The reader's
 * place"). `list` holds the cards as `[data-post-id]` elements; `ready` is true once the cached posts render.
 */
export function useFeedPlace(list: RefObject<HTMLElement | null>, returning: boolean, ready: boolean): void {
  const { key } = useLocation();

  // Runs after ScrollRestoration's own restore (an earlier sibling in AppRoot), and corrects it.
  useLayoutEffect(() => {
    const place = places.get(key);
    if (!returning || !ready) return;
    const card =
      place && list.current?.querySelector<HTMLElement>(`[data-post-id="${CSS.escape(place.postId)}"]`);
    if (!place || !card) return;
    const settle = () => window.scrollBy(0, card.getBoundingClientRect().top - place.top);
    settle();
    // Cards that come into view are drawn at the next frames and take their own heights; the post is put
    // back where it was after each of the first two.
    let frames = 2;
    let frame = requestAnimationFrame(function again() {
      settle();
      frame = --frames > 0 ? requestAnimationFrame(again) : 0;
    });
    return () => cancelAnimationFrame(frame);
  }, [key, list, returning, ready]);

  useEffect(() => {
    let frame = 0;
    const remember = () => {
      frame = 0;
      const items = list.current
        ? Array.from(list.current.querySelectorAll<HTMLElement>('[data-post-id]'))
        : [];
      const card = firstInView(items);
      if (card?.dataset.postId)
        places.set(key, { postId: card.dataset.postId, top: card.getBoundingClientRect().top });
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(remember);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [key, list]);
}
