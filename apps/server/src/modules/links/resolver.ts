import { setTimeout as sleep } from 'node:timers/promises';
import {
  LISTEN_PLATFORMS,
  type ListenPlatform,
  parseAudioUrl,
  platformLink,
  providerImageLink,
  providerText,
} from '@josie/contract';
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { OdesliClient, OdesliItem } from '../../adapters/odesli.js';
import { ProviderError } from '../../adapters/provider-http.js';
import type { SpotifyClient } from '../../adapters/spotify.js';
import type { YouTubeClient } from '../../adapters/youtube.js';
import type { StoredItemLink } from '../../db/schema.js';

/** What a resolution found: the item's links on other platforms and its title, artist and artwork. */
export interface Resolution {
  title: string;
  artistName: string;
  thumbnailUrl: string | null;
  links: StoredItemLink[];
}

/** The resolver's sources, each null when not configured. */
export interface ResolverSources {
  odesli: OdesliClient | null;
  spotify: SpotifyClient | null;
  youtube: YouTubeClient | null;
}

/** The smallest confidence a search match needs to be offered (title and artist similarity, 0-1). */
export const SEARCH_MIN_CONFIDENCE = 0.6;

const KEY = 'odesli';

/** No turn at Odesli within the wait allowed: the caller tries again in `retryInMs` (not a failure). */
export class OdesliBusy extends Error {
  override name = 'OdesliBusy';
  constructor(readonly retryInMs: number) {
    super(`Odesli's request budget is spent for ${Math.ceil(retryInMs / 1000)} s`);
  }
}

/** The longest a background resolution waits for a turn before it is put back in the queue for later. */
export const MAX_TURN_WAIT_MS = 2_000;

/**
 * Paces the calls to Odesli so that all instances together stay under its limit: a rate-limiter-flexible
 * limiter of `perMinute` calls per minute (in Redis with `REDIS_URL`, so instances share it). `take` waits
 * for a turn at most `maxWaitMs` (0 for the editor's preview), else throws {@link OdesliBusy} with the time
 * until the next one, so no job holds a worker (or a shutdown) while the budget is spent; `pause` stops
 * every call for a while after Odesli answered 429.
 */
export function createOdesliPacer(opts: { perMinute: number; redis?: { client: Redis; prefix: string } }) {
  const base = { points: opts.perMinute, duration: 60 };
  const limiter: RateLimiterAbstract = opts.redis
    ? new RateLimiterRedis({
        ...base,
        storeClient: opts.redis.client,
        keyPrefix: `${opts.redis.prefix}odesli`,
      })
    : new RateLimiterMemory({ ...base, keyPrefix: 'odesli' });
  /** Milliseconds until a turn: 0 when one was taken now. */
  const tryTake = () =>
    limiter.consume(KEY, 1).then(
      () => 0,
      (res: unknown) =>
        Math.max(1, Number((res as { msBeforeNext?: number } | null)?.msBeforeNext ?? 60_000)),
    );
  return {
    async take(maxWaitMs: number): Promise<void> {
      let wait = await tryTake();
      if (wait > 0 && wait <= maxWaitMs) {
        await sleep(wait);
        wait = await tryTake();
      }
      if (wait > 0) throw new OdesliBusy(wait);
    },
    /** After a 429: no call for two of our own intervals (12 s at Odesli's keyless 10 a minute). */
    pause: async () => {
      const seconds = Math.max(1, Math.ceil((2 * 60) / opts.perMinute));
      await limiter.block(KEY, seconds).catch(() => undefined);
    },
  };
}
export type OdesliPacer = ReturnType<typeof createOdesliPacer>;

const NOISE = new Set([
  'official',
  'video',
  'music',
  'audio',
  'lyric',
  'lyrics',
  'hd',
  '4k',
  'remastered',
  'remaster',
  'ft',
  'feat',
  'featuring',
  'the',
  'and',
]);

/** The words of a title or artist that identify a recording: lower-cased, accents and noise removed. */
function words(text: string): Set<string> {
  const plain = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\b\d{4}\b/g, ' ');
  return new Set(plain.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0 && !NOISE.has(w)));
}

/**
 * How alike two descriptions of a recording are (0-1): the Dice coefficient of their words, so that "Rick
 * Astley - Never Gonna Give You Up (Official Music Video)" and "Never Gonna Give You Up, Rick Astley" match.
 */
export function similarity(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const w of x) if (y.has(w)) shared += 1;
  return (2 * shared) / (x.size + y.size);
}

/** A YouTube title without its decorations: "Artist - Title (Official Video) [4K]" -> "Artist - Title". */
const cleanVideoTitle = (title: string) => title.replace(/\s*[([][^)\]]*[)\]]/g, '').trim();

/**
 * Odesli's links as stored links, in the platforms we show: only a link that may stand under its platform's
 * name ({@link platformLink}: that platform's host, https, no user info, at most 2,000 characters). An
 * answer is not trusted for what it puts under a name: a reader opens the link as that platform.
 */
