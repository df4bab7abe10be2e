/**
 * A Spotify stand-in: the accounts service (consent page, `/api/token` for the code, refresh and client
 * credentials grants), the Web API (`/v1/me`, `/v1/search`, `/v1/tracks/{id}`) and oEmbed (`/oembed`), answering with the
 * shapes of Spotify's Web API reference. One base URL serves all three: configure
 * `SPOTIFY_ACCOUNTS_BASE_URL` and `SPOTIFY_API_BASE_URL` to `url` and `SPOTIFY_OEMBED_URL` to `url/oembed`.
 */
import type { FastifyReply } from 'fastify';
import { createAuthorizationServer, type StandinAccount } from './oauth-server.js';
import { createStandinApp, listen, type Standin } from './standin.js';

const img = (id: string, size: number) => ({
  url: `https://i.scdn.co/image/${id}-${size}`,
  height: size,
  width: size,
});
const images = (id: string) => [img(id, 640), img(id, 300), img(id, 64)];
const artist = (id: string, name: string) => ({
  external_urls: { spotify: `https://open.spotify.com/artist/${id}` },
  href: `https://api.spotify.com/v1/artists/${id}`,
  id,
  name,
  type: 'artist',
  uri: `spotify:artist:${id}`,
});

/** Real tracks (the ids the demo seed uses). */
const TRACKS = [
  { id: '0VjIjW4GlUZAMYd2vXMi3b', name: 'Blinding Lights', artist: 'The Weeknd', album: 'After Hours' },
  {
    id: '4PTG3Z6ehGkBFwjybzWkR8',
    name: 'Never Gonna Give You Up',
    artist: 'Rick Astley',
    album: 'Whenever You Need Somebody',
  },
  { id: '2WfaOiMkCvy7F5fcp2zZ8L', name: 'Take On Me', artist: 'a-ha', album: 'Hunting High and Low' },
  { id: '2374M0fQpWi3dLnB54qaLX', name: 'Africa', artist: 'Toto', album: 'Toto IV' },
  { id: '69kOkLUCkxIZYexIgSG8rq', name: 'Get Lucky', artist: 'Daft Punk', album: 'Random Access Memories' },
];
const ALBUMS = [
  { id: '4m2880jivSbbyEGAKfITCa', name: 'Random Access Memories', artist: 'Daft Punk', total: 13 },
];
const PLAYLISTS = [{ id: '37i9dQZF1DXcBWIGoYBM5M', name: "Today's Top Hits", owner: 'Spotify', total: 50 }];

function track(t: (typeof TRACKS)[number]) {
  const albumId = `al${t.id.slice(2)}`;
  return {
    album: {
      album_type: 'album',
      artists: [artist(`ar${t.id.slice(2)}`, t.artist)],
      external_urls: { spotify: `https://open.spotify.com/album/${albumId}` },
      href: `https://api.spotify.com/v1/albums/${albumId}`,
      id: albumId,
      images: images(albumId),
      name: t.album,
      release_date: '2020-03-20',
      total_tracks: 14,
      type: 'album',
      uri: `spotify:album:${albumId}`,
    },
    artists: [artist(`ar${t.id.slice(2)}`, t.artist)],
    duration_ms: 200040,
    explicit: false,
    external_urls: { spotify: `https://open.spotify.com/track/${t.id}` },
    href: `https://api.spotify.com/v1/tracks/${t.id}`,
    id: t.id,
    is_local: false,
    name: t.name,
    popularity: 90,
    preview_url: null,
    track_number: 1,
    type: 'track',
    uri: `spotify:track:${t.id}`,
  };
}

function album(a: (typeof ALBUMS)[number]) {
  return {
    album_type: 'album',
    artists: [artist('4tZwfgrHOc3mvqYlEYSvVi', a.artist)],
    external_urls: { spotify: `https://open.spotify.com/album/${a.id}` },
    href: `https://api.spotify.com/v1/albums/${a.id}`,
    id: a.id,
    images: images(a.id),
    name: a.name,
    release_date: '2013-05-17',
    total_tracks: a.total,
    type: 'album',
    uri: `spotify:album:${a.id}`,
  };
}

