import { type ItemLink, type ListenPlatform, parseAudioUrl, serviceEmbedFor } from '@josie/contract';

/** The services whose player Josie shows (`google` accounts listen on YouTube). */
export type ListenProvider = 'spotify' | 'youtube';

/**
 * The service a listener listens on: a player's ({@link ListenProvider}), or a platform the resolver finds
 * links on, whose link is offered instead (docs/decisions/0022-listen-on-your-own-service.md).
 */
export type ListenService = ListenPlatform;

/** Whether Josie plays `service` in its own player (else it opens the item's link there). */
export function hasPlayer(service: ListenService | null): service is ListenProvider {
  return service === 'spotify' || service === 'youtube';
}

/** The service an account's `activeProvider` names: `google` is YouTube, the rest are platforms' own keys. */
export function serviceOf(activeProvider: ListenService | 'google'): ListenService {
  return activeProvider === 'google' ? 'youtube' : activeProvider;
}

/** Platform names are brands: the same in every language. */
export const PLATFORM_NAMES: Record<ListenPlatform, string> = {
  spotify: 'Spotify',
  youtube: 'YouTube',
  youtubeMusic: 'YouTube Music',
  appleMusic: 'Apple Music',
  deezer: 'Deezer',
  tidal: 'TIDAL',
  soundcloud: 'SoundCloud',
  amazonMusic: 'Amazon Music',
};

/** The link of `links` on `platform`: the curator's own first (it always wins), else the first given. */
export function bestOn(links: readonly ItemLink[], platform: ListenPlatform): ItemLink | undefined {
  const on = links.filter((link) => link.platform === platform);
  return on.find((link) => link.source === 'curator' || link.source === 'original') ?? on[0];
}

/**
 * The link of the listener's `service` an item plays here instead of `original`
 * (docs/decisions/0022-listen-on-your-own-service.md and its amendment of 2026-12-05): on Spotify or YouTube
 * any link there (their players), on Apple Music, Deezer, TIDAL, SoundCloud or YouTube Music a link whose
 * player {@link serviceEmbedFor} derives; none on the original's own service, on Amazon Music (no player),
 * or for YouTube Music's copy of the YouTube original itself (one video, one player).
 */
export function playableOn(
  original: { platform: ListenProvider; url: string },
  links: readonly ItemLink[],
  service: ListenService | null,
): ItemLink | undefined {
  if (!service || service === original.platform) return undefined;
  const there = bestOn(links, service);
  if (!there || hasPlayer(service)) return there;
  const embed = serviceEmbedFor(service, there.url);
  if (!embed) return undefined;
  if (embed.platform === 'youtubeMusic' && original.platform === 'youtube') {
    const own = parseAudioUrl(original.url);
    if (own?.provider === 'youtube' && own.id === embed.video.id) return undefined;
  }
  return there;
}

/**
 * The link an audio item plays for a listener on `provider`, as {@link chooseListen} picks it, for the first
 * pages (which carry this and not the rest): the original unless the listener's service has a link that plays
 * here ({@link playableOn}) and the listener did not ask for the original.
 */
export function playedLink(
  original: { platform: ListenProvider; url: string },
  links: readonly ItemLink[],
  provider: ListenService | null,
  keepOriginal: boolean,
): { platform: ListenPlatform; url: string } {
  const there = keepOriginal ? undefined : playableOn(original, links, provider);
  return there ? { platform: there.platform, url: there.url } : original;
}

/**
 * The link an item opens for a listener on `service` where a link, not a player, is shown (a feed card): the
 * item on that service when the resolver found it there, else the original
 * (docs/decisions/0022-listen-on-your-own-service.md).
 */
export function openedLink(
  original: { platform: ListenProvider; url: string },
  links: readonly ItemLink[],
  service: ListenService | null,
): { platform: ListenPlatform; url: string } {
  const there = service && service !== original.platform ? bestOn(links, service) : undefined;
  return there && service ? { platform: service, url: there.url } : original;
}

/** A search on `provider` for an item by its title and artist: a link, no API (shown with no match). */
export function searchUrl(provider: ListenProvider, title: string, artist: string): string {
  const query = encodeURIComponent([title, artist].filter((part) => part.trim()).join(' '));
  return provider === 'youtube'
    ? `https://www.youtube.com/results?search_query=${query}`
    : `https://open.spotify.com/search/${query}`;
}

/** Platforms whose links name a Spotify or YouTube recording (YouTube Music's are YouTube videos). */
const RECORDING_PLATFORMS = new Set<ListenPlatform>(['spotify', 'youtube', 'youtubeMusic']);

/**
 * The recordings an item is, as keys (`provider:id`): its own link's and those of its Spotify, YouTube and
 * YouTube Music counterparts in `links`. Two items sharing a key are one recording, so a josie plays it once
 * (docs/decisions/0022-listen-on-your-own-service.md). Playlists are not recordings and give none.
 */
export function recordingKeys(url: string, links: readonly ItemLink[] = []): string[] {
  const urls = [url, ...links.filter((l) => RECORDING_PLATFORMS.has(l.platform)).map((l) => l.url)];
  return urls.flatMap((each) => {
    const ref = parseAudioUrl(each);
    return ref && ref.type !== 'playlist' ? [`${ref.provider}:${ref.id}`] : [];
  });
}

/**
 * An audio item as shown: a name or artist the curator left empty is the one the link resolver found
 * (`known`, the item's `listen` entry; docs/decisions/0022-listen-on-your-own-service.md), so its label and
 * its "Find on …" search name the song rather than "Track on Spotify" and an empty search.
 */
export function withKnownName<T extends { name: string; artist?: string }>(
  item: T,
  known: { title: string; artistName: string } | undefined,
): T {
  const name = item.name.trim() || known?.title.trim() || '';
  const artist = item.artist?.trim() || known?.artistName.trim() || '';
  return name === item.name && artist === (item.artist ?? '') ? item : { ...item, name, artist };
}

/** Whether a "Find on …" search has something to search for: never an empty query. */
export function canSearch(title: string, artist: string): boolean {
  return Boolean(title.trim() || artist.trim());
}
