import type { StoredItemLink } from '../schema.js';

/**
 * The same recording on Spotify (track id) and YouTube (official video id): facts, kept beside the demo
 * josies that use them. The link resolver would find the same pairs through Odesli
 * (docs/decisions/0022-listen-on-your-own-service.md); shipping them means a new instance spends nothing of
 * Odesli's keyless allowance at start, and an offline start shows cross-service links at once.
 */
export const DEMO_RECORDINGS = [
  {
    spotify: '4PTG3Z6ehGkBFwjybzWkR8',
    youtube: 'dQw4w9WgXcQ',
    title: 'Never Gonna Give You Up',
    artist: 'Rick Astley',
  },
  { spotify: '7tFiyTwD0nx5a1eklYtX2J', youtube: 'fJ9rUzIMcZQ', title: 'Bohemian Rhapsody', artist: 'Queen' },
  { spotify: '7qiZfU4dY1lWllzX7mPBI3', youtube: 'JGwWNGJdvx8', title: 'Shape of You', artist: 'Ed Sheeran' },
  { spotify: '2WfaOiMkCvy7F5fcp2zZ8L', youtube: 'djV11Xbc914', title: 'Take On Me', artist: 'a-ha' },
  {
    spotify: '32OlwWuMpZ6b0aN2RZOeMS',
    youtube: 'OPf0YbXqDm0',
    title: 'Uptown Funk',
    artist: 'Mark Ronson, Bruno Mars',
  },
  {
    spotify: '5ghIJDpPoe3CfHMGu71E6T',
    youtube: 'hTWKbfoikeg',
    title: 'Smells Like Teen Spirit',
    artist: 'Nirvana',
  },
  { spotify: '2374M0fQpWi3dLnB54qaLX', youtube: 'FTQbiNvZqaY', title: 'Africa', artist: 'Toto' },
  { spotify: '60nZcImufyMA1MKQY3dcCH', youtube: 'ZbZSe6N_BXs', title: 'Happy', artist: 'Pharrell Williams' },
] as const;

const spotifyTrack = (id: string) => `https://open.spotify.com/track/${id}`;
const youtubeVideo = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const youtubeMusic = (id: string) => `https://music.youtube.com/watch?v=${id}`;

const odesli = (platform: StoredItemLink['platform'], url: string): StoredItemLink => ({
  platform,
  url,
  source: 'odesli',
  confidence: null,
});

/** A demo item's resolved row: its title, artist and the links the demo ships for it. */
export interface DemoItemLinks {
  itemUrl: string;
  title: string;
  artistName: string;
  links: StoredItemLink[];
}

/**
 * The resolved `item_links` row of each demo item: a recording in {@link DEMO_RECORDINGS} gets its links on
 * the other service (and YouTube Music, which plays every YouTube video); any other item is stored as
 * resolved with no links, as Odesli answers for an item it does not know, and the refresh asks again after
 * `LINKS_REFRESH_DAYS` like for every item.
 *
 * @param items - the demo josies' resolvable items (the links module's `resolvableItems`), URLs as stored.
 */
export function demoItemLinks(
  items: readonly { itemUrl: string; title: string; artistName: string }[],
): DemoItemLinks[] {
  return items.map((item) => {
    const recording = DEMO_RECORDINGS.find(
      (r) => item.itemUrl === spotifyTrack(r.spotify) || item.itemUrl === youtubeVideo(r.youtube),
    );
    if (!recording) return { ...item, links: [] };
    const other =
      item.itemUrl === spotifyTrack(recording.spotify)
        ? odesli('youtube', youtubeVideo(recording.youtube))
        : odesli('spotify', spotifyTrack(recording.spotify));
    return {
      itemUrl: item.itemUrl,
      title: item.title || recording.title,
      artistName: item.artistName || recording.artist,
      links: [other, odesli('youtubeMusic', youtubeMusic(recording.youtube))],
    };
  });
}
