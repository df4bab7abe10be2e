/**
 * An Odesli (song.link) stand-in: `GET /v1-alpha.1/links?url=` answering with the documented shape
 * (`entityUniqueId`, `userCountry`, `pageUrl`, `linksByPlatform`, `entitiesByUniqueId`) for the recordings
 * that are on both services (the same pairs as the demo josies: real Spotify track and YouTube video ids),
 * 404 `could_not_resolve_entity` for anything else, and 429 once more requests arrive within a minute than
 * `requestsPerMinute` allows, as Odesli does for keyless use. Point `ODESLI_API_URL` at `apiUrl`.
 */
import { DEMO_RECORDINGS } from '../../db/seed/item-links.js';
import { createStandinApp, listen, type Standin } from './standin.js';

/**
 * The same recording on Spotify and YouTube (title, artist, Spotify track id, YouTube video id): the demo
 * seed's pairs, so the stand-in answers for exactly the recordings the demo ships links for.
 */
export const SAME_RECORDINGS = DEMO_RECORDINGS;
type Recording = (typeof SAME_RECORDINGS)[number];

/** A numeric id per recording for the platforms whose ids are numbers (Apple Music, Deezer, Tidal...). */
const numberOf = (r: Recording) => 1_000_000 + SAME_RECORDINGS.indexOf(r) * 7919;
const slug = (r: Recording) => r.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** Each platform's URL of a recording, as Odesli lists them. */
export function recordingLinks(r: Recording): Record<string, string> {
  const n = numberOf(r);
  return {
    spotify: `https://open.spotify.com/track/${r.spotify}`,
    youtube: `https://www.youtube.com/watch?v=${r.youtube}`,
    youtubeMusic: `https://music.youtube.com/watch?v=${r.youtube}`,
    appleMusic: `https://music.apple.com/us/album/${slug(r)}/${n}?i=${n + 1}`,
    deezer: `https://www.deezer.com/track/${n}`,
    tidal: `https://listen.tidal.com/track/${n}`,
    soundcloud: `https://soundcloud.com/${slug(r)}-official/${slug(r)}`,
    amazonMusic: `https://music.amazon.com/albums/B0${n}?trackAsin=B1${n}`,
  };
}

/** The recording a URL names on any platform, and that platform. */
function recordingOf(url: string): { recording: Recording; platform: string } | undefined {
  const spotify = /open\.spotify\.com\/(?:intl-[a-z]+\/)?track\/([A-Za-z0-9]{22})/.exec(url)?.[1];
  const youtube =
    /[?&]v=([A-Za-z0-9_-]{11})/.exec(url)?.[1] ?? /youtu\.be\/([A-Za-z0-9_-]{11})/.exec(url)?.[1];
  for (const recording of SAME_RECORDINGS) {
    if (spotify === recording.spotify) return { recording, platform: 'spotify' };
    if (youtube === recording.youtube) {
      return { recording, platform: url.includes('music.youtube.com') ? 'youtubeMusic' : 'youtube' };
    }
    for (const [platform, link] of Object.entries(recordingLinks(recording))) {
      if (url === link) return { recording, platform };
    }
  }
  return undefined;
}

const PROVIDER_OF: Record<string, { provider: string; type: 'song' }> = {
  spotify: { provider: 'spotify', type: 'song' },
  youtube: { provider: 'youtube', type: 'song' },
  youtubeMusic: { provider: 'youtube', type: 'song' },
  appleMusic: { provider: 'itunes', type: 'song' },
  deezer: { provider: 'deezer', type: 'song' },
  tidal: { provider: 'tidal', type: 'song' },
  soundcloud: { provider: 'soundcloud', type: 'song' },
  amazonMusic: { provider: 'amazon', type: 'song' },
};

