import { describe, expect, it } from 'vitest';
import {
  audioEmbedFor,
  embedFor,
  parseAudioUrl,
  parseSpotifyUrl,
  parseVideoUrl,
  parseYouTubeUrl,
  songCount,
  spotifyEmbedUrl,
  youtubeEmbedUrl,
} from './media-urls.js';

// Real ids, as the demo seed uses them.
const TRACK = '4PTG3Z6ehGkBFwjybzWkR8'; // Never Gonna Give You Up
const ALBUM = '4m2880jivSbbyEGAKfITCa'; // Random Access Memories
const PLAYLIST = '37i9dQZF1DXcBWIGoYBM5M'; // Today's Top Hits
const VIDEO = 'dQw4w9WgXcQ';
const VIDEO_WITH_UNDERSCORE = 'ZbZSe6N_BXs'; // Happy
// YouTube playlist ids are not in the demo file; this one has the usual `PL` + 32 characters form.
const YT_LIST = 'PLMC9KNkIncKtPzgY-5rmhvj7fax8fdxoj';

describe('parseAudioUrl: every form of link people paste from Spotify and YouTube', () => {
  const spotify = (type: 'track' | 'album' | 'playlist', id: string) => ({
    provider: 'spotify',
    type,
    id,
    url: `https://open.spotify.com/${type}/${id}`,
  });
  const youtubeTrack = (id: string) => ({
    provider: 'youtube',
    type: 'track',
    id,
    url: `https://www.youtube.com/watch?v=${id}`,
  });
  const cases: [string, object][] = [
    [`https://open.spotify.com/track/${TRACK}`, spotify('track', TRACK)],
    [`https://open.spotify.com/track/${TRACK}?si=1a2b3c4d5e6f7a8b`, spotify('track', TRACK)],
    [`https://open.spotify.com/intl-he/track/${TRACK}?si=1a2b3c4d5e6f7a8b`, spotify('track', TRACK)],
    [`https://open.spotify.com/album/${ALBUM}`, spotify('album', ALBUM)],
    [`https://open.spotify.com/playlist/${PLAYLIST}?si=abc123&pi=u-xyz`, spotify('playlist', PLAYLIST)],
    [`spotify:track:${TRACK}`, spotify('track', TRACK)],
    [`https://www.youtube.com/watch?v=${VIDEO}`, youtubeTrack(VIDEO)],
    [`https://www.youtube.com/watch?v=${VIDEO}&list=${YT_LIST}&index=2`, youtubeTrack(VIDEO)],
    [`https://youtube.com/watch?v=${VIDEO}&feature=shared`, youtubeTrack(VIDEO)],
    [`https://m.youtube.com/watch?v=${VIDEO}`, youtubeTrack(VIDEO)],
    [`https://music.youtube.com/watch?v=${VIDEO}&si=Xy12`, youtubeTrack(VIDEO)],
    [`https://youtu.be/${VIDEO}?si=Xy12&t=42`, youtubeTrack(VIDEO)],
    [`https://www.youtube.com/shorts/${VIDEO_WITH_UNDERSCORE}`, youtubeTrack(VIDEO_WITH_UNDERSCORE)],
    [`https://www.youtube.com/embed/${VIDEO}`, youtubeTrack(VIDEO)],
    [
      `https://www.youtube.com/playlist?list=${YT_LIST}`,
      {
        provider: 'youtube',
        type: 'playlist',
        id: YT_LIST,
        url: `https://www.youtube.com/playlist?list=${YT_LIST}`,
      },
    ],
    // Also: no scheme, upper-case host, surrounding spaces, a fragment, an embed link, a user-scoped
    // playlist.
    [`open.spotify.com/track/${TRACK}`, spotify('track', TRACK)],
    [`  HTTPS://OPEN.SPOTIFY.COM/track/${TRACK}  `, spotify('track', TRACK)],
    [`https://youtu.be/${VIDEO}#t=1m`, youtubeTrack(VIDEO)],
    [`https://open.spotify.com/embed/album/${ALBUM}`, spotify('album', ALBUM)],
    [`https://open.spotify.com/intl-pt-br/album/${ALBUM}`, spotify('album', ALBUM)],
    [`https://open.spotify.com/user/spotify/playlist/${PLAYLIST}`, spotify('playlist', PLAYLIST)],
  ];
  it.each(cases)('%s', (input, expected) => {
    expect(parseAudioUrl(input)).toEqual(expected);
  });

  it.each([
    '',
    'not a link',
    `https://open.spotify.com/artist/${TRACK}`, // an artist page is not an audio item
    `https://open.spotify.com/show/${TRACK}`,
    `https://open.spotify.com/track/${TRACK.slice(1)}`, // 21 characters
    `https://open.spotify.com/track/${TRACK}/extra`,
    `https://open.spotify.com.evil.test/track/${TRACK}`,
    `https://evil.test/open.spotify.com/track/${TRACK}`,
    `https://user@open.spotify.com/track/${TRACK}`,
    `spotify:episode:${TRACK}`,
    `ftp://open.spotify.com/track/${TRACK}`,
    `https://www.youtube.com/watch?v=${VIDEO.slice(1)}`, // 10 characters
    `https://www.youtube.com/watch?v=${VIDEO}x`,
    'https://www.youtube.com/watch?v=dQw4w9WgX!Q',
    'https://www.youtube.com/',
    `https://vimeo.com/${VIDEO}`,
    `https://notyoutube.com/watch?v=${VIDEO}`,
    'https://www.youtube.com/playlist?list=short',
  ])('refuses %j', (input) => {
    expect(parseAudioUrl(input)).toBeNull();
  });
});

