import type { ItemLink, ListenPlatform } from '@josie/contract';
import { bestOn, hasPlayer, type ListenProvider, type ListenService, playableOn } from './choose';

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

/** Where an audio item plays and what else is offered beside it. */
export interface ListenChoice {
  /**
   * The link whose player is shown: the listener's service when a link there plays here ({@link playableOn}),
   * else the original.
   */
  play: { platform: ListenPlatform; url: string };
  /** The platform the curator shared it from. */
  original: ListenProvider;
  /** True when `play` is not the original (the page then says so and offers the way back). */
  switched: boolean;
  /** The other platforms' links, one per platform (the curator's, else the strongest source's). */
  alsoOn: ItemLink[];
  /** With no link on the listener's service: that service, for a "Find on …" search link. */
  findOn: ListenProvider | null;
  /**
   * For a listener on a service other than Spotify and YouTube: the item's link there, offered first (beside
   * that service's player when it plays here).
   */
  openOn: ItemLink | null;
  /** Whether the listener's service has a link that plays here ("Play on …" after "Play the original"). */
  playable: boolean;
}

/**
 * Which link of an audio item plays for a listener on `provider`
 * (docs/decisions/0022-listen-on-your-own-service.md and its amendment of 2026-12-05): the original when the
 * listener asked for it (`keepOriginal`), or when it is on their service already, or when their service has
 * no link that plays here (Amazon Music has no player; a link whose embed is not derived stays a link); else
 * the link on their service, the curator's own first. `provider` null (the server's render, and the first render
 * in the browser) plays the original and offers nothing, so the two renders match.
 */
export function chooseListen(
  original: { platform: ListenProvider; url: string },
  links: readonly ItemLink[],
  provider: ListenService | null,
  keepOriginal = false,
): ListenChoice {
  const best = new Map<ListenPlatform, ItemLink>();
  for (const link of links) best.set(link.platform, bestOn(links, link.platform) as ItemLink);
  const player = hasPlayer(provider) ? provider : null;
  const there = player && player !== original.platform ? best.get(player) : undefined;
  const playable = playableOn(original, links, provider);
  const play = playable && !keepOriginal ? { platform: playable.platform, url: playable.url } : original;
  // Another service: the item's link there (with its player when it plays here), else the original alone.
  const openOn = provider && !player ? (best.get(provider) ?? null) : null;
  const alsoOn =
    provider === null
      ? []
      : [...best.values()].filter((link) => link.platform !== play.platform && link !== openOn);
  return {
    play,
    original: original.platform,
    switched: play !== original,
    alsoOn,
    findOn: player && player !== original.platform && !there ? player : null,
    openOn,
    playable: playable !== undefined,
  };
}
