import type { ItemLink, ListenPlatform } from '@josie/contract';

/** The services with a player a listener can choose (`google` accounts listen on YouTube). */
export type ListenProvider = 'spotify' | 'youtube';

/** The link of `links` on `platform`: the curator's own first (it always wins), else the first given. */
export function bestOn(links: readonly ItemLink[], platform: ListenPlatform): ItemLink | undefined {
  const on = links.filter((link) => link.platform === platform);
  return on.find((link) => link.source === 'curator' || link.source === 'original') ?? on[0];
}

/**
 * The link an audio item plays for a listener on `provider`, as {@link chooseListen} picks it, for the first
 * pages (which carry this and not the rest): the original unless the listener's service has a link and the
 * listener did not ask for the original.
 */
export function playedLink(
  original: { platform: ListenProvider; url: string },
  links: readonly ItemLink[],
  provider: ListenProvider | null,
  keepOriginal: boolean,
): { platform: ListenProvider; url: string } {
  const there = provider !== original.platform && !keepOriginal && provider && bestOn(links, provider);
  return there ? { platform: provider, url: there.url } : original;
}

/** A search on `provider` for an item by its title and artist: a link, no API (shown with no match). */
export function searchUrl(provider: ListenProvider, title: string, artist: string): string {
  const query = encodeURIComponent([title, artist].filter((part) => part.trim()).join(' '));
  return provider === 'youtube'
    ? `https://www.youtube.com/results?search_query=${query}`
    : `https://open.spotify.com/search/${query}`;
}
