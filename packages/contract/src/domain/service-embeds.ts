/**
 * The embedded players of the listening services besides Spotify and YouTube
 * (docs/decisions/0022-listen-on-your-own-service.md, amendment of 2026-12-05): the embed URL of an item's
 * link on Apple Music, Deezer, TIDAL, SoundCloud or YouTube Music, derived in this one place. Amazon Music
 * offers no public player for any track: its link stays a link. Without zod, like `platform-links.ts`.
 */
import type { ListenPlatform } from '../listening.js';
import { type VideoRef, youtubeEmbedUrl } from './media-urls.js';
import { platformLink } from './platform-links.js';

// The contract's type environment has no DOM or Node types (see media-urls.ts); the WHATWG URL parser is a
// global in every runtime the contract runs in (browsers, Node).
declare const URL: new (
  input: string,
) => {
  readonly hostname: string;
  readonly pathname: string;
  readonly search: string;
};

/** The services whose official player Josie embeds for a listener on them (Spotify and YouTube aside). */
export const EMBED_SERVICES = ['appleMusic', 'deezer', 'tidal', 'soundcloud', 'youtubeMusic'] as const;
export type EmbedService = (typeof EMBED_SERVICES)[number];

/**
 * The origins of those players, for the Content-Security-Policy's `frame-src` (YouTube Music plays in the
 * YouTube player, whose origin is there already).
 */
export const SERVICE_EMBED_ORIGINS = [
  'https://embed.music.apple.com',
  'https://widget.deezer.com',
  'https://embed.tidal.com',
  'https://w.soundcloud.com',
] as const;

/**
 * A service's player: the frame's `src` and its height in pixels (the service's own default for the item's
 * kind), or, for YouTube Music, the video the josie's YouTube player plays.
 */
export type ServiceEmbed =
  | { platform: Exclude<EmbedService, 'youtubeMusic'>; src: string; height: number }
  | { platform: 'youtubeMusic'; src: string; video: VideoRef };

/** Heights of the players, in pixels: each service's default embed for the kind of item. */
export const SERVICE_EMBED_HEIGHTS = {
  appleMusic: { song: 175, list: 450 },
  deezer: 300,
  tidal: { track: 122, list: 275, video: 282 },
  soundcloud: { track: 166, set: 450 },
} as const;

const DIGITS = /^\d{1,15}$/;
/** A path segment as the URL parser leaves it: unreserved characters and percent-encoded bytes only. */
const SLUG = /^(?:[A-Za-z0-9._~-]|%[0-9A-Fa-f]{2}){1,300}$/;
const APPLE_STOREFRONT = /^[a-z]{2}$/;
const APPLE_PLAYLIST = /^pl\.[A-Za-z0-9-]{1,64}$/;
const DEEZER_LOCALE = /^[a-z]{2}(?:-[a-z]{2})?$/;
const DEEZER_ID = /^\d{1,20}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** SoundCloud's permalinks: letters, digits, hyphens and underscores. */
const SOUNDCLOUD_NAME = /^[A-Za-z0-9_-]{1,100}$/;
const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_PLAYLIST_ID = /^[A-Za-z0-9_-]{10,128}$/;

/** SoundCloud pages that are no one's sound: its own sections, and a profile's tabs. */
const SOUNDCLOUD_SECTIONS = new Set([
  'charts',
  'discover',
  'feed',
  'jobs',
  'messages',
  'mobile',
  'notifications',
  'pages',
  'people',
  'search',
  'settings',
  'signin',
  'stream',
  'tags',
  'upload',
  'you',
]);
const SOUNDCLOUD_TABS = new Set([
  'albums',
  'comments',
  'followers',
  'following',
  'likes',
  'popular-tracks',
  'reposts',
  'sets',
  'spotlight',
  'tracks',
]);

/** A segment that is not only dots (the URL parser removes `.` and `..`; this keeps that promise). */
const slug = (segment: string) => SLUG.test(segment) && !/^\.+$/.test(segment);

/** The first value of `name` in a query string (`?a=1&b=2`), undecoded: callers match it strictly. */
function param(search: string, name: string): string | undefined {
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const eq = pair.indexOf('=');
    if (eq !== -1 && pair.slice(0, eq) === name) return pair.slice(eq + 1);
  }
  return undefined;
}

function appleMusic(host: string, segments: string[], search: string): ServiceEmbed | null {
  if (host !== 'music.apple.com' && host !== 'geo.music.apple.com') return null;
  const [storefront, kind, ...rest] = segments;
  if (!storefront || !APPLE_STOREFRONT.test(storefront) || rest.length < 1 || rest.length > 2) return null;
  const id = rest[rest.length - 1]!;
  const name = rest.length === 2 ? rest[0]! : null;
  if (name !== null && !slug(name)) return null;
  const path = `${storefront}/${kind}/${name === null ? '' : `${name}/`}${id}`;
  const base = `https://embed.music.apple.com/${path}`;
  const { song, list } = SERVICE_EMBED_HEIGHTS.appleMusic;
  if (kind === 'album' && DIGITS.test(id)) {
    const track = param(search, 'i');
    if (track === undefined) return { platform: 'appleMusic', src: base, height: list };
    return DIGITS.test(track) ? { platform: 'appleMusic', src: `${base}?i=${track}`, height: song } : null;
  }
  if (kind === 'song' && DIGITS.test(id)) return { platform: 'appleMusic', src: base, height: song };
  if (kind === 'playlist' && APPLE_PLAYLIST.test(id))
    return { platform: 'appleMusic', src: base, height: list };
  return null;
}

