/**
 * Parsing of the Spotify and YouTube links people paste, and the embed URLs built from them.
 * docs/product/rules-and-limits.md#media (audio and video URLs), docs/product/rules-and-limits.md#media
 * (embed forms), docs/product/differences.md#audio-links (the forms accepted).
 *
 * Pure string code (no `URL` global) so it runs the same in the browser, in Node and in the contract's
 * type environment. Ids are checked against the providers' formats: a Spotify id is 22 base-62
 * characters, a YouTube video id 11 characters of `[A-Za-z0-9_-]`.
 */
import type { AudioProvider, AudioType } from '../josies.js';

/** Kinds of Spotify links: the three audio types, plus artist pages (embeddable, not an audio item). */
export type SpotifyKind = AudioType | 'artist';

/** An audio item derived from a link: provider, type and id come from the URL, never from the client. */
export interface AudioRef {
  provider: AudioProvider;
  type: AudioType;
  id: string;
  /** The canonical link, without tracking parameters (`?si=`). */
  url: string;
}

/** A YouTube video or playlist derived from a link. */
export interface VideoRef {
  type: 'video' | 'playlist';
  id: string;
  /** The canonical link. */
  url: string;
}

/** Why a video link was refused: the spec's translation keys (docs/product/rules-and-limits.md#video-links). */
export type VideoUrlError =
  | 'video.add.urlRequired'
  | 'video.add.unsupportedUrl'
  | 'video.add.invalidVideoUrl';

/** Result of {@link parseVideoUrl}. */
export type VideoUrlResult = { ok: true; video: VideoRef } | { ok: false; error: VideoUrlError };

