import { LISTEN_PLATFORMS } from '@josie/contract';
import { describe, expect, it } from 'vitest';
import { makeItemLink as link } from '../testing';
import { openedLink, playedLink, recordingKeys, searchUrl } from './choose';
import { chooseListen, inPlatformOrder, PLATFORM_ORDER } from './order';

const SPOTIFY = 'https://open.spotify.com/track/32OlwWuMpZ6b0aN2RZOeMS';
const YOUTUBE = 'https://www.youtube.com/watch?v=OPf0YbXqDm0';
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
      openOn: null,
      playable: false,
    });
  });
});

describe("playedLink, the first pages' part of chooseListen", () => {
  it('agrees with chooseListen on what plays', () => {
    const services = [
      'spotify',
      'youtube',
      'deezer',
      'appleMusic',
      'amazonMusic',
      'youtubeMusic',
      null,
    ] as const;
    const withMusic = [...resolved, link('youtubeMusic', 'https://music.youtube.com/watch?v=OPf0YbXqDm0')];
    for (const provider of services)
      for (const keep of [false, true])
        for (const links of [resolved, withMusic, [], [link('youtube', YOUTUBE, 'search')]])
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

describe('a service whose own player Josie embeds (decision 0022, amendment of 2026-12-05)', () => {
  it("plays the item in the service's player, offers its link first and the original back", () => {
    const choice = chooseListen(fromSpotify, resolved, 'deezer');
    expect(choice.play).toEqual({ platform: 'deezer', url: 'https://www.deezer.com/track/1' });
    expect(choice).toMatchObject({ switched: true, findOn: null, playable: true });
    expect(choice.openOn?.url).toBe('https://www.deezer.com/track/1');
    expect(inPlatformOrder(choice.alsoOn).map((l) => l.platform)).toEqual([
      'spotify',
      'youtube',
      'appleMusic',
    ]);
    expect(playedLink(fromSpotify, resolved, 'deezer', false)).toEqual(choice.play);
  });

  it('keeps the original when the listener asks for it, still able to play it there', () => {
    const choice = chooseListen(fromSpotify, resolved, 'appleMusic', true);
    expect(choice).toMatchObject({ play: fromSpotify, switched: false, playable: true });
    expect(choice.openOn?.url).toBe('https://music.apple.com/us/song/1');
  });

  it('keeps the original and offers the link alone when the link gives no player', () => {
    const short = [link('spotify', SPOTIFY, 'original'), link('deezer', 'https://deezer.page.link/abcdef')];
    const choice = chooseListen(fromSpotify, short, 'deezer');
    expect(choice).toMatchObject({ play: fromSpotify, switched: false, playable: false, findOn: null });
    expect(choice.openOn?.url).toBe('https://deezer.page.link/abcdef');
  });

  it('plays YouTube Music in the YouTube player, unless it is the YouTube original itself', () => {
    const music = 'https://music.youtube.com/watch?v=OPf0YbXqDm0';
    const links = [...resolved, link('youtubeMusic', music)];
    expect(chooseListen(fromSpotify, links, 'youtubeMusic')).toMatchObject({
      play: { platform: 'youtubeMusic', url: music },
      switched: true,
    });
    const same = [link('youtube', YOUTUBE, 'original'), link('youtubeMusic', music)];
    expect(chooseListen(fromYouTube, same, 'youtubeMusic')).toMatchObject({
      play: fromYouTube,
      switched: false,
      playable: false,
    });
  });
});

describe('a service without a player here (docs/decisions/0022-listen-on-your-own-service.md)', () => {
  const withAmazon = [...resolved, link('amazonMusic', 'https://music.amazon.com/albums/B01?trackAsin=B02')];

  it('keeps the original player and offers the link there first, not again in Also on', () => {
    const choice = chooseListen(fromSpotify, withAmazon, 'amazonMusic');
    expect(choice.play).toBe(fromSpotify);
    expect(choice.switched).toBe(false);
    expect(choice.playable).toBe(false);
    expect(choice.openOn?.url).toBe('https://music.amazon.com/albums/B01?trackAsin=B02');
    expect(choice.alsoOn.map((l) => l.platform)).toEqual(['deezer', 'youtube', 'appleMusic']);
    expect(choice.findOn).toBeNull();
    expect(playedLink(fromSpotify, withAmazon, 'amazonMusic', false)).toBe(fromSpotify);
  });

  it('falls back to the original when the platform has no link', () => {
    const choice = chooseListen(fromSpotify, resolved, 'tidal');
    expect(choice.play).toBe(fromSpotify);
    expect(choice.openOn).toBeNull();
    expect(choice.findOn).toBeNull();
  });

  it("opens a feed card's link on the listener's platform, else the original", () => {
    expect(openedLink(fromSpotify, resolved, 'deezer')).toEqual({
      platform: 'deezer',
      url: 'https://www.deezer.com/track/1',
    });
    expect(openedLink(fromSpotify, resolved, 'youtube')).toEqual({ platform: 'youtube', url: YOUTUBE });
    expect(openedLink(fromSpotify, resolved, 'soundcloud')).toBe(fromSpotify);
    expect(openedLink(fromSpotify, resolved, null)).toBe(fromSpotify);
  });
});

describe('recordingKeys', () => {
  it('counts a YouTube Music link as the YouTube video it is, so one recording plays once', () => {
    expect(
      recordingKeys(SPOTIFY, [link('youtubeMusic', 'https://music.youtube.com/watch?v=OPf0YbXqDm0')]),
    ).toEqual(['spotify:32OlwWuMpZ6b0aN2RZOeMS', 'youtube:OPf0YbXqDm0']);
    expect(recordingKeys(SPOTIFY, [link('deezer', 'https://www.deezer.com/track/1')])).toEqual([
      'spotify:32OlwWuMpZ6b0aN2RZOeMS',
    ]);
  });
});
