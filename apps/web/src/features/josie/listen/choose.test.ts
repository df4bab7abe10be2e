import { type ItemLink, LISTEN_PLATFORMS } from '@josie/contract';
import { describe, expect, it } from 'vitest';
import { playedLink, searchUrl } from './choose';
import { chooseListen, inPlatformOrder, PLATFORM_ORDER } from './order';

const SPOTIFY = 'https://open.spotify.com/track/32OlwWuMpZ6b0aN2RZOeMS';
const YOUTUBE = 'https://www.youtube.com/watch?v=OPf0YbXqDm0';
const link = (
  platform: ItemLink['platform'],
  url: string,
  source: ItemLink['source'] = 'odesli',
): ItemLink => ({
  platform,
  url,
  source,
  confidence: source === 'search' ? 0.8 : null,
});
const fromSpotify = { platform: 'spotify' as const, url: SPOTIFY };
const fromYouTube = { platform: 'youtube' as const, url: YOUTUBE };
const resolved = [
  link('spotify', SPOTIFY, 'original'),
  link('deezer', 'https://www.deezer.com/track/1'),
  link('youtube', YOUTUBE),
  link('appleMusic', 'https://music.apple.com/us/song/1'),
];

describe('chooseListen (docs/decisions/0022-listen-on-your-own-service.md)', () => {
  it('plays a Spotify item on YouTube for a YouTube listener when a match exists', () => {
    const choice = chooseListen(fromSpotify, resolved, 'youtube');
    expect(choice.play).toEqual({ platform: 'youtube', url: YOUTUBE });
    expect(choice.switched).toBe(true);
    expect(choice.findOn).toBeNull();
    // The original is among the others, in the platforms' order; the played one is not.
    expect(inPlatformOrder(choice.alsoOn).map((l) => l.platform)).toEqual([
      'spotify',
      'appleMusic',
      'deezer',
    ]);
  });

  it('plays the original for a listener on its own service', () => {
    const choice = chooseListen(fromSpotify, resolved, 'spotify');
    expect(choice).toMatchObject({ play: fromSpotify, switched: false, findOn: null });
    expect(inPlatformOrder(choice.alsoOn).map((l) => l.platform)).toEqual([
      'youtube',
      'appleMusic',
      'deezer',
    ]);
  });

  it('plays a YouTube item on Spotify for a Spotify listener, and the original with no match', () => {
    const withSpotify = [link('youtube', YOUTUBE, 'original'), link('spotify', SPOTIFY, 'search')];
    expect(chooseListen(fromYouTube, withSpotify, 'spotify').play).toEqual(fromSpotify);
    const alone = chooseListen(fromYouTube, [link('youtube', YOUTUBE, 'original')], 'spotify');
    expect(alone).toMatchObject({ play: fromYouTube, switched: false, findOn: 'spotify', alsoOn: [] });
  });

  it('offers a search on YouTube when a Spotify item has no YouTube match', () => {
    const choice = chooseListen(fromSpotify, [link('deezer', 'https://www.deezer.com/track/1')], 'youtube');
    expect(choice).toMatchObject({ play: fromSpotify, switched: false, findOn: 'youtube' });
    expect(choice.alsoOn.map((l) => l.platform)).toEqual(['deezer']);
  });

  it('keeps the original when the listener asks for it, still knowing the match', () => {
    const choice = chooseListen(fromSpotify, resolved, 'youtube', true);
    expect(choice).toMatchObject({ play: fromSpotify, switched: false, findOn: null });
    expect(choice.alsoOn.map((l) => l.platform)).toContain('youtube');
  });

  it("prefers the curator's own counterpart over the resolver's", () => {
    const mine = 'https://www.youtube.com/watch?v=aaaaaaaaaaa';
    const links = [link('youtube', YOUTUBE, 'search'), link('youtube', mine, 'curator')];
    expect(chooseListen(fromSpotify, links, 'youtube').play.url).toBe(mine);
  });

  it('plays the original and offers nothing before the listener is known (the server and hydration)', () => {
    expect(chooseListen(fromSpotify, resolved, null)).toEqual({
      play: fromSpotify,
      original: 'spotify',
      switched: false,
      alsoOn: [],
      findOn: null,
    });
  });
});

describe("playedLink, the first pages' part of chooseListen", () => {
  it('agrees with chooseListen on what plays', () => {
    for (const provider of ['spotify', 'youtube', null] as const)
      for (const keep of [false, true])
        for (const links of [resolved, [], [link('youtube', YOUTUBE, 'search')]])
          expect(playedLink(fromSpotify, links, provider, keep)).toEqual(
            chooseListen(fromSpotify, links, provider, keep).play,
          );
  });
});

describe('PLATFORM_ORDER', () => {
  it("is the contract's LISTEN_PLATFORMS", () => {
    expect(PLATFORM_ORDER).toEqual(LISTEN_PLATFORMS);
  });
});

describe('searchUrl', () => {
  it('searches by title and artist, encoded', () => {
    expect(searchUrl('youtube', 'Take On Me', 'a-ha')).toBe(
      'https://www.youtube.com/results?search_query=Take%20On%20Me%20a-ha',
    );
    expect(searchUrl('spotify', 'שיר & זמר', '')).toBe(
      `https://open.spotify.com/search/${encodeURIComponent('שיר & זמר')}`,
    );
  });
});