function playlist(p: (typeof PLAYLISTS)[number]) {
  return {
    collaborative: false,
    description: 'The hottest 50.',
    external_urls: { spotify: `https://open.spotify.com/playlist/${p.id}` },
    href: `https://api.spotify.com/v1/playlists/${p.id}`,
    id: p.id,
    images: [{ url: `https://i.scdn.co/image/${p.id}`, height: null, width: null }],
    name: p.name,
    owner: {
      display_name: p.owner,
      external_urls: { spotify: 'https://open.spotify.com/user/spotify' },
      href: 'https://api.spotify.com/v1/users/spotify',
      id: 'spotify',
      type: 'user',
      uri: 'spotify:user:spotify',
    },
    public: true,
    snapshot_id: 'MTcwMDAwMDAwMCwwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMA==',
    tracks: { href: `https://api.spotify.com/v1/playlists/${p.id}/tracks`, total: p.total },
    type: 'playlist',
    uri: `spotify:playlist:${p.id}`,
  };
}

/** Default people who can sign in. */
export const SPOTIFY_ACCOUNTS: StandinAccount[] = [
  {
    id: 'spotify-user-1',
    name: 'Noa Spotify',
    email: 'noa.spotify@example.test',
    imageUrl: 'https://i.scdn.co/image/noa',
  },
  { id: 'spotify-user-2', name: 'Ari Spotify', email: 'ari.spotify@example.test', imageUrl: null },
];

/** Spotify's error body (Web API reference, "Response Status Codes"). */
export const spotifyError = (status: number, message: string) => ({ error: { status, message } });

const unauthorized = (reply: FastifyReply, message: string) =>
  reply.status(401).send(spotifyError(401, message));

/** Options of {@link startSpotifyStandin}. */
export interface SpotifyStandinOptions {
  clientId?: string;
  clientSecret?: string;
  accounts?: StandinAccount[];
  accessTokenTtl?: number;
}