describe('parseVideoUrl (docs/product/rules-and-limits.md#video-links)', () => {
  it('needs a link', () => {
    expect(parseVideoUrl('')).toEqual({ ok: false, error: 'video.add.urlRequired' });
    expect(parseVideoUrl('   ')).toEqual({ ok: false, error: 'video.add.urlRequired' });
  });

  it('supports YouTube only', () => {
    expect(parseVideoUrl(`https://open.spotify.com/track/${TRACK}`)).toEqual({
      ok: false,
      error: 'video.add.unsupportedUrl',
    });
    expect(parseVideoUrl('https://vimeo.com/76979871')).toEqual({
      ok: false,
      error: 'video.add.unsupportedUrl',
    });
    expect(parseVideoUrl('hello')).toEqual({ ok: false, error: 'video.add.unsupportedUrl' });
  });

  it('refuses a YouTube link without a valid id', () => {
    expect(parseVideoUrl('https://www.youtube.com/watch?v=short')).toEqual({
      ok: false,
      error: 'video.add.invalidVideoUrl',
    });
    expect(parseVideoUrl('https://youtu.be/')).toEqual({ ok: false, error: 'video.add.invalidVideoUrl' });
    expect(parseVideoUrl('https://www.youtube.com/feed/trending')).toEqual({
      ok: false,
      error: 'video.add.invalidVideoUrl',
    });
  });

  it('tries the playlist id first, then the 11-character video id', () => {
    expect(parseVideoUrl(`https://www.youtube.com/watch?v=${VIDEO}&list=${YT_LIST}&index=2`)).toEqual({
      ok: true,
      video: { type: 'playlist', id: YT_LIST, url: `https://www.youtube.com/playlist?list=${YT_LIST}` },
    });
    expect(parseVideoUrl(`https://www.youtube.com/embed/videoseries?list=${YT_LIST}`)).toMatchObject({
      ok: true,
      video: { type: 'playlist', id: YT_LIST },
    });
    for (const url of [
      `https://www.youtube.com/watch?v=${VIDEO}`,
      `https://youtube.com/watch?v=${VIDEO}&feature=shared`,
      `https://m.youtube.com/watch?v=${VIDEO}`,
      `https://music.youtube.com/watch?v=${VIDEO}&si=x`,
      `https://youtu.be/${VIDEO}?si=x&t=42`,
      `https://www.youtube.com/shorts/${VIDEO}`,
      `https://www.youtube.com/embed/${VIDEO}`,
      `https://www.youtube-nocookie.com/embed/${VIDEO}`,
      `https://www.youtube.com/live/${VIDEO}`,
    ]) {
      expect(parseVideoUrl(url), url).toEqual({
        ok: true,
        video: { type: 'video', id: VIDEO, url: `https://www.youtube.com/watch?v=${VIDEO}` },
      });
    }
  });
});

