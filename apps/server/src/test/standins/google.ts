/**
 * A Google stand-in: OAuth 2.0 (`/o/oauth2/v2/auth`, `/token`), OpenID Connect userinfo (`/v1/userinfo`),
 * the YouTube Data API v3 `search.list` (`/youtube/v3/search`) and YouTube oEmbed (`/oembed`), answering
 * with the shapes of Google's references, errors included (`{error: {code, message, errors: [{reason}]}}`).
 */
import type { FastifyReply } from 'fastify';
import { createAuthorizationServer, type StandinAccount } from './oauth-server.js';
import { createStandinApp, listen, type Standin } from './standin.js';

/** Real videos (the ids the demo seed uses); one title carries characters the API escapes. */
const VIDEOS = [
  {
    id: 'dQw4w9WgXcQ',
    title: 'Rick Astley - Never Gonna Give You Up (Official Music Video)',
    channel: 'Rick Astley',
  },
  {
    id: 'fJ9rUzIMcZQ',
    title: 'Queen – Bohemian Rhapsody (Official Video Remastered)',
    channel: 'Queen Official',
  },
  { id: 'djV11Xbc914', title: 'a-ha - Take On Me (Official Video) [4K]', channel: 'a-ha' },
  { id: 'FTQbiNvZqaY', title: "Toto - Africa (Official HD Video) & Rosanna's Friends", channel: 'TotoVEVO' },
];
const PLAYLISTS = [
  { id: 'PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI', title: 'Top Hits & Classics', channel: 'Music Lists' },
];
/** Videos whose owners turned embedding off: oEmbed answers 401 for them. */
const NOT_EMBEDDABLE = new Set(['Zi_XLOBDo_Y']);

/** HTML-escapes like the YouTube Data API does in snippets. */
const htmlEscape = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const thumbnails = (id: string) => ({
  default: { url: `https://i.ytimg.com/vi/${id}/default.jpg`, width: 120, height: 90 },
  medium: { url: `https://i.ytimg.com/vi/${id}/mqdefault.jpg`, width: 320, height: 180 },
  high: { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 },
});

/** Google's JSON error body. */
export const googleError = (code: number, message: string, reason: string, status = 'INVALID_ARGUMENT') => ({
  error: { code, message, errors: [{ message, domain: 'global', reason }], status },
});

/** Default people who can sign in: one with a verified email, one without. */
export const GOOGLE_ACCOUNTS: StandinAccount[] = [
  {
    id: '1098765432101234567890',
    name: 'Dana YouTube',
    email: 'dana.google@example.test',
    emailVerified: true,
    imageUrl: 'https://lh3.googleusercontent.com/a/dana',
  },
  {
    id: '1098765432101234567891',
    name: 'Eli Unverified',
    email: 'eli.google@example.test',
    emailVerified: false,
  },
];

const unauthorized = (reply: FastifyReply, message: string) =>
  reply.status(401).send({ error: { code: 401, message, status: 'UNAUTHENTICATED' } });

/** Options of {@link startGoogleStandin}. */
export interface GoogleStandinOptions {
  clientId?: string;
  clientSecret?: string;
  apiKey?: string;
  accounts?: StandinAccount[];
  accessTokenTtl?: number;
}