function odesliLinks(item: OdesliItem): StoredItemLink[] {
  const out: StoredItemLink[] = [];
  for (const platform of LISTEN_PLATFORMS) {
    const found = item.links[platform];
    const url = found ? platformLink(platform, found) : null;
    if (url) out.push({ platform, url, source: 'odesli', confidence: null });
  }
  return out;
}

/** Whether a provider failure is Odesli saying it does not know the item (not worth retrying). */
const unknownItem = (err: unknown) =>
  err instanceof ProviderError && (err.kind === 'not_found' || err.kind === 'bad_request');

/**
 * Resolves an item's URL into its links on other platforms (docs/decisions/0022-listen-on-your-own-service.md):
 * Odesli first; then, with Spotify and YouTube credentials, our own match for the service Odesli left out (a
 * Spotify track's title and artist searched on YouTube; a YouTube video's title searched on Spotify), marked
 * `search` with its confidence. An item Odesli does not know resolves with what the search finds (maybe
 * nothing).
 *
 * @param hint - the paragraph's title and artist, used when Odesli gives none.
 * @param opts.live - the editor's preview: no waiting for a turn at Odesli, and a short deadline.
 * @throws ProviderError when a configured source failed in a way worth retrying (429, unreachable...);
 *   OdesliBusy when no turn at Odesli is free soon enough.
 */
export async function resolveItem(
  sources: ResolverSources,
  pacer: OdesliPacer | null,
  itemUrl: string,
  hint: { title: string; artistName: string },
  opts: { live?: boolean; timeoutMs?: number } = {},
): Promise<Resolution> {
  const ref = parseAudioUrl(itemUrl);
  let title = '';
  let artistName = '';
  let thumbnailUrl: string | null = null;
  const links: StoredItemLink[] = [];
  if (sources.odesli) {
    await pacer?.take(opts.live ? 0 : MAX_TURN_WAIT_MS);
    try {
      const found = await sources.odesli.links(itemUrl, { timeoutMs: opts.timeoutMs });
      links.push(...odesliLinks(found));
      // Shown to every reader: at most 300 characters each, and artwork only from an https image link.
      title = providerText(found.title);
      artistName = providerText(found.artistName);
      thumbnailUrl = providerImageLink(found.thumbnailUrl);
    } catch (err) {
      if (!unknownItem(err)) {
        if (err instanceof ProviderError && err.kind === 'rate_limited') await pacer?.pause();
        throw err;
      }
    }
  }
  title ||= hint.title;
  artistName ||= hint.artistName;
  const has = (p: ListenPlatform) => links.some((l) => l.platform === p);

  const { spotify, youtube } = sources;
  if (spotify && youtube && ref?.type === 'track') {
    const token = await spotify.appAccessToken();
    if (ref.provider === 'spotify' && !has('youtube')) {
      const track = await spotify.track(ref.id, token).catch((err: unknown) => {
        if (err instanceof ProviderError && err.kind === 'not_found') return null;
        throw err;
      });
      if (track) {
        title ||= track.name;
        artistName ||= track.artists.map((a) => a.name).join(', ');
        thumbnailUrl ??= track.album.images[0]?.url ?? null;
      }
      const wanted = `${artistName} ${title}`;
      if (title) {
        const videos = await youtube.search(`${artistName} ${title}`.trim(), 'video', { music: true });
        const best = videos
          .map((v) => ({ v, score: similarity(wanted, `${v.channelTitle} ${cleanVideoTitle(v.title)}`) }))
          .sort((a, b) => b.score - a.score)[0];
        if (best && best.score >= SEARCH_MIN_CONFIDENCE) {
          links.push({
            platform: 'youtube',
            url: `https://www.youtube.com/watch?v=${best.v.id}`,
            source: 'search',
            confidence: Math.round(best.score * 100) / 100,
          });
        }
      }
    } else if (ref.provider === 'youtube' && !has('spotify') && title) {
      const cleaned = cleanVideoTitle(title);
      const dash = cleaned.split(/\s[-–]\s/);
      const songTitle = dash.length > 1 ? dash.slice(1).join(' ') : cleaned;
      const wanted = `${artistName} ${cleaned}`;
      const tracks = await spotify.search(songTitle, 'track', token);
      const best = tracks
        .filter((t) => t.type === 'track')
        .map((t) => ({
          t,
          score: similarity(
            wanted,
            `${'artists' in t ? t.artists.map((a) => a.name).join(' ') : ''} ${t.name}`,
          ),
        }))
        .sort((a, b) => b.score - a.score)[0];
      if (best && best.score >= SEARCH_MIN_CONFIDENCE) {
        links.push({
          platform: 'spotify',
          url: `https://open.spotify.com/track/${best.t.id}`,
          source: 'search',
          confidence: Math.round(best.score * 100) / 100,
        });
      }
    }
  }
  return { title, artistName, thumbnailUrl, links };
}
