import { useEffect, useState } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/** How many locations this tab's app has shown, counted by {@link useCountLocations}. */
let locationsShown = 0;

/**
 * Counts the locations the app shows; called once, by the root route (`AppRoot`), so that
 * {@link useReturning} can tell Back to a page seen before from the tab's first page (both are a `POP`).
 */
export function useCountLocations(): void {
  const { key } = useLocation();
  useEffect(() => {
    if (key) locationsShown += 1;
  }, [key]);
}

/**
 * Whether the calling page mounts because the reader went Back or Forward to a page seen before in this
 * tab, fixed at mount. A list that renders a few items per task when new (`features/feed/Feed.tsx`)
 * renders its cached pages in one go then, so that `ScrollRestoration` finds the page as tall as the reader
 * left it (docs/decisions/0040-one-request-per-action-and-lazy-parts.md, "The reader's place").
 */
export function useReturning(): boolean {
  const type = useNavigationType();
  const [returning] = useState(() => type === NavigationType.Pop && locationsShown > 0);
  return returning;
}