const SPOTIFY_ID = /^[A-Za-z0-9]{22}$/;
const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
/** Playlist ids vary (PL..., OLAK5uy_..., RD... mixes); all are url-safe and at least 10 characters. */
const YOUTUBE_PLAYLIST_ID = /^[A-Za-z0-9_-]{10,128}$/;
const SPOTIFY_KINDS: readonly SpotifyKind[] = ['track', 'album', 'playlist', 'artist'];
const YOUTUBE_HOSTS = new Set(['youtube.com', 'youtube-nocookie.com']);
/** `scheme://` (optional), host (optional port), path, query, fragment. User info is not allowed. */
const LINK = /^(?:https?:\/\/)?([a-z0-9.-]+)(?::\d{1,5})?(\/[^?#\s]*)?(?:\?([^#\s]*))?(?:#\S*)?$/i;

interface Link {
  /** Lower-cased, without `www.`, `m.` or `music.`. */
  host: string;
  segments: string[];
  query: Map<string, string>;
}

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** Splits a pasted link into host, path segments and query (the first value of each name wins). */
function splitLink(input: string): Link | null {
  const match = LINK.exec(input.trim());
  if (!match) return null;
  const host = (match[1] ?? '').toLowerCase().replace(/^(?:www\.|m\.|music\.)/, '');
  const segments = (match[2] ?? '').split('/').filter(Boolean);
  const query = new Map<string, string>();
  for (const pair of (match[3] ?? '').split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const name = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = decode(eq === -1 ? '' : pair.slice(eq + 1));
    if (name !== null && value !== null && !query.has(name)) query.set(name, value);
  }
  return { host, segments, query };
}

/**
 * A Spotify link or URI: `https://open.spotify.com[/intl-xx][/embed]/(track|album|playlist|artist)/{id}`
 * with any query string, or `spotify:(track|album|playlist|artist):{id}`.
 *
 * @returns kind and id, or null when the text is not a Spotify item link.
 */
export function parseSpotifyUrl(input: string): { kind: SpotifyKind; id: string } | null {
  const uri = /^spotify:(track|album|playlist|artist):([A-Za-z0-9]{22})$/.exec(input.trim());
  if (uri) return { kind: uri[1] as SpotifyKind, id: uri[2]! };
  const link = splitLink(input);
  if (link?.host !== 'open.spotify.com') return null;
  let segs = link.segments;
  if (segs[0] && /^intl-[a-z]{2}(?:-[a-z]{2})?$/i.test(segs[0])) segs = segs.slice(1);
  if (segs[0] === 'embed') segs = segs.slice(1);
  // Old user-scoped playlist links: /user/{name}/playlist/{id}.
  if (segs[0] === 'user' && segs[2] === 'playlist') segs = segs.slice(2);
  const [kind, id, ...rest] = segs;
  if (rest.length > 0 || !kind || !id) return null;
  if (!SPOTIFY_KINDS.includes(kind as SpotifyKind) || !SPOTIFY_ID.test(id)) return null;
  return { kind: kind as SpotifyKind, id };
}

/**
 * The video and playlist ids a YouTube link carries, each only when well-formed: `watch?v=`, `youtu.be/{id}`,
 * `shorts/`, `embed/`, `live/`, `v/`, `playlist?list=`, `embed/videoseries?list=`, on `www.`, `m.` and
 * `music.` hosts and `youtube-nocookie.com`.
 *
 * @returns null when the link is not a YouTube link at all.
 */
export function parseYouTubeUrl(input: string): { videoId: string | null; playlistId: string | null } | null {
  const link = splitLink(input);
  if (!link) return null;
  let candidate: string | undefined;
  if (link.host === 'youtu.be') {
    candidate = link.segments[0];
  } else if (YOUTUBE_HOSTS.has(link.host)) {
    const [first, second] = link.segments;
    if (first === 'watch') candidate = link.query.get('v');
    else if (first && ['shorts', 'embed', 'live', 'v'].includes(first) && second !== 'videoseries') {
      candidate = second;
    }
  } else {
    return null;
  }
  const list = link.query.get('list');
  return {
    videoId: candidate && YOUTUBE_VIDEO_ID.test(candidate) ? candidate : null,
    playlistId: list && YOUTUBE_PLAYLIST_ID.test(list) ? list : null,
  };
}

const youtubeWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const youtubePlaylistUrl = (id: string) => `https://www.youtube.com/playlist?list=${id}`;

/**
 * Parses an audio link (docs/product/rules-and-limits.md#audio-links,
 * docs/product/differences.md#audio-links): a Spotify track, album or playlist, or a YouTube video (type
 * `track`) or playlist. A YouTube link with both a video and a list is the video: someone pasting a song from
 * inside a playlist means the song.
 *
 * @returns the derived item, or null (the caller answers josie.invalidAudioUrl).
 */
export function parseAudioUrl(input: string): AudioRef | null {
  const spotify = parseSpotifyUrl(input);
  if (spotify) {
    if (spotify.kind === 'artist') return null;
    return {
      provider: 'spotify',
      type: spotify.kind,
      id: spotify.id,
      url: `https://open.spotify.com/${spotify.kind}/${spotify.id}`,
    };
  }
  const youtube = parseYouTubeUrl(input);
  if (youtube?.videoId) {
    return { provider: 'youtube', type: 'track', id: youtube.videoId, url: youtubeWatchUrl(youtube.videoId) };
  }
  if (youtube?.playlistId) {
    return {
      provider: 'youtube',
      type: 'playlist',
      id: youtube.playlistId,
      url: youtubePlaylistUrl(youtube.playlistId),
    };
  }
  return null;
}

/**
 * Parses a video link with the spec's order (docs/product/rules-and-limits.md#video-links): required; a
 * YouTube link (else unsupported); the playlist id is tried first, then the 11-character video id; otherwise
 * invalid.
 */
export function parseVideoUrl(input: string): VideoUrlResult {
  if (!input.trim()) return { ok: false, error: 'video.add.urlRequired' };
  const youtube = parseYouTubeUrl(input);
  if (!youtube) return { ok: false, error: 'video.add.unsupportedUrl' };
  if (youtube.playlistId) {
    const id = youtube.playlistId;
    return { ok: true, video: { type: 'playlist', id, url: youtubePlaylistUrl(id) } };
  }
  if (youtube.videoId) {
    const id = youtube.videoId;
    return { ok: true, video: { type: 'video', id, url: youtubeWatchUrl(id) } };
  }
  return { ok: false, error: 'video.add.invalidVideoUrl' };
}

/** The Spotify embed player for an item (docs/product/rules-and-limits.md#constants: embed height 152). */
export function spotifyEmbedUrl(kind: SpotifyKind, id: string): string {
  return `https://open.spotify.com/embed/${kind}/${encodeURIComponent(id)}`;
}

/** The privacy-enhanced YouTube player for a video or a playlist. */
export function youtubeEmbedUrl(ref: { type: 'video' | 'playlist'; id: string }): string {
  const id = encodeURIComponent(ref.id);
  return ref.type === 'playlist'
    ? `https://www.youtube-nocookie.com/embed/videoseries?list=${id}`
    : `https://www.youtube-nocookie.com/embed/${id}`;
}

/** An embed player: which provider's frame and its source URL. */
export interface Embed {
  provider: AudioProvider;
  src: string;
}

/**
 * The embed for any pasted link (docs/product/routes-and-roles.md#pages video1: streaming-provider links
 * convert to one embed form, other links to another; nothing when conversion fails). Spotify artist pages
 * embed too.
 *
 * @returns null when the link is neither a Spotify item nor a usable YouTube link.
 */
export function embedFor(url: string): Embed | null {
  const spotify = parseSpotifyUrl(url);
  if (spotify) return { provider: 'spotify', src: spotifyEmbedUrl(spotify.kind, spotify.id) };
  const video = parseVideoUrl(url);
  if (video.ok) return { provider: 'youtube', src: youtubeEmbedUrl(video.video) };
  return null;
}

/**
 * The embed of an audio item, re-derived from its link (the stored type and id are not trusted).
 * A YouTube link with a video and a list plays the video, as {@link parseAudioUrl} reads it.
 */
export function audioEmbedFor(item: { url: string }): Embed | null {
  const ref = parseAudioUrl(item.url);
  if (!ref) return null;
  if (ref.provider === 'spotify') return { provider: 'spotify', src: spotifyEmbedUrl(ref.type, ref.id) };
  return {
    provider: 'youtube',
    src: youtubeEmbedUrl({ type: ref.type === 'playlist' ? 'playlist' : 'video', id: ref.id }),
  };
}

/**
 * The 'N songs' count of docs/product/routes-and-roles.md#pages: the number of audioItem paragraphs when
 * schemaVersion is 2 or higher, otherwise the length of the legacy `audioItems` list.
 */
export function songCount(josie: {
  schemaVersion?: number | null;
  paragraphs?: readonly { type: string }[] | null;
  audioItems?: readonly unknown[] | null;
}): number {
  if ((josie.schemaVersion ?? 0) >= 2) {
    return Array.isArray(josie.paragraphs)
      ? josie.paragraphs.filter((p) => p?.type === 'audioItem').length
      : 0;
  }
  return Array.isArray(josie.audioItems) ? josie.audioItems.length : 0;
}

/** The longest `item` the server accepts (the contract's `text` parameters, `site.ts`: 1 to 100 characters). */
const STUDIO_ITEM_MAX_LENGTH = 100;

/**
 * The `item` of a studio `josie_play` (docs/decisions/0050-curator-studio-counts.md): the josie's item as the
 * curator added it, whichever service plays it, as `provider:id` (`spotify:4uLU6hMCjMI75M1A2tKUQC`,
 * `youtube:dQw4w9WgXcQ`), so that the studio counts one play per reader, item and day however the reader
 * listens to it. A link neither form reads (a Spotify artist page) is its own first 100 characters.
 */
export function studioItem(url: string): string {
  const audio = parseAudioUrl(url);
  if (audio) return `${audio.provider}:${audio.id}`;
  const youtube = parseYouTubeUrl(url);
  const id = youtube?.playlistId ?? youtube?.videoId;
  if (id) return `youtube:${id}`;
  return url.slice(0, STUDIO_ITEM_MAX_LENGTH);
}
