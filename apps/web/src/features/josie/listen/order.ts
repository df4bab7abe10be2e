import type { ListenPlatform } from '@josie/contract';
import type { ListenProvider } from './choose';

/**
 * The contract's `LISTEN_PLATFORMS` (the order "Also on" lists them), repeated here so first pages do not load
 * the contract's listening schemas (and zod) with it; a test keeps the two equal.
 */
export const PLATFORM_ORDER = [
  'spotify',
  'youtube',
  'youtubeMusic',
  'appleMusic',
  'deezer',
  'tidal',
  'soundcloud',
  'amazonMusic',
] as const satisfies readonly ListenPlatform[];

/** `links` in {@link PLATFORM_ORDER}. */
export function inPlatformOrder<T extends { platform: ListenPlatform }>(links: readonly T[]): T[] {
  return [...links].sort((a, b) => PLATFORM_ORDER.indexOf(a.platform) - PLATFORM_ORDER.indexOf(b.platform));
}

/** A search on `provider` for an item by its title and artist: a link, no API (shown with no match). */
export function searchUrl(provider: ListenProvider, title: string, artist: string): string {
  const query = encodeURIComponent([title, artist].filter((part) => part.trim()).join(' '));
  return provider === 'youtube'
    ? `https://www.youtube.com/results?search_query=${query}`
    : `https://open.spotify.com/search/${query}`;
}
