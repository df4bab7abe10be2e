import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders on the server (`src/prerender/`, decision 0007), true in the browser from the
 * first render on: for parts only a browser should start, such as a third-party player's frame, which a
 * server-rendered page would otherwise load once from its HTML and again when the app replaces it.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
