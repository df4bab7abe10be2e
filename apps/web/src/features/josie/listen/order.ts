import type { ItemLink, ListenPlatform } from '@josie/contract';
import { bestOn, type ListenProvider } from './choose';

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
  /** The link whose player is shown: the listener's service when a link there exists, else the original. */
  play: { platform: ListenProvider; url: string };
  /** The platform the curator shared it from. */
  original: ListenProvider;
  /** True when `play` is not the original (the page then says so and offers the way back). */
  switched: boolean;
  /** The other platforms' links, one per platform (the curator's, else the strongest source's). */
  alsoOn: ItemLink[];
  /** With no link on the listener's service: that service, for a "Find on …" search link. */
  findOn: ListenProvider | null;
}

/**
 * Which link of an audio item plays for a listener on `provider`
 * (docs/decisions/0022-listen-on-your-own-service.md): the original when the listener asked for it
 * (`keepOriginal`), or when it is on their service already, or when their service has no link; else the
 * link on their service, the curator's own first. `provider` null (the server's render, and the first render
 * in the browser) plays the original and offers nothing, so the two renders match.
 */
export function chooseListen(
  original: { platform: ListenProvider; url: string },
  links: readonly ItemLink[],
  provider: ListenProvider | null,
  keepOriginal = false,
): ListenChoice {
  const best = new Map<ListenPlatform, ItemLink>();
  for (const link of links) best.set(link.platform, bestOn(links, link.platform) as ItemLink);
  const there = provider && provider !== original.platform ? best.get(provider) : undefined;
  const play = there && !keepOriginal ? { platform: provider as ListenProvider, url: there.url } : original;
  const alsoOn =
    provider === null ? [] : [...best.values()].filter((link) => link.platform !== play.platform);
  return {
    play,
    original: original.platform,
    switched: play !== original,
    alsoOn,
    findOn: provider && provider !== original.platform && !there ? provider : null,
  };
}
