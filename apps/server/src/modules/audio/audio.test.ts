import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { oauthAccounts } from '../../db/schema.js';
import { buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { type GoogleStandin, startGoogleStandin } from '../../test/standins/google.js';
import { TEST_TOKEN_ENCRYPTION_KEY } from '../../test/standins/index.js';
import { type SpotifyStandin, spotifyError, startSpotifyStandin } from '../../test/standins/spotify.js';
import { connectWith } from '../oauth/testing.js';

const BLINDING_LIGHTS = 'https://open.spotify.com/intl-he/track/0VjIjW4GlUZAMYd2vXMi3b?si=abc123';

describe('audio, unconfigured', () => {
  let ctx: TestContext;
  let curator: TestUser;
  beforeAll(async () => {
    // oEmbed endpoints on a loopback port nobody listens on: "the provider cannot be reached".
    const closed = await startSpotifyStandin();
    await closed.close();
    ctx = await createTestContext({
      SPOTIFY_OEMBED_URL: `${closed.url}/oembed`,
      YOUTUBE_OEMBED_URL: `${closed.url}/oembed`,
    });
    curator = await buildUser(ctx, { role: 'curator' });
  });
  afterAll(() => ctx.close());

  it('answers the supported types of each provider, publicly', async () => {
    const spotify = await ctx.app.inject({ url: '/api/audio/supported-types/spotify' });
    expect(spotify.json()).toEqual({ supportedTypes: { track: true, album: true, playlist: true } });
    const youtube = await ctx.app.inject({ url: '/api/audio/supported-types/youtube' });
    expect(youtube.json()).toEqual({ supportedTypes: { track: true, album: false, playlist: true } });
    const other = await ctx.app.inject({ url: '/api/audio/supported-types/deezer' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ message: 'Unsupported provider', code: 'UNSUPPORTED_PROVIDER' });
  });

  it('says search is not configured (503)', async () => {
    const spotify = await ctx.app.inject({
      url: '/api/audio/search?query=weeknd&type=track&provider=spotify',
      headers: curator.auth,
    });
    expect(spotify.statusCode).toBe(503);
    expect(spotify.json()).toEqual({
      message: 'Spotify search is not configured on this server',
      code: 'NOT_CONFIGURED',
    });
    const youtube = await ctx.app.inject({
      url: '/api/audio/search?query=queen&provider=youtube',
      headers: curator.auth,
    });
    expect(youtube.json().message).toBe('YouTube search is not configured on this server');
    const video = await ctx.app.inject({ url: '/api/video/search?query=queen', headers: curator.auth });
    expect(video.statusCode).toBe(503);
    expect(video.json().message).toBe('YouTube search is not configured on this server');
  });

  it('still answers a pasted link when oEmbed cannot be reached, so the embed works', async () => {
    const res = await ctx.app.inject({
      url: `/api/audio/url-details?url=${encodeURIComponent(BLINDING_LIGHTS)}`,
      headers: curator.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: '0VjIjW4GlUZAMYd2vXMi3b',
      type: 'track',
      name: '',
      provider: 'spotify',
      url: 'https://open.spotify.com/track/0VjIjW4GlUZAMYd2vXMi3b',
      image: null,
      artist: '',
      artists: [],
      images: [],
      uri: 'spotify:track:0VjIjW4GlUZAMYd2vXMi3b',
      external_urls: { spotify: 'https://open.spotify.com/track/0VjIjW4GlUZAMYd2vXMi3b' },
    });
  });
});

describe('audio and video search through the stand-ins', () => {
  let ctx: TestContext;
  let spotify: SpotifyStandin;
  let google: GoogleStandin;
  let curator: TestUser;
  beforeAll(async () => {
    [spotify, google] = await Promise.all([startSpotifyStandin(), startGoogleStandin()]);
    ctx = await createTestContext({
      ...spotify.env,
      ...google.env,
      TOKEN_ENCRYPTION_KEY: TEST_TOKEN_ENCRYPTION_KEY,
    });
    curator = await buildUser(ctx, { role: 'curator' });
  });
  afterAll(async () => {
    await ctx.close();
    await Promise.all([spotify.close(), google.close()]);
  });
  beforeEach(() => {
    spotify.reset();
    google.reset();
  });

  const search = (qs: string, user: TestUser = curator) =>
    ctx.app.inject({ url: `/api/audio/search?${qs}`, headers: user.auth });
  const tokenRequests = () =>
    spotify.requests
      .filter((r) => r.path === '/api/token')
      .map((r) => (r.body as Record<string, string>).grant_type);

  it('searches Spotify tracks with a cached client-credentials token', async () => {
    const res = await search('query=weeknd&type=track&provider=spotify');
    expect(res.statusCode).toBe(200);
    const [item] = res.json().items;
    expect(item).toEqual({
      id: '0VjIjW4GlUZAMYd2vXMi3b',
      type: 'track',
      name: 'Blinding Lights',
      provider: 'spotify',
      url: 'https://open.spotify.com/track/0VjIjW4GlUZAMYd2vXMi3b',
      image: 'https://i.scdn.co/image/aljIjW4GlUZAMYd2vXMi3b-640',
      artist: 'The Weeknd',
      artists: [{ name: 'The Weeknd' }],
      album: {
        name: 'After Hours',
        images: [
          { url: 'https://i.scdn.co/image/aljIjW4GlUZAMYd2vXMi3b-640', width: 640, height: 640 },
          { url: 'https://i.scdn.co/image/aljIjW4GlUZAMYd2vXMi3b-300', width: 300, height: 300 },
          { url: 'https://i.scdn.co/image/aljIjW4GlUZAMYd2vXMi3b-64', width: 64, height: 64 },
        ],
      },
      images: expect.any(Array),
      uri: 'spotify:track:0VjIjW4GlUZAMYd2vXMi3b',
      external_urls: { spotify: 'https://open.spotify.com/track/0VjIjW4GlUZAMYd2vXMi3b' },
    });
    const call = spotify.requests.find((r) => r.path === '/v1/search');
    expect(call?.query).toMatchObject({ q: 'weeknd', type: 'track', limit: '10' });
    await search('query=toto&type=track&provider=spotify');
    expect(tokenRequests()).toEqual(['client_credentials']);
  });

  it('searches Spotify albums and playlists, skipping the null items Spotify sends', async () => {
    const albums = (await search('query=daft&type=album&provider=spotify')).json().items;
    expect(albums).toHaveLength(1);
    expect(albums[0]).toMatchObject({
      type: 'album',
      name: 'Random Access Memories',
      artist: 'Daft Punk',
      tracks: { total: 13 },
    });
    const playlists = (await search('query=hits&type=playlist&provider=spotify')).json().items;
    expect(playlists).toHaveLength(1);
    expect(playlists[0]).toMatchObject({
      type: 'playlist',
      name: "Today's Top Hits",
      owner: { display_name: 'Spotify' },
      artist: 'Spotify',
      tracks: { total: 50 },
      url: 'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M',
    });
  });

  it('searches YouTube videos (as tracks, music only) and playlists; no albums', async () => {
    const res = await search('query=africa&type=track&provider=youtube');
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toEqual({
      id: 'FTQbiNvZqaY',
      type: 'track',
      name: "Toto - Africa (Official HD Video) & Rosanna's Friends",
      provider: 'youtube',
      url: 'https://www.youtube.com/watch?v=FTQbiNvZqaY',
      image: 'https://i.ytimg.com/vi/FTQbiNvZqaY/hqdefault.jpg',
      artist: 'TotoVEVO',
      artists: [{ name: 'TotoVEVO' }],
      images: [{ url: 'https://i.ytimg.com/vi/FTQbiNvZqaY/hqdefault.jpg', width: 480, height: 360 }],
      thumbnails: {
        default: { url: 'https://i.ytimg.com/vi/FTQbiNvZqaY/default.jpg', width: 120, height: 90 },
        medium: { url: 'https://i.ytimg.com/vi/FTQbiNvZqaY/mqdefault.jpg', width: 320, height: 180 },
        high: { url: 'https://i.ytimg.com/vi/FTQbiNvZqaY/hqdefault.jpg', width: 480, height: 360 },
      },
    });
    expect(google.requests.at(-1)?.query).toMatchObject({
      part: 'snippet',
      type: 'video',
      q: 'africa',
      videoCategoryId: '10',
      videoEmbeddable: 'true',
      key: google.apiKey,
    });
    const playlists = (await search('query=classics&type=playlist&provider=youtube')).json().items;
    expect(playlists[0]).toMatchObject({
      type: 'playlist',
      url: 'https://www.youtube.com/playlist?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI',
      name: 'Top Hits & Classics',
      owner: { name: 'Music Lists' },
    });
    const albums = await search('query=x&type=album&provider=youtube');
    expect(albums.statusCode).toBe(400);
    expect(albums.json()).toEqual({
      message: 'YouTube does not support album search',
      code: 'UNSUPPORTED_TYPE',
    });
  });

  it('validates the query, the provider and who asks', async () => {
    const empty = await search('query=&provider=spotify');
    expect(empty.statusCode).toBe(400);
    expect((await search('query=x&provider=deezer')).json()).toEqual({
      message: 'Unsupported provider',
      code: 'UNSUPPORTED_PROVIDER',
    });
    expect((await search('query=x&type=podcast')).statusCode).toBe(400);
    const listener = await buildUser(ctx);
    expect((await search('query=weeknd', listener)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/audio/search?query=weeknd' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/audio/url-details?url=x' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/video/search?query=x' })).statusCode).toBe(401);
  });

  it('maps Spotify failures: 429 -> 503, 500 -> 502, a refused token is renewed once, then 401 PROVIDER_AUTH', async () => {
    spotify.failNext('/v1/search', {
      status: 429,
      body: spotifyError(429, 'API rate limit exceeded'),
      headers: { 'retry-after': '5' },
    });
    const limited = await search('query=weeknd&provider=spotify');
    expect(limited.statusCode).toBe(503);
    expect(limited.json()).toEqual({
      message: 'Spotify is receiving too many requests right now. Please try again in a moment.',
      code: 'PROVIDER_RATE_LIMITED',
    });
    spotify.failNext('/v1/search', { status: 500, body: spotifyError(500, 'Server error') });
    const broken = await search('query=weeknd&provider=spotify');
    expect(broken.statusCode).toBe(502);
    expect(broken.json().code).toBe('PROVIDER_ERROR');

    spotify.failNext('/v1/search', { status: 401, body: spotifyError(401, 'The access token expired') });
    const renewed = await search('query=weeknd&provider=spotify');
    expect(renewed.statusCode).toBe(200);
    expect(tokenRequests()).toEqual(['client_credentials']);

    spotify.failNext('/v1/search', {
      status: 401,
      body: spotifyError(401, 'Invalid access token'),
      times: 2,
    });
    const refused = await search('query=weeknd&provider=spotify');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      message: 'Your Spotify session has expired. Please sign in with Spotify again.',
      code: 'PROVIDER_AUTH',
    });
  });

  it("answers 503 when Spotify refuses this server's client credentials", async () => {
    const standin = await startSpotifyStandin({ clientSecret: 'the-real-secret' });
    const other = await createTestContext({
      ...standin.env,
      SPOTIFY_CLIENT_SECRET: 'a-wrong-secret',
      TOKEN_ENCRYPTION_KEY: TEST_TOKEN_ENCRYPTION_KEY,
    });
    try {
      const u = await buildUser(other, { role: 'editor' });
      const res = await other.app.inject({ url: '/api/audio/search?query=weeknd', headers: u.auth });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: "Spotify refused this server's credentials. Please tell the site's team.",
        code: 'NOT_CONFIGURED',
      });
    } finally {
      await other.close();
      await standin.close();
    }
  });

  it('maps YouTube failures: spent quota and refused key -> 503, 500 -> 502', async () => {
    const quota = {
      error: { code: 403, message: 'quota', errors: [{ reason: 'quotaExceeded', domain: 'youtube.quota' }] },
    };
    google.failNext('/youtube/v3/search', { status: 403, body: quota });
    const spent = await search('query=queen&provider=youtube');
    expect(spent.statusCode).toBe(503);
    expect(spent.json()).toEqual({
      message: 'YouTube search has reached its daily limit on this server. Please try again later.',
      code: 'PROVIDER_RATE_LIMITED',
    });
    const badKey = { error: { code: 400, message: 'API key not valid', errors: [{ reason: 'keyInvalid' }] } };
    google.failNext('/youtube/v3/search', { status: 400, body: badKey });
    const refused = await ctx.app.inject({ url: '/api/video/search?query=queen', headers: curator.auth });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().code).toBe('NOT_CONFIGURED');
    google.failNext('/youtube/v3/search', {
      status: 500,
      body: { error: { code: 500, message: 'Backend Error' } },
    });
    expect((await search('query=queen&provider=youtube')).statusCode).toBe(502);
  });

  it('searches videos as video paragraph content', async () => {
    const res = await ctx.app.inject({ url: '/api/video/search?query=queen', headers: curator.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      {
        url: 'https://www.youtube.com/watch?v=fJ9rUzIMcZQ',
        title: 'Queen – Bohemian Rhapsody (Official Video Remastered)',
        thumbnailUrl: 'https://i.ytimg.com/vi/fJ9rUzIMcZQ/hqdefault.jpg',
        channelTitle: 'Queen Official',
        id: 'fJ9rUzIMcZQ',
        type: 'video',
      },
    ]);
    expect(google.requests.at(-1)?.query.videoCategoryId).toBeUndefined();
    const lists = await ctx.app.inject({
      url: '/api/video/search?query=hits&type=playlist',
      headers: curator.auth,
    });
    expect(lists.json().items[0]).toMatchObject({
      type: 'playlist',
      id: 'PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI',
    });
  });

  it('describes pasted links with oEmbed', async () => {
    const details = (url: string) =>
      ctx.app.inject({ url: `/api/audio/url-details?url=${encodeURIComponent(url)}`, headers: curator.auth });
    const track = await details(BLINDING_LIGHTS);
    expect(track.json()).toMatchObject({
      id: '0VjIjW4GlUZAMYd2vXMi3b',
      type: 'track',
      provider: 'spotify',
      name: 'Blinding Lights',
      image: 'https://image-cdn-ak.spotifycdn.com/image/0VjIjW4GlUZAMYd2vXMi3b',
      url: 'https://open.spotify.com/track/0VjIjW4GlUZAMYd2vXMi3b',
    });
    expect(spotify.requests.at(-1)?.query.url).toBe('https://open.spotify.com/track/0VjIjW4GlUZAMYd2vXMi3b');

    const video = await details('https://youtu.be/FTQbiNvZqaY?si=x');
    expect(video.json()).toMatchObject({
      id: 'FTQbiNvZqaY',
      type: 'track',
      provider: 'youtube',
      name: "Toto - Africa (Official HD Video) & Rosanna's Friends",
      artist: 'TotoVEVO',
      url: 'https://www.youtube.com/watch?v=FTQbiNvZqaY',
    });
    expect(google.requests.at(-1)?.query).toMatchObject({ format: 'json' });

    // Not embeddable (oEmbed 401) or unknown (404): the parsed item all the same.
    const hidden = await details('https://www.youtube.com/watch?v=Zi_XLOBDo_Y');
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ id: 'Zi_XLOBDo_Y', name: '', image: null });
    spotify.failNext('/oembed', { status: 500 });
    expect((await details(BLINDING_LIGHTS)).json()).toMatchObject({ name: '', image: null });

    for (const bad of [
      'https://example.com/track/1',
      'https://open.spotify.com/artist/0VjIjW4GlUZAMYd2vXMi3b',
      '',
    ]) {
      const res = await details(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Please paste a Spotify track, album or playlist link, or a YouTube link',
        code: 'INVALID_AUDIO_URL',
      });
    }
  });

  describe("with the curator's own Spotify connection", () => {
    let member: TestUser;
    beforeAll(async () => {
      member = await buildUser(ctx, { role: 'curator' });
      const dance = await connectWith(ctx, member, 'spotify');
      expect(dance.landing.searchParams.get('connected')).toBe('spotify');
    });

    const lastSearchSubject = () => {
      const header = String(
        spotify.requests.filter((r) => r.path === '/v1/search').at(-1)?.headers.authorization,
      );
      return spotify.auth.accessTokens.get(header.replace('Bearer ', ''))?.subject.kind;
    };
    const setExpiry = (at: Date) =>
      ctx.database.db
        .update(oauthAccounts)
        .set({ accessTokenExpiresAt: at })
        .where(and(eq(oauthAccounts.userId, member.user._id), eq(oauthAccounts.provider, 'spotify')));

    it('searches with the user token', async () => {
      expect((await search('query=weeknd', member)).statusCode).toBe(200);
      expect(lastSearchSubject()).toBe('user');
      expect(tokenRequests()).toEqual([]);
    });

    it('refreshes an expired token before using it, storing the rotated refresh token', async () => {
      const [before] = await ctx.database.db
        .select()
        .from(oauthAccounts)
        .where(eq(oauthAccounts.userId, member.user._id));
      await setExpiry(new Date(Date.now() - 1000));
      expect((await search('query=weeknd', member)).statusCode).toBe(200);
      expect(tokenRequests()).toEqual(['refresh_token']);
      expect(lastSearchSubject()).toBe('user');
      const [after] = await ctx.database.db
        .select()
        .from(oauthAccounts)
        .where(eq(oauthAccounts.userId, member.user._id));
      expect(after?.accessTokenEnc).not.toBe(before?.accessTokenEnc);
      expect(after?.refreshTokenEnc).not.toBe(before?.refreshTokenEnc);
      expect(after?.accessTokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 3000_000);
      // The next search uses the stored, refreshed token: no further refresh.
      await search('query=toto', member);
      expect(tokenRequests()).toEqual(['refresh_token']);
    });

    it('refreshes when Spotify refuses a token that looked live', async () => {
      spotify.auth.expireAccessTokens();
      const res = await search('query=weeknd', member);
      expect(res.statusCode).toBe(200);
      expect(tokenRequests()).toEqual(['refresh_token']);
    });

    it('asks to sign in with Spotify again when the refresh token is refused', async () => {
      spotify.auth.revokeRefreshTokens();
      await setExpiry(new Date(Date.now() - 1000));
      const res = await search('query=weeknd', member);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: 'Your Spotify connection has expired. Please sign in with Spotify again.',
        code: 'PROVIDER_AUTH',
      });
    });
  });
});
