import { describe, expect, it } from 'vitest';
import { platformLink, providerImageLink, providerText } from './platform-links.js';

describe('platformLink', () => {
  it.each([
    ['youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['spotify', 'https://open.spotify.com/track/4PTG3Z6ehGkBFwjybzWkR8'],
    ['youtubeMusic', 'https://music.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['appleMusic', 'https://geo.music.apple.com/us/album/x/1?i=2'],
    ['deezer', 'https://www.deezer.com/track/1'],
    ['tidal', 'https://listen.tidal.com/track/1'],
    ['soundcloud', 'https://soundcloud.com/a/b'],
    ['amazonMusic', 'https://music.amazon.com/albums/B0?trackAsin=B1'],
  ] as const)('keeps a %s link on its own host', (platform, url) => {
    expect(platformLink(platform, url)).toBe(url);
  });

  it.each([
    ['youtube', 'https://evil.example/watch?v=dQw4w9WgXcQ'],
    ['youtubeMusic', 'https://music.youtube.com.evil.example/watch?v=dQw4w9WgXcQ'],
    ['amazonMusic', 'https://user:pass@evil.example:8443/\u202eppa.exe'],
    ['amazonMusic', 'https://user:pass@music.amazon.com/albums/B0'],
    ['tidal', 'https://tidal.com:8443/track/1'],
    ['tidal', 'http://tidal.com/track/1'],
    ['tidal', 'javascript:alert(1)//tidal.com'],
    ['deezer', `https://www.deezer.com/track/${'9'.repeat(2000)}`],
    ['deezer', 'https://notdeezer.com/track/1'],
    ['spotify', 'https://open.spotify.com.evil.example/track/4PTG3Z6ehGkBFwjybzWkR8'],
  ] as const)('refuses a %s link %s', (platform, url) => {
    expect(platformLink(platform, url)).toBeNull();
  });

  it('percent-encodes a right-to-left override in a kept path', () => {
    expect(platformLink('soundcloud', 'https://soundcloud.com/a/\u202eb')).toBe(
      'https://soundcloud.com/a/%E2%80%AEb',
    );
  });
});

describe('providerImageLink and providerText', () => {
  it('keeps an https image link only', () => {
    expect(providerImageLink('https://i.scdn.co/image/ab')).toBe('https://i.scdn.co/image/ab');
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      '/media/a.png',
      'http://x.example/a.png',
    ])
      expect(providerImageLink(bad), bad).toBeNull();
    expect(providerImageLink(`https://i.scdn.co/${'a'.repeat(2000)}`)).toBeNull();
  });

  it('cuts texts to 300 characters, whole code points', () => {
    expect(providerText('x'.repeat(10_240))).toHaveLength(300);
    expect(Array.from(providerText('😀'.repeat(400)))).toHaveLength(300);
    expect(providerText(undefined)).toBe('');
  });
});