/** Starts the Spotify stand-in. */
export async function startSpotifyStandin(opts: SpotifyStandinOptions = {}) {
  const { app, requests, failNext, reset } = createStandinApp();
  const clientId = opts.clientId ?? 'spotify-client-id';
  const clientSecret = opts.clientSecret ?? 'spotify-client-secret';
  const auth = createAuthorizationServer({
    providerName: 'Spotify',
    clientId,
    clientSecret,
    accounts: opts.accounts ?? SPOTIFY_ACCOUNTS,
    accessTokenTtl: opts.accessTokenTtl,
    rotateRefreshTokens: true,
  });
  auth.register(app, { authorizePath: '/authorize', tokenPath: '/api/token', clientCredentials: true });

  app.get('/v1/me', async (request, reply) => {
    const subject = await auth.bearer(request, reply, unauthorized);
    if (!subject) return reply;
    if (subject.kind !== 'user')
      return reply.status(401).send(spotifyError(401, 'This request requires user authentication.'));
    const a = subject.account;
    return {
      country: 'IL',
      display_name: a.name,
      ...(a.email === null ? {} : { email: a.email }),
      explicit_content: { filter_enabled: false, filter_locked: false },
      external_urls: { spotify: `https://open.spotify.com/user/${a.id}` },
      followers: { href: null, total: 3 },
      href: `https://api.spotify.com/v1/users/${a.id}`,
      id: a.id,
      images: a.imageUrl ? [{ url: a.imageUrl, height: 300, width: 300 }] : [],
      product: 'premium',
      type: 'user',
      uri: `spotify:user:${a.id}`,
    };
  });

  app.get('/v1/search', async (request, reply) => {
    const subject = await auth.bearer(request, reply, unauthorized);
    if (!subject) return reply;
    const q = request.query as Record<string, string>;
    const query = (q.q ?? '').toLowerCase();
    if (!query) return reply.status(400).send(spotifyError(400, 'No search query'));
    const limit = Number(q.limit ?? 20);
    if (!Number.isInteger(limit) || limit < 0 || limit > 10)
      return reply.status(400).send(spotifyError(400, 'Invalid limit'));
    const matches = (...fields: string[]) => fields.some((f) => f.toLowerCase().includes(query));
    const pageOf = <T>(type: string, items: T[]) => ({
      href: `https://api.spotify.com/v1/search?query=${encodeURIComponent(query)}&type=${type}&offset=0&limit=${limit}`,
      items: items.slice(0, limit),
      limit,
      next: null,
      offset: 0,
      previous: null,
      total: items.length,
    });
    const body: Record<string, unknown> = {};
    for (const type of (q.type ?? '').split(',')) {
      if (type === 'track')
        body.tracks = pageOf('track', TRACKS.filter((t) => matches(t.name, t.artist)).map(track));
      else if (type === 'album')
        body.albums = pageOf('album', ALBUMS.filter((a) => matches(a.name, a.artist)).map(album));
      // Spotify answers `null` in place of playlists it withholds; clients must skip them.
      else if (type === 'playlist') {
        body.playlists = pageOf('playlist', [
          null,
          ...PLAYLISTS.filter((p) => matches(p.name, p.owner)).map(playlist),
        ]);
      } else return reply.status(400).send(spotifyError(400, 'Bad search type field'));
    }
    return body;
  });

  app.get('/v1/tracks/:id', async (request, reply) => {
    const subject = await auth.bearer(request, reply, unauthorized);
    if (!subject) return reply;
    const found = TRACKS.find((t) => t.id === (request.params as { id: string }).id);
    if (!found) return reply.status(404).send(spotifyError(404, 'Non existing id'));
    return { ...track(found), external_ids: { isrc: `GB${found.id.slice(0, 10).toUpperCase()}` } };
  });

  app.get('/oembed', async (request, reply) => {
    const url = (request.query as Record<string, string>).url ?? '';
    const m = /^https:\/\/open\.spotify\.com\/(track|album|playlist)\/([A-Za-z0-9]{22})/.exec(url);
    const item =
      m?.[1] === 'track'
        ? TRACKS.find((t) => t.id === m[2])
        : m?.[1] === 'album'
          ? ALBUMS.find((a) => a.id === m[2])
          : PLAYLISTS.find((p) => p.id === m?.[2]);
    if (!m || !item) return reply.status(404).send('Not Found');
    return {
      html: `<iframe style="border-radius: 12px" width="100%" height="152" title="Spotify Embed: ${item.name}" frameborder="0" allowfullscreen allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture" loading="lazy" src="https://open.spotify.com/embed/${m[1]}/${m[2]}?utm_source=oembed"></iframe>`,
      width: 456,
      height: 152,
      version: '1.0',
      provider_name: 'Spotify',
      provider_url: 'https://spotify.com',
      type: 'rich',
      title: item.name,
      thumbnail_url: `https://image-cdn-ak.spotifycdn.com/image/${m[2]}`,
      thumbnail_width: 300,
      thumbnail_height: 300,
    };
  });

  const url = await listen(app);
  return {
    url,
    requests,
    failNext,
    reset,
    auth,
    clientId,
    clientSecret,
    /** Environment that points the server at this stand-in. */
    env: {
      SPOTIFY_CLIENT_ID: clientId,
      SPOTIFY_CLIENT_SECRET: clientSecret,
      SPOTIFY_ACCOUNTS_BASE_URL: url,
      SPOTIFY_API_BASE_URL: url,
      SPOTIFY_OEMBED_URL: `${url}/oembed`,
    },
    close: () => app.close(),
  } satisfies Standin & Record<string, unknown>;
}
export type SpotifyStandin = Awaited<ReturnType<typeof startSpotifyStandin>>;