function deezer(host: string, segments: string[]): ServiceEmbed | null {
  if (host !== 'deezer.com' && host !== 'www.deezer.com') return null;
  const rest = segments[0] && DEEZER_LOCALE.test(segments[0]) ? segments.slice(1) : segments;
  const [kind, id, ...more] = rest;
  if (more.length > 0 || !id || !DEEZER_ID.test(id)) return null;
  if (kind !== 'track' && kind !== 'album' && kind !== 'playlist') return null;
  return {
    platform: 'deezer',
    src: `https://widget.deezer.com/widget/auto/${kind}/${id}`,
    height: SERVICE_EMBED_HEIGHTS.deezer,
  };
}

function tidal(host: string, segments: string[]): ServiceEmbed | null {
  if (host !== 'tidal.com' && host !== 'www.tidal.com' && host !== 'listen.tidal.com') return null;
  let rest = segments[0] === 'browse' ? segments.slice(1) : segments;
  // Shared links end in `/u` (or `?u`, which the query holds).
  if (rest.length === 3 && rest[2] === 'u') rest = rest.slice(0, 2);
  const [kind, id, ...more] = rest;
  if (more.length > 0 || !id) return null;
  const heights = SERVICE_EMBED_HEIGHTS.tidal;
  const height =
    kind === 'track' && DIGITS.test(id)
      ? heights.track
      : kind === 'album' && DIGITS.test(id)
        ? heights.list
        : kind === 'video' && DIGITS.test(id)
          ? heights.video
          : kind === 'playlist' && UUID.test(id)
            ? heights.list
            : null;
  return height === null
    ? null
    : { platform: 'tidal', src: `https://embed.tidal.com/${kind}s/${id}`, height };
}

function soundcloud(host: string, segments: string[]): ServiceEmbed | null {
  if (host !== 'soundcloud.com' && host !== 'www.soundcloud.com' && host !== 'm.soundcloud.com') return null;
  const [user, second, third, ...more] = segments;
  if (!user || !second || more.length > 0 || !SOUNDCLOUD_NAME.test(user)) return null;
  if (SOUNDCLOUD_SECTIONS.has(user.toLowerCase())) return null;
  let path: string;
  let height: number;
  if (third === undefined) {
    if (!SOUNDCLOUD_NAME.test(second) || SOUNDCLOUD_TABS.has(second.toLowerCase())) return null;
    path = `${user}/${second}`;
    height = SERVICE_EMBED_HEIGHTS.soundcloud.track;
  } else {
    if (second !== 'sets' || !SOUNDCLOUD_NAME.test(third)) return null;
    path = `${user}/sets/${third}`;
    height = SERVICE_EMBED_HEIGHTS.soundcloud.set;
  }
  const sound = encodeURIComponent(`https://soundcloud.com/${path}`);
  return { platform: 'soundcloud', src: `https://w.soundcloud.com/player/?url=${sound}`, height };
}

function youtubeMusic(host: string, segments: string[], search: string): ServiceEmbed | null {
  if (host !== 'music.youtube.com' || segments.length !== 1) return null;
  let video: VideoRef | null = null;
  const v = param(search, 'v');
  const list = param(search, 'list');
  if (segments[0] === 'watch' && v !== undefined && YOUTUBE_VIDEO_ID.test(v)) {
    video = { type: 'video', id: v, url: `https://music.youtube.com/watch?v=${v}` };
  } else if (segments[0] === 'playlist' && list !== undefined && YOUTUBE_PLAYLIST_ID.test(list)) {
    video = { type: 'playlist', id: list, url: `https://music.youtube.com/playlist?list=${list}` };
  }
  return video && { platform: 'youtubeMusic', src: youtubeEmbedUrl(video), video };
}

/**
 * The embedded player of an item's link on a listening service (docs/decisions/0022-listen-on-your-own-service.md,
 * amendment of 2026-12-05), in the service's documented official form:
 *
 * - Apple Music: the link's path on `embed.music.apple.com` (`/{storefront}/album/{name}/{id}?i={song}`, `/song/`,
 *   `/playlist/`), from `music.apple.com` and `geo.music.apple.com` links;
 * - Deezer: `https://widget.deezer.com/widget/auto/{track|album|playlist}/{id}`;
 * - TIDAL: `https://embed.tidal.com/{tracks|albums|playlists|videos}/{id}`;
 * - SoundCloud: `https://w.soundcloud.com/player/?url={the sound's canonical link, encoded}`;
 * - YouTube Music: its video (or playlist) in the YouTube player the josie uses (`youtube-nocookie.com`).
 *
 * The link must first be one that may stand under the platform's name ({@link platformLink}: `https:`, no user
 * info or port, at most 2,000 characters, the platform's host); then only a host of the service's own list and
 * a path whose every part matches a strict pattern (numeric ids, Apple's `pl.` and TIDAL's UUID playlist ids,
 * names of unreserved characters) are read, and the embed URL is rebuilt from those parts alone, so nothing
 * else of the link (tracking parameters, fragments, odd paths) reaches the frame.
 *
 * @returns the player, or null for Amazon Music (no public player for any track), Spotify and YouTube (their
 *   own players), and any link not read (the listener is then offered the link alone).
 */
export function serviceEmbedFor(platform: ListenPlatform, url: string): ServiceEmbed | null {
  if (platform === 'spotify' || platform === 'youtube' || platform === 'amazonMusic') return null;
  const href = platformLink(platform, url);
  if (!href) return null;
  const parsed = new URL(href);
  const host = parsed.hostname.toLowerCase();
  const segments = parsed.pathname.split('/').filter(Boolean);
  switch (platform) {
    case 'appleMusic':
      return appleMusic(host, segments, parsed.search);
    case 'deezer':
      return deezer(host, segments);
    case 'tidal':
      return tidal(host, segments);
    case 'soundcloud':
      return soundcloud(host, segments);
    case 'youtubeMusic':
      return youtubeMusic(host, segments, parsed.search);
  }
}