/** Odesli's answer for a recording, its entity being the one the URL named. */
function answer(r: Recording, platform: string) {
  const links = recordingLinks(r);
  const entityId = (p: string) => {
    const provider = PROVIDER_OF[p]!.provider;
    const id = p === 'spotify' ? r.spotify : p.startsWith('youtube') ? r.youtube : String(numberOf(r));
    return `${provider.toUpperCase()}_SONG::${id}`;
  };
  const linksByPlatform: Record<
    string,
    { url: string; entityUniqueId: string; nativeAppUriDesktop?: string }
  > = {};
  const entitiesByUniqueId: Record<string, unknown> = {};
  for (const [p, url] of Object.entries(links)) {
    const id = entityId(p);
    linksByPlatform[p] = {
      url,
      entityUniqueId: id,
      ...(p === 'spotify' ? { nativeAppUriDesktop: `spotify:track:${r.spotify}` } : {}),
    };
    const { provider, type } = PROVIDER_OF[p]!;
    const platforms = Object.keys(links).filter((q) => entityId(q) === id);
    entitiesByUniqueId[id] = {
      id: id.split('::')[1],
      type,
      title: r.title,
      artistName: r.artist,
      thumbnailUrl:
        provider === 'youtube'
          ? `https://i.ytimg.com/vi/${r.youtube}/hqdefault.jpg`
          : `https://i.scdn.co/image/odesli-${r.spotify}`,
      thumbnailWidth: 640,
      thumbnailHeight: 640,
      apiProvider: provider,
      platforms,
    };
  }
  return {
    entityUniqueId: entityId(platform),
    userCountry: 'US',
    pageUrl: `https://song.link/s/${r.spotify}`,
    linksByPlatform,
    entitiesByUniqueId,
  };
}

/**
 * Odesli's answer for `r` asked by its Spotify link, tampered with as a hostile or broken Odesli could: another
 * host under "YouTube", a look-alike host under "YouTube Music", user info, a port and a right-to-left
 * override under "Amazon Music", a 10,021-character link under "Deezer", a 10 KB title with markup and a
 * `javascript:` artwork. Served with `failNext(path, {status: 200, body})`.
 */
export function hostileOdesliAnswer(r: Recording) {
  const body = answer(r, 'spotify');
  const links = body.linksByPlatform;
  links.youtube!.url = `https://evil.example/watch?v=${r.youtube}`;
  links.youtubeMusic!.url = `https://music.youtube.com.evil.example/watch?v=${r.youtube}`;
  links.amazonMusic!.url = 'https://user:pass@evil.example:8443/\u202eppa.exe';
  links.deezer!.url = `https://www.deezer.com/track/${'9'.repeat(10_021 - 'https://www.deezer.com/track/'.length)}`;
  const entity = body.entitiesByUniqueId[body.entityUniqueId] as Record<string, unknown>;
  entity.title = `<img src=x onerror=alert(1)>${'A'.repeat(10_240)}`;
  entity.artistName = `<script>alert(1)</script>${'B'.repeat(400)}`;
  entity.thumbnailUrl = 'javascript:alert(document.cookie)';
  return body;
}

/** Options of {@link startOdesliStandin}. */
export interface OdesliStandinOptions {
  /** Requests answered per rolling minute before 429 (Odesli's keyless limit is about 10). */
  requestsPerMinute?: number;
}

/** Starts the Odesli stand-in. */
export async function startOdesliStandin(opts: OdesliStandinOptions = {}) {
  const { app, requests, failNext, reset } = createStandinApp();
  const limit = opts.requestsPerMinute ?? 1_000;
  const served: number[] = [];

  app.get('/v1-alpha.1/links', async (request, reply) => {
    const now = Date.now();
    while (served.length > 0 && served[0]! <= now - 60_000) served.shift();
    if (served.length >= limit) {
      return reply.status(429).send({ statusCode: 429, code: 'too_many_requests' });
    }
    served.push(now);
    const q = request.query as Record<string, string>;
    if (!q.url) return reply.status(400).send({ statusCode: 400, code: 'missing_url' });
    const found = recordingOf(q.url);
    if (!found) return reply.status(404).send({ statusCode: 404, code: 'could_not_resolve_entity' });
    return answer(found.recording, found.platform);
  });

  const url = await listen(app);
  const apiUrl = `${url}/v1-alpha.1/links`;
  return {
    url,
    apiUrl,
    requests,
    failNext,
    reset() {
      reset();
      served.length = 0;
    },
    /**
     * The environment that points a Josie server at this stand-in, paced fast enough that the demo josies'
     * items resolve within seconds of a start (end-to-end runs).
     */
    env: { ODESLI_API_URL: apiUrl, ODESLI_REQUESTS_PER_MINUTE: '600' },
    close: () => app.close(),
  } satisfies Standin & Record<string, unknown>;
}
export type OdesliStandin = Awaited<ReturnType<typeof startOdesliStandin>>;