/** Starts the Google stand-in. */
export async function startGoogleStandin(opts: GoogleStandinOptions = {}) {
  const { app, requests, failNext, reset } = createStandinApp();
  const clientId = opts.clientId ?? 'google-client-id.apps.googleusercontent.com';
  const clientSecret = opts.clientSecret ?? 'google-client-secret';
  const apiKey = opts.apiKey ?? 'youtube-api-key';
  const auth = createAuthorizationServer({
    providerName: 'Google',
    clientId,
    clientSecret,
    accounts: opts.accounts ?? GOOGLE_ACCOUNTS,
    accessTokenTtl: opts.accessTokenTtl,
    // Google issues a refresh token only to offline access requests.
    issueRefreshTokens: (q) => q.access_type === 'offline',
  });
  auth.register(app, { authorizePath: '/o/oauth2/v2/auth', tokenPath: '/token' });

  app.get('/v1/userinfo', async (request, reply) => {
    const subject = await auth.bearer(request, reply, unauthorized);
    if (!subject) return reply;
    if (subject.kind !== 'user')
      return unauthorized(reply, 'Request is missing required authentication credential.');
    const a = subject.account;
    return {
      sub: a.id,
      name: a.name,
      given_name: a.name.split(' ')[0],
      family_name: a.name.split(' ').slice(1).join(' '),
      ...(a.imageUrl ? { picture: a.imageUrl } : {}),
      ...(a.email ? { email: a.email, email_verified: a.emailVerified === true } : {}),
      locale: 'en',
    };
  });

  app.get('/youtube/v3/search', async (request, reply) => {
    const q = request.query as Record<string, string>;
    if (q.key !== apiKey) {
      return reply
        .status(400)
        .send(googleError(400, 'API key not valid. Please pass a valid API key.', 'keyInvalid'));
    }
    if (q.part !== 'snippet')
      return reply.status(400).send(googleError(400, 'Required parameter: part', 'required'));
    const query = (q.q ?? '').toLowerCase();
    const kind = q.type === 'playlist' ? 'playlist' : 'video';
    const source = kind === 'video' ? VIDEOS : PLAYLISTS;
    // Every word of the query somewhere in the title or channel, in any order, as YouTube's search finds them.
    const queryWords = query.split(/\s+/).filter(Boolean);
    const found = source.filter((v) => {
      const haystack = `${v.title} ${v.channel}`.toLowerCase();
      return queryWords.every((w) => haystack.includes(w));
    });
    return {
      kind: 'youtube#searchListResponse',
      etag: 'q1w2e3',
      nextPageToken: 'CBQQAA',
      regionCode: 'IL',
      pageInfo: { totalResults: found.length, resultsPerPage: Number(q.maxResults ?? 5) },
      items: found.slice(0, Number(q.maxResults ?? 5)).map((v) => ({
        kind: 'youtube#searchResult',
        etag: `e-${v.id}`,
        id:
          kind === 'video'
            ? { kind: 'youtube#video', videoId: v.id }
            : { kind: 'youtube#playlist', playlistId: v.id },
        snippet: {
          publishedAt: '2009-10-25T06:57:33Z',
          channelId: 'UCuAXFkgsw1L7xaCfnd5JJOw',
          title: htmlEscape(v.title),
          description: '',
          thumbnails: thumbnails(v.id),
          channelTitle: htmlEscape(v.channel),
          liveBroadcastContent: 'none',
          publishTime: '2009-10-25T06:57:33Z',
        },
      })),
    };
  });

  app.get('/oembed', async (request, reply) => {
    const url = (request.query as Record<string, string>).url ?? '';
    const video = /[?&]v=([A-Za-z0-9_-]{11})/.exec(url)?.[1];
    const list = /[?&]list=([A-Za-z0-9_-]+)/.exec(url)?.[1];
    if (video && NOT_EMBEDDABLE.has(video)) return reply.status(401).send('Unauthorized');
    const item = video ? VIDEOS.find((v) => v.id === video) : PLAYLISTS.find((p) => p.id === list);
    if (!item) return reply.status(404).send('Not Found');
    return {
      title: item.title,
      author_name: item.channel,
      author_url: 'https://www.youtube.com/@channel',
      type: 'video',
      height: 113,
      width: 200,
      version: '1.0',
      provider_name: 'YouTube',
      provider_url: 'https://www.youtube.com/',
      thumbnail_height: 360,
      thumbnail_width: 480,
      thumbnail_url: `https://i.ytimg.com/vi/${video ?? 'playlist'}/hqdefault.jpg`,
      html: `<iframe width="200" height="113" src="https://www.youtube.com/embed/${video ?? ''}?feature=oembed" frameborder="0" allowfullscreen></iframe>`,
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
    apiKey,
    /** Environment that points the server at this stand-in (sign-in, YouTube search and oEmbed). */
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTH_URL: `${url}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_USERINFO_URL: `${url}/v1/userinfo`,
      YOUTUBE_API_KEY: apiKey,
      YOUTUBE_API_BASE_URL: `${url}/youtube/v3`,
      YOUTUBE_OEMBED_URL: `${url}/oembed`,
    },
    close: () => app.close(),
  } satisfies Standin & Record<string, unknown>;
}
export type GoogleStandin = Awaited<ReturnType<typeof startGoogleStandin>>;