describe('provider parsers', () => {
  it('reads Spotify artist links (embeddable, not an audio item)', () => {
    expect(parseSpotifyUrl(`https://open.spotify.com/artist/${ALBUM}?si=x`)).toEqual({
      kind: 'artist',
      id: ALBUM,
    });
    expect(parseSpotifyUrl(`spotify:artist:${ALBUM}`)).toEqual({ kind: 'artist', id: ALBUM });
  });

  it('reports the YouTube ids separately and null for other hosts', () => {
    expect(parseYouTubeUrl(`https://www.youtube.com/watch?v=${VIDEO}&list=${YT_LIST}`)).toEqual({
      videoId: VIDEO,
      playlistId: YT_LIST,
    });
    expect(parseYouTubeUrl('https://www.youtube.com/watch?v=bad')).toEqual({
      videoId: null,
      playlistId: null,
    });
    expect(parseYouTubeUrl(`https://example.com/watch?v=${VIDEO}`)).toBeNull();
  });
});

describe('embeds', () => {
  it('builds the Spotify and privacy-enhanced YouTube players', () => {
    expect(spotifyEmbedUrl('track', TRACK)).toBe(`https://open.spotify.com/embed/track/${TRACK}`);
    expect(spotifyEmbedUrl('artist', ALBUM)).toBe(`https://open.spotify.com/embed/artist/${ALBUM}`);
    expect(youtubeEmbedUrl({ type: 'video', id: VIDEO })).toBe(
      `https://www.youtube-nocookie.com/embed/${VIDEO}`,
    );
    expect(youtubeEmbedUrl({ type: 'playlist', id: YT_LIST })).toBe(
      `https://www.youtube-nocookie.com/embed/videoseries?list=${YT_LIST}`,
    );
  });

  it('converts any pasted link, or answers null', () => {
    expect(embedFor(`https://open.spotify.com/intl-he/playlist/${PLAYLIST}?si=x`)).toEqual({
      provider: 'spotify',
      src: `https://open.spotify.com/embed/playlist/${PLAYLIST}`,
    });
    expect(embedFor(`https://open.spotify.com/artist/${ALBUM}`)?.src).toBe(
      `https://open.spotify.com/embed/artist/${ALBUM}`,
    );
    expect(embedFor(`https://youtu.be/${VIDEO}`)).toEqual({
      provider: 'youtube',
      src: `https://www.youtube-nocookie.com/embed/${VIDEO}`,
    });
    expect(embedFor('https://example.com/video.mp4')).toBeNull();
  });

  it('re-derives an audio item embed from its link', () => {
    expect(audioEmbedFor({ url: `https://open.spotify.com/album/${ALBUM}` })?.src).toBe(
      `https://open.spotify.com/embed/album/${ALBUM}`,
    );
    expect(audioEmbedFor({ url: `https://www.youtube.com/watch?v=${VIDEO}&list=${YT_LIST}` })?.src).toBe(
      `https://www.youtube-nocookie.com/embed/${VIDEO}`,
    );
    expect(audioEmbedFor({ url: `https://www.youtube.com/playlist?list=${YT_LIST}` })?.src).toBe(
      `https://www.youtube-nocookie.com/embed/videoseries?list=${YT_LIST}`,
    );
    expect(audioEmbedFor({ url: 'https://example.com/a.mp3' })).toBeNull();
  });
});

describe('songCount (docs/product/routes-and-roles.md#pages)', () => {
  const audio = { type: 'audioItem' };
  it('counts audioItem paragraphs from schemaVersion 2', () => {
    expect(songCount({ schemaVersion: 2, paragraphs: [{ type: 'text' }, audio, audio] })).toBe(2);
    expect(songCount({ schemaVersion: 3, paragraphs: [audio], audioItems: [1, 2, 3] })).toBe(1);
    expect(songCount({ schemaVersion: 2, paragraphs: null })).toBe(0);
  });
  it('counts the legacy audioItems list below schemaVersion 2', () => {
    expect(songCount({ schemaVersion: 1, paragraphs: [audio], audioItems: [{}, {}, {}] })).toBe(3);
    expect(songCount({ paragraphs: [audio] })).toBe(0);
  });
});
