import { describe, expect, it } from 'vitest';
import { LISTEN_PLATFORMS } from '../listening.js';
import { SERVICE_EMBED_ORIGINS, serviceEmbedFor } from './service-embeds.js';

describe('serviceEmbedFor (docs/decisions/0022-listen-on-your-own-service.md)', () => {
  it.each([
    // Apple Music: the same path on embed.music.apple.com; a song (`?i=`) is 175 px, a list 450 px.
    [
      'appleMusic',
      'https://music.apple.com/us/album/take-on-me/1000000?i=1000001',
      'https://embed.music.apple.com/us/album/take-on-me/1000000?i=1000001',
      175,
    ],
    [
      'appleMusic',
      // Odesli's form: geo. host, `_` for a name, and its tracking parameters (dropped).
      'https://geo.music.apple.com/us/album/_/1445776466?i=1445776479&mt=1&app=music&ls=1&at=1000lHKX',
      'https://embed.music.apple.com/us/album/_/1445776466?i=1445776479',
      175,
    ],
    [
      'appleMusic',
      'https://music.apple.com/gb/album/hunky-dory/1445776466',
      'https://embed.music.apple.com/gb/album/hunky-dory/1445776466',
      450,
    ],
    [
      'appleMusic',
      'https://music.apple.com/us/song/never-gonna-give-you-up/1558533900',
      'https://embed.music.apple.com/us/song/never-gonna-give-you-up/1558533900',
      175,
    ],
    [
      'appleMusic',
      'https://music.apple.com/il/playlist/todays-hits/pl.f4d106fed2bd41149aaacabb233eb5eb',
      'https://embed.music.apple.com/il/playlist/todays-hits/pl.f4d106fed2bd41149aaacabb233eb5eb',
      450,
    ],
    [
      'appleMusic',
      // A name outside ASCII arrives percent-encoded and stays so.
      'https://music.apple.com/il/album/%D7%A9%D7%99%D7%A8/123?i=124',
      'https://embed.music.apple.com/il/album/%D7%A9%D7%99%D7%A8/123?i=124',
      175,
    ],
    // Deezer's widget, whatever the language prefix of the link.
    [
      'deezer',
      'https://www.deezer.com/track/3135556',
      'https://widget.deezer.com/widget/auto/track/3135556',
      300,
    ],
    [
      'deezer',
      'https://www.deezer.com/en/album/302127',
      'https://widget.deezer.com/widget/auto/album/302127',
      300,
    ],
    [
      'deezer',
      'https://deezer.com/fr/playlist/908622995',
      'https://widget.deezer.com/widget/auto/playlist/908622995',
      300,
    ],
    // TIDAL's embed: tracks 122 px, albums and playlists 275 px, videos 282 px.
    ['tidal', 'https://listen.tidal.com/track/1766030', 'https://embed.tidal.com/tracks/1766030', 122],
    ['tidal', 'https://tidal.com/browse/track/1766030?u', 'https://embed.tidal.com/tracks/1766030', 122],
    ['tidal', 'https://tidal.com/track/1766030/u', 'https://embed.tidal.com/tracks/1766030', 122],
    ['tidal', 'https://tidal.com/browse/album/1550545', 'https://embed.tidal.com/albums/1550545', 275],
    [
      'tidal',
      'https://listen.tidal.com/playlist/b0d95b5e-7c4f-4dae-b042-b8c6228c2ba4',
      'https://embed.tidal.com/playlists/b0d95b5e-7c4f-4dae-b042-b8c6228c2ba4',
      275,
    ],
    ['tidal', 'https://tidal.com/browse/video/71196108', 'https://embed.tidal.com/videos/71196108', 282],
    // SoundCloud's widget, given the track's canonical link, encoded (tracking parameters dropped).
    [
      'soundcloud',
      'https://soundcloud.com/rick-astley-official/never-gonna-give-you-up-4?utm_source=clipboard',
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Frick-astley-official%2Fnever-gonna-give-you-up-4',
      166,
    ],
    [
      'soundcloud',
      'https://m.soundcloud.com/a_b/sets/road-trip',
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fa_b%2Fsets%2Froad-trip',
      450,
    ],
  ] as const)('plays a %s link %s in %s', (platform, url, src, height) => {
    expect(serviceEmbedFor(platform, url)).toEqual({ platform, src, height });
  });

  it("plays YouTube Music's video in the YouTube player the josie uses (youtube-nocookie)", () => {
    expect(
      serviceEmbedFor('youtubeMusic', 'https://music.youtube.com/watch?v=dQw4w9WgXcQ&feature=share'),
    ).toEqual({
      platform: 'youtubeMusic',
      src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      video: { type: 'video', id: 'dQw4w9WgXcQ', url: 'https://music.youtube.com/watch?v=dQw4w9WgXcQ' },
    });
    expect(
      serviceEmbedFor(
        'youtubeMusic',
        'https://music.youtube.com/playlist?list=OLAK5uy_kMUq6eOVGYc9Qsvv9V7uFYk2qRoO3Cbhc',
      ),
    ).toMatchObject({
      src: 'https://www.youtube-nocookie.com/embed/videoseries?list=OLAK5uy_kMUq6eOVGYc9Qsvv9V7uFYk2qRoO3Cbhc',
      video: { type: 'playlist', id: 'OLAK5uy_kMUq6eOVGYc9Qsvv9V7uFYk2qRoO3Cbhc' },
    });
  });

  it('offers no embed for Amazon Music (no public player for any track), nor for Spotify and YouTube here', () => {
    expect(
      serviceEmbedFor('amazonMusic', 'https://music.amazon.com/albums/B0123456?trackAsin=B1234567'),
    ).toBeNull();
    expect(serviceEmbedFor('spotify', 'https://open.spotify.com/track/4PTG3Z6ehGkBFwjybzWkR8')).toBeNull();
    expect(serviceEmbedFor('youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
  });

  it.each([
    // Other hosts, look-alikes and the right platform's link under the wrong name.
    ['appleMusic', 'https://music.apple.com.evil.example/us/album/x/1?i=2'],
    ['appleMusic', 'https://embed.music.apple.com/us/album/x/1?i=2'],
    ['appleMusic', 'https://evil.example/us/album/x/1?i=2'],
    ['deezer', 'https://notdeezer.com/track/1'],
    ['deezer', 'https://deezer.page.link/abcdef'],
    ['deezer', 'https://www.deezer.com.evil.example/track/1'],
    ['tidal', 'https://embed.tidal.com/tracks/1'],
    ['soundcloud', 'https://soundcloud.com.evil.example/a/b'],
    ['soundcloud', 'https://on.soundcloud.com/abcdef'],
    ['youtubeMusic', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['youtubeMusic', 'https://music.youtube.com.evil.example/watch?v=dQw4w9WgXcQ'],
    ['deezer', 'https://open.spotify.com/track/4PTG3Z6ehGkBFwjybzWkR8'],
    // User info, ports, other schemes.
    ['deezer', 'https://user:pass@www.deezer.com/track/1'],
    ['deezer', 'https://evil.example@www.deezer.com/track/1'],
    ['tidal', 'https://tidal.com:8443/track/1'],
    ['tidal', 'http://tidal.com/track/1'],
    ['soundcloud', 'javascript:alert(1)//soundcloud.com/a/b'],
    ['appleMusic', 'data:text/html,<script>alert(1)</script>'],
    ['deezer', '//www.deezer.com/track/1'],
    ['deezer', ''],
    // Odd paths and ids.
    ['appleMusic', 'https://music.apple.com/us/album/x/1?i=2x'],
    ['appleMusic', 'https://music.apple.com/us/album/x/abc'],
    ['appleMusic', 'https://music.apple.com/usa/album/x/1'],
    ['appleMusic', 'https://music.apple.com/us/artist/x/1'],
    ['appleMusic', 'https://music.apple.com/us/album/x/1/extra'],
    ['appleMusic', 'https://music.apple.com/us/album/"onload="alert(1)/1'],
    ['appleMusic', 'https://music.apple.com/us/playlist/x/pl.<b>'],
    ['deezer', 'https://www.deezer.com/track/1/../../artist/2'],
    ['deezer', 'https://www.deezer.com/artist/27'],
    ['deezer', 'https://www.deezer.com/track/abc'],
    ['deezer', 'https://www.deezer.com/track/1/extra'],
    ['deezer', 'https://www.deezer.com/track/1%2F..%2F2'],
    ['tidal', 'https://tidal.com/browse/artist/1'],
    ['tidal', 'https://tidal.com/browse/playlist/not-a-uuid'],
    ['tidal', 'https://tidal.com/browse/track/1/v'],
    ['soundcloud', 'https://soundcloud.com/discover'],
    ['soundcloud', 'https://soundcloud.com/someone'],
    ['soundcloud', 'https://soundcloud.com/someone/likes'],
    ['soundcloud', 'https://soundcloud.com/someone/track/extra'],
    ['soundcloud', 'https://soundcloud.com/someone/tr%22ack'],
    ['soundcloud', 'https://soundcloud.com/search/sounds'],
    ['youtubeMusic', 'https://music.youtube.com/watch?v=short'],
    ['youtubeMusic', 'https://music.youtube.com/channel/UC1234567890'],
    ['youtubeMusic', 'https://music.youtube.com/watch?v=dQw4w9WgXcQ%22'],
    // Overlong.
    ['deezer', `https://www.deezer.com/track/${'9'.repeat(2000)}`],
    ['deezer', `https://www.deezer.com/track/${'9'.repeat(21)}`],
    ['appleMusic', `https://music.apple.com/us/album/${'a'.repeat(1990)}/1?i=2`],
    ['soundcloud', `https://soundcloud.com/${'a'.repeat(101)}/b`],
  ] as const)('refuses a %s link %s', (platform, url) => {
    expect(serviceEmbedFor(platform, url)).toBeNull();
  });

  it('answers an embed on its own origin only, one of SERVICE_EMBED_ORIGINS or the YouTube player', () => {
    const samples: Record<string, string> = {
      appleMusic: 'https://music.apple.com/us/album/x/1?i=2',
      deezer: 'https://www.deezer.com/track/1',
      tidal: 'https://tidal.com/track/1',
      soundcloud: 'https://soundcloud.com/a/b',
      youtubeMusic: 'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
    };
    for (const platform of LISTEN_PLATFORMS) {
      const url = samples[platform];
      if (!url) continue;
      const embed = serviceEmbedFor(platform, url);
      const origin = /^https:\/\/[^/?#]+/.exec(embed?.src ?? '')?.[0];
      expect([...SERVICE_EMBED_ORIGINS, 'https://www.youtube-nocookie.com']).toContain(origin);
    }
    expect(SERVICE_EMBED_ORIGINS).toEqual([
      'https://embed.music.apple.com',
      'https://widget.deezer.com',
      'https://embed.tidal.com',
      'https://w.soundcloud.com',
    ]);
  });
});
