import { DEFAULT_FEED_THEME, FEED_THEMES, type FeedTheme } from '@josie/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../../session/SessionProvider';
import { fetchPreferences, preferencesQuery, savePreferences, storeSavedPreferences } from '../preferences';

/** localStorage key of the feed theme (docs/product/data-and-config.md#data). */
export const FEED_THEME_KEY = 'feedTheme';
/** localStorage key of the feed layout (this device's choice only). */
export const FEED_LAYOUT_KEY = 'feedLayout';

/** Feed layouts: one column, or the playful grid read row by row (docs/product/routes-and-roles.md#home-and-feed). */
export const FEED_LAYOUTS = ['list', 'grid'] as const;
export type FeedLayout = (typeof FEED_LAYOUTS)[number];

function isTheme(value: unknown): value is FeedTheme {
  return typeof value === 'string' && (FEED_THEMES as readonly string[]).includes(value);
}

function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Without storage the choice lasts for this page only.
  }
}

/** The theme stored on this device, else the default `josie`. */
export function storedFeedTheme(): FeedTheme {
  const value = readLocal(FEED_THEME_KEY);
  return isTheme(value) ? value : DEFAULT_FEED_THEME;
}

/**
 * The feed theme (docs/product/data-and-config.md#data, docs/product/messages.md#feed-and-curators): shown at
 * once from localStorage `feedTheme`, then taken from the server's preferences (`GET
 * /api/users/me/preferences`). When that fetch fails the theme falls back to `josie`, which is saved on this
 * device. Choosing a theme stores it locally and in the server's preferences; the PUT carries the genres and
 * interests read just before, because it replaces them. On a home page the server rendered
 * (docs/performance.md) the preferences it wrote into the page (hydrated into the cache) come first, so the
 * first render shows the theme the server drew.
 */
export function useFeedTheme(): { theme: FeedTheme; setTheme(theme: FeedTheme): void } {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const preferences = useQuery({
    // Typed, not parsed: the feed loads without zod (docs/performance.md); the save below parses. On a home
    // page the server rendered, the cache already holds its answer (`api/firstPaint.ts`).
    ...preferencesQuery(),
    enabled: token !== null,
    staleTime: 5 * 60 * 1000,
  });
  const [theme, setLocalTheme] = useState<FeedTheme>(
    () => preferences.data?.preferences.theme ?? storedFeedTheme(),
  );

  const serverTheme = preferences.data?.preferences.theme;
  const failed = preferences.isError;
  useEffect(() => {
    if (failed) {
      setLocalTheme(DEFAULT_FEED_THEME);
      writeLocal(FEED_THEME_KEY, DEFAULT_FEED_THEME);
    } else if (serverTheme) {
      setLocalTheme(serverTheme);
      writeLocal(FEED_THEME_KEY, serverTheme);
    }
  }, [serverTheme, failed]);

  // Saves run one after another, so quick changes reach the server in the order they were made.
  const saving = useRef<Promise<void>>(Promise.resolve());
  const setTheme = useCallback(
    (next: FeedTheme) => {
      setLocalTheme(next);
      writeLocal(FEED_THEME_KEY, next);
      if (!token) return;
      saving.current = saving.current.then(async () => {
        try {
          const { preferences: current } = await fetchPreferences();
          const saved = await savePreferences({
            genres: current.genres,
            interests: current.interests,
            theme: next,
          });
          storeSavedPreferences(queryClient, saved);
        } catch (error) {
          // The choice still holds on this device; the server copy catches up on the next change.
          console.warn('Could not save the feed theme', error);
        }
      });
    },
    [token, queryClient],
  );

  return { theme, setTheme };
}

/** The feed layout, remembered on this device (localStorage `feedLayout`); List by default. */
export function useFeedLayout(): { layout: FeedLayout; setLayout(layout: FeedLayout): void } {
  const [layout, setLayoutState] = useState<FeedLayout>(() =>
    readLocal(FEED_LAYOUT_KEY) === 'grid' ? 'grid' : 'list',
  );
  const setLayout = useCallback((next: FeedLayout) => {
    setLayoutState(next);
    writeLocal(FEED_LAYOUT_KEY, next);
  }, []);
  return { layout, setLayout };
}
