/**
 * Which links may stand under a platform's name in "Also on" and the listener's player
 * (docs/decisions/0022-listen-on-your-own-service.md; docs/product/rules-and-limits.md#audio-links): a
 * link found by the resolver is shown under the platform Odesli named, with its mark, so it must be that
 * platform's. Without zod, like `image-source.ts`.
 */
import type { ListenPlatform } from '../listening.js';
import { isImageSource } from './image-source.js';
import { parseAudioUrl } from './media-urls.js';

// The contract's type environment has no DOM or Node types (see media-urls.ts); the WHATWG URL parser is a
// global in every runtime the contract runs in (browsers, Node).
declare const URL: new (
  input: string,
) => {
  readonly protocol: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
  readonly port: string;
  readonly href: string;
};

/** The longest link kept, in characters (the contract's limit on every stored link). */
export const PLATFORM_LINK_MAX_LENGTH = 2000;

/** The longest title or artist name a provider's answer may give an item, in characters. */
export const PROVIDER_TEXT_MAX_LENGTH = 300;

/**
 * The domains of each platform without a player: a link's host is one of them or a subdomain of one
 * (`geo.music.apple.com`), never a host that merely starts with one (`music.youtube.com.evil.example`).
 */
const PLATFORM_DOMAINS: Record<Exclude<ListenPlatform, 'spotify' | 'youtube'>, readonly string[]> = {
  youtubeMusic: ['music.youtube.com'],
  appleMusic: ['music.apple.com', 'itunes.apple.com'],
  deezer: ['deezer.com', 'deezer.page.link'],
  tidal: ['tidal.com'],
  soundcloud: ['soundcloud.com'],
  amazonMusic: ['music.amazon.com', 'amazon.com'],
};

const onDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/**
 * The link to show under `platform`, or null when `url` may not stand there: an `https:` link of at most
 * {@link PLATFORM_LINK_MAX_LENGTH} characters, without user name, password or port, on the platform's own
 * host. Spotify and YouTube links must be items {@link parseAudioUrl} reads as theirs (the check a curator's
 * own counterparts get, `Counterparts` in josies.ts). The answer is the parsed link (`href`), so characters
 * such as a right-to-left override in the path are percent-encoded.
 */
export function platformLink(platform: ListenPlatform, url: string): string | null {
  if (url.length > PLATFORM_LINK_MAX_LENGTH) return null;
  let parsed: InstanceType<typeof URL>;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password || parsed.port) return null;
  const host = parsed.hostname.toLowerCase();
  const ok =
    platform === 'spotify' || platform === 'youtube'
      ? parseAudioUrl(parsed.href)?.provider === platform
      : PLATFORM_DOMAINS[platform].some((domain) => onDomain(host, domain));
  return ok && parsed.href.length <= PLATFORM_LINK_MAX_LENGTH ? parsed.href : null;
}

/**
 * A provider's artwork link, or null: an `https:` image link as any image link must be
 * ({@link isImageSource}), at most {@link PLATFORM_LINK_MAX_LENGTH} characters; never a `javascript:` or
 * `data:` URL, nor a path on this site.
 */
export function providerImageLink(url: string | null | undefined): string | null {
  if (!url || url.length > PLATFORM_LINK_MAX_LENGTH || !url.startsWith('https://')) return null;
  return isImageSource(url) ? url : null;
}

/** A provider's title or artist name cut to {@link PROVIDER_TEXT_MAX_LENGTH} characters (whole code points). */
export function providerText(value: string | null | undefined): string {
  const text = value ?? '';
  return text.length <= PROVIDER_TEXT_MAX_LENGTH
    ? text
    : Array.from(text).slice(0, PROVIDER_TEXT_MAX_LENGTH).join('');
}
